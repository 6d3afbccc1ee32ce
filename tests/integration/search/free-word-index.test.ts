/**
 * What the free-word index (fw) holds, on the demo data: what the detail page
 * shows (the labels of its conditions included, so 満室 finds what the 満室
 * feature finds), readings from the master data (てんのうじ finds 天王寺), and
 * never the 番地 the page hides; and that a change of the definition rebuilds
 * the stored keywords and the FTS index at migration time.
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearchParams, type SearchQuery } from "@/schemas/search";
import type { Db } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { investment_transports, investments, municipalities, site_options } from "@/server/db/schema";
import { KEYWORDS_VERSION } from "@/server/investments/derive";
import { planQuery } from "@/server/search";
import { kanaFold } from "@/lib/text";
import { openSearchDb, searchIdSet, type TestDb } from "./fixtures";

let t: TestDb;
let db: Db;
const q = (qs: string): SearchQuery => parseSearchParams(new URLSearchParams(qs));

beforeAll(async () => {
  t = await openSearchDb({ demo: true });
  db = t.db;
});
afterAll(() => t?.cleanup());

describe("fw finds what the page shows", () => {
  it("満室 finds every listing the 満室 feature (fs=5) finds", async () => {
    for (const audience of ["visitor", "member"] as const) {
      const feature = await searchIdSet(db, audience, q("fs=5"));
      const word = await searchIdSet(db, audience, q("fw=満室"));
      expect(feature.length).toBeGreaterThan(10);
      expect(word).toEqual(expect.arrayContaining(feature));
    }
  });

  it("検査済証あり and 新耐震基準 find the listings with those badges", async () => {
    expect(await searchIdSet(db, "member", q("fw=検査済証あり"))).toEqual(expect.arrayContaining(await searchIdSet(db, "member", q("fs=2"))));
    expect(await searchIdSet(db, "member", q("fw=新耐震基準"))).toEqual(expect.arrayContaining(await searchIdSet(db, "member", q("fs=7"))));
  });

  it("a station's reading in hiragana or katakana finds the listings at that station", async () => {
    const atTennoji = (
      await db
        .selectDistinct({ id: investment_transports.investment_id })
        .from(investment_transports)
        .where(eq(investment_transports.station_name, "天王寺"))
        .all()
    ).map((r) => r.id);
    expect(atTennoji.length).toBeGreaterThan(0);
    const byKanji = await searchIdSet(db, "admin", q("fw=天王寺駅"));
    const byHiragana = await searchIdSet(db, "admin", q("fw=てんのうじ"));
    const byKatakana = await searchIdSet(db, "admin", q("fw=テンノウジ"));
    expect(byHiragana).toEqual(expect.arrayContaining(atTennoji.sort((a, b) => a - b)));
    expect(byHiragana).toEqual(expect.arrayContaining(byKanji));
    expect(byKatakana).toEqual(byHiragana);
  });

  it("a municipality's reading finds its listings", async () => {
    const city = await db
      .select({ code: municipalities.code, kana: municipalities.name_kana })
      .from(municipalities)
      .where(eq(municipalities.name, "西宮市"))
      .get();
    expect(city).toBeDefined();
    const inCity = await searchIdSet(db, "admin", { ct: [city!.code] } as SearchQuery);
    expect(inCity.length).toBeGreaterThan(0);
    expect(await searchIdSet(db, "admin", q("fw=にしのみやし"))).toEqual(expect.arrayContaining(inCity));
  });

  it("katakana in a name is found by hiragana and katakana, short terms included", async () => {
    const row = await db
      .select({ id: investments.id, name: investments.name })
      .from(investments)
      .where(sql`${investments.name} LIKE '%ハイツ%'`)
      .get();
    if (!row) throw new Error("the demo has a ハイツ");
    expect(await searchIdSet(db, "admin", q("fw=はいつ"))).toContain(row.id);
    expect(await searchIdSet(db, "admin", q("fw=ハイツ"))).toContain(row.id);
  });
});

describe("fw never finds the hidden 番地", () => {
  it("a 1-2 character term finds exactly the listings whose name or keywords hold it, whether or not its candidates skip the instr check", async () => {
    const rows = await db.$client.execute("SELECT id, name, keywords FROM investments WHERE public = 1 AND not_updated_at IS NULL");
    const cases = [
      ["梅田", true],
      ["北", true],
      ["駅", true],
      ["満室", true],
      ["1", true],
      ["ア", false],
      ["あ", true],
      ["ク", false],
      ["ab", false],
      ["Ｒ", false],
    ] as const;
    for (const [term, exact] of cases) {
      expect(planQuery(q(`fw=${term}`), new Date()).shortTerms[0]?.exact, term).toBe(exact);
      // the query's form of the term: NFKC (the schema's), ASCII letters lower-cased
      const typed = term.normalize("NFKC");
      const lower = /[A-Za-z]/.test(typed);
      const text = lower ? typed.toLowerCase() : typed;
      const kw = kanaFold(text);
      const expected = rows.rows
        .filter((r) => {
          const name = lower ? String(r.name).toLowerCase() : String(r.name);
          const keywords = lower ? String(r.keywords).toLowerCase() : String(r.keywords);
          return name.includes(text) || keywords.includes(kw);
        })
        .map((r) => Number(r.id))
        .sort((a, b) => a - b);
      expect(await searchIdSet(db, "member", q(`fw=${term}`)), term).toEqual(expected);
    }
  });

  it("no listing's locality is in its keywords, and searching by it finds nothing of that listing", async () => {
    const rows = await db
      .select({ id: investments.id, locality: investments.locality, district: investments.district_cd, keywords: investments.keywords })
      .from(investments)
      .where(and(isNotNull(investments.locality), sql`length(${investments.locality}) >= 3`))
      .all();
    expect(rows.length).toBeGreaterThan(50);
    let checked = 0;
    for (const r of rows.slice(0, 40)) {
      expect(r.keywords.includes(r.locality!)).toBe(false);
      const ids = await searchIdSet(db, "admin", q(`fw=${encodeURIComponent(`${r.district} ${r.locality}`)}`));
      expect(ids).not.toContain(r.id);
      checked++;
    }
    expect(checked).toBe(40);
  });
});

describe("changing the index definition rebuilds it for stored listings", () => {
  it("migrateDb re-derives keywords written by an older version, and the FTS index follows", async () => {
    const row = await db
      .select({ id: investments.id, locality: investments.locality, keywords: investments.keywords })
      .from(investments)
      .where(and(isNotNull(investments.locality), sql`length(${investments.locality}) >= 3`))
      .get();
    if (!row) throw new Error("a listing with a locality");
    const current = row.keywords;
    // As an older version wrote it: the 番地 in, no readings.
    const old = `${row.locality} 旧バージョン索引語`;
    await db.run(sql`UPDATE investments SET keywords = ${old} WHERE id = ${row.id}`);
    await db
      .update(site_options)
      .set({ value: KEYWORDS_VERSION - 1 })
      .where(eq(site_options.key, "keywords_version"));
    expect(await searchIdSet(db, "admin", q(`fw=${encodeURIComponent(row.locality!)}`))).toContain(row.id);

    await migrateDb(db);

    const after = await db.select({ keywords: investments.keywords }).from(investments).where(eq(investments.id, row.id)).get();
    expect(after?.keywords).toBe(current);
    expect(await searchIdSet(db, "admin", q("fw=旧バージョン索引語"))).not.toContain(row.id);
    expect(await searchIdSet(db, "admin", q(`fw=${encodeURIComponent(row.locality!)}`))).not.toContain(row.id);
    const version = await db.select().from(site_options).where(eq(site_options.key, "keywords_version")).get();
    expect(version?.value).toBe(KEYWORDS_VERSION);
  });
});
