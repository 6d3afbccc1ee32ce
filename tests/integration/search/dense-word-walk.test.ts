/**
 * A free word found in a large share of the listings reads its page off a window of the sort's order
 * (denseWordWhere in src/server/search/sql.ts) instead of collecting the word's whole set. The pages
 * must be exactly those of the set-first plan for every sort, page and audience; a density along the
 * ids that the sort's order does not share must fall back to that plan; a word FTS5 folds (Latin
 * letters) never takes the window, since instr() would not find what its MATCH finds.
 * 3,000 handmade listings: シュウエキマンション in a third of the names and its keywords form
 * (しゅうえきまんしょん) in another third's keywords; 駅前レジデンス in the first 1,200 ids, which are
 * also the oldest published; Mansion in every other name; a tenth members-only; prices, yields and
 * times shuffled.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearchParams } from "@/schemas/search";
import type { Db } from "@/server/db";
import { investments } from "@/server/db/schema";
import { searchInvestments } from "@/server/search";
import { DAY, NOW, openSearchDb, recordStatements, type TestDb } from "./fixtures";

let t: TestDb;
let db: Db;
const ALL = 3000;
const OLD = 1200;
/** Page statements sent by the search (the page's ids; on a libSQL server the page with its cards: pageWithCards), in order. */
const sent: string[] = [];
const PAGE = /^select "id", (?:0|\(select count)|json_group_array\(json_array\(/i;
const WINDOW = 'instr("investments"."name"';

beforeAll(async () => {
  t = await openSearchDb();
  db = t.db;
  const shuffle = (k: number, m: number) => (k * 7919) % m;
  const rows = Array.from({ length: ALL }, (_, k) => ({
    type_cd: k % 4 === 0 ? 2 : 1,
    name: [k % 3 === 0 ? "シュウエキマンション" : "", k < OLD ? "駅前レジデンス" : "", k % 2 === 0 ? "Mansion" : "", `第${k}号`].join(" ").trim(),
    keywords: k % 3 === 1 ? "しゅうえきまんしょん" : "",
    pref_cd: 27,
    city_cd: "271021",
    district_cd: "梅田一丁目",
    area_cd: 3,
    price: 3000 + (shuffle(k, ALL) % 500) * 10,
    yield: k % 9 === 0 ? null : 4 + (shuffle(k + 17, ALL) % 60) / 10,
    public: true,
    members: k % 10 === 0,
    // the first OLD listings were published a year earlier than the rest
    public_at: new Date(NOW.getTime() - (k < OLD ? 400 : 1) * DAY - shuffle(k + 3, ALL) * 60_000),
    update_at: new Date(NOW.getTime() - 3 * DAY),
  }));
  for (let i = 0; i < rows.length; i += 200) await db.insert(investments).values(rows.slice(i, i + 200));
  recordStatements(db, PAGE, sent);
}, 120_000);

afterAll(() => t?.cleanup());

/** Every page and sort against the set-first plan (exactCount never walks); which page statements ran, per case. */
async function compareAll(word: string): Promise<Map<string, string[]>> {
  const ran = new Map<string, string[]>();
  for (const audience of ["visitor", "member"] as const) {
    for (const sr of ["", "&sr=price_asc", "&sr=price_desc", "&sr=yield_desc", "&sr=walk_asc", "&ty=1"]) {
      for (const page of [1, 2, 5]) {
        const query = parseSearchParams(new URLSearchParams(`fw=${word}${sr}&page=${page}`));
        const reference = await searchInvestments(db, audience, query, { now: NOW, exactCount: true });
        sent.length = 0;
        const r = await searchInvestments(db, audience, query, { now: NOW });
        const label = `${audience} fw=${word}${sr} page ${page}`;
        expect(r.totalBounded, label).toBe(reference.total > 1000);
        expect(r.items.length, label).toBe(20);
        expect(
          r.items.map((c) => c.id),
          label,
        ).toEqual(reference.items.map((c) => c.id));
        expect(r.page, label).toBe(reference.page);
        ran.set(label, [...sent]);
      }
    }
  }
  return ran;
}

describe("a dense word's page off a window of the sort's order", () => {
  it("a word in two thirds of the listings (name or keywords form): the window gives the set's pages", async () => {
    const ran = await compareAll("シュウエキマンション");
    // the newest first, page 1: one page statement, the window's, and no set read after it
    expect(ran.get("visitor fw=シュウエキマンション page 1")!).toHaveLength(1);
    expect(ran.get("visitor fw=シュウエキマンション page 1")![0]).toContain(WINDOW);
    expect(ran.get("member fw=シュウエキマンション&sr=price_asc page 1")!).toHaveLength(1);
    expect(ran.get("member fw=シュウエキマンション&sr=price_asc page 1")![0]).toContain(WINDOW);
    // page 5 needs a window of ~500 rows here, dearer than this small database's set of ~2,000: the set
    expect(ran.get("member fw=シュウエキマンション&sr=price_asc page 5")!.some((s) => s.includes(WINDOW))).toBe(false);
    // 駅から近い順 walks its own index too ((station_time IS NULL), station_time): the window
    expect(ran.get("visitor fw=シュウエキマンション&sr=walk_asc page 1")![0]).toContain(WINDOW);
  });

  it("a word dense in the oldest ids only: the window comes back short and the set gives the page", async () => {
    const ran = await compareAll("駅前レジデンス");
    const newest = ran.get("visitor fw=駅前レジデンス page 1")!;
    expect(newest).toHaveLength(2);
    expect(newest[0]).toContain(WINDOW);
    expect(newest[1]).not.toContain(WINDOW);
  });

  it("a word FTS5 folds (Latin letters) never takes the window", async () => {
    const ran = await compareAll("Mansion");
    expect([...ran.values()].flat().some((s) => s.includes(WINDOW))).toBe(false);
    // folded: the lower-case spelling finds the same listings
    const lower = await searchInvestments(db, "visitor", parseSearchParams(new URLSearchParams("fw=mansion")), { now: NOW, exactCount: true });
    const upper = await searchInvestments(db, "visitor", parseSearchParams(new URLSearchParams("fw=Mansion")), { now: NOW, exactCount: true });
    expect(lower.total).toBe(upper.total);
    expect(lower.total).toBe(1200); // every other listing, less the members-only tenth (all even)
  });
});
