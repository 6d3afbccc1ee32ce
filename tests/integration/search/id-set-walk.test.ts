/**
 * Searches by sets (line / station, free words, cities) past the count's bound walk the sort's order
 * instead of reading every member of the set (drivenBySets, issue 31). The pages must be exactly
 * those of the set-first plan, in the same order, for every sort, page and audience; the walk is
 * taken only where it pays (walkPays: enough matches for the page's depth, an indexed order).
 * 1,300 handmade listings: 1,150 on one line and named 「駅近収益…」, 150 elsewhere; a tenth
 * members-only; 1,200 in 都島区 (the 大阪市 range holds them all), the rest in 箕面市; prices and
 * times shuffled so that no order follows the ids.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoanTerms } from "@/lib/economics";
import { parseSearchParams, type SearchQuery } from "@/schemas/search";
import type { Db } from "@/server/db";
import { investment_transports, investments } from "@/server/db/schema";
import { searchInvestments, WALK_MAX_ROWS, walkPays } from "@/server/search";
import { DAY, NOW, openSearchDb, recordStatements, type TestDb } from "./fixtures";

let t: TestDb;
let db: Db;
const LINE = 11302;
const ON_LINE = 1150;
const ALL = 1300;
const q = (qs: string): SearchQuery => parseSearchParams(new URLSearchParams(qs));
/** Page SQL the search sent, to tell the walk (`+"investments"."id" IN`) from the set-first plan. */
const sent: string[] = [];

beforeAll(async () => {
  t = await openSearchDb();
  db = t.db;
  // a fixed permutation: price and time follow neither the id nor each other
  const shuffle = (k: number, m: number) => (k * 7919) % m;
  const rows = Array.from({ length: ALL }, (_, k) => ({
    type_cd: k % 3 === 0 ? 2 : 1,
    name: k < ON_LINE ? `駅近収益${k}` : `郊外${k}`,
    pref_cd: 27,
    city_cd: k % 13 === 5 ? "272205" : "271021",
    district_cd: "梅田一丁目",
    area_cd: 3,
    price: 3000 + (shuffle(k, ALL) % 400) * 10,
    yield: k % 7 === 0 ? null : 4 + (shuffle(k + 11, ALL) % 60) / 10,
    public: true,
    members: k % 10 === 0,
    public_at: new Date(NOW.getTime() - DAY - shuffle(k + 3, ALL) * 60_000),
    update_at: new Date(NOW.getTime() - 3 * DAY),
    keywords: "",
  }));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    ids.push(
      ...(
        await db
          .insert(investments)
          .values(rows.slice(i, i + 200))
          .returning({ id: investments.id })
          .all()
      ).map((r) => r.id),
    );
  }
  const transports = ids.slice(0, ON_LINE).map((id, k) => ({
    investment_id: id,
    line_cd: LINE,
    station_cd: LINE * 100 + (k % 9),
    group_cd: LINE * 100 + (k % 9),
    distance: 1,
    station_walk: 1 + (k % 15),
    e_sort: 0,
  }));
  for (let i = 0; i < transports.length; i += 200) await db.insert(investment_transports).values(transports.slice(i, i + 200));
  recordStatements(db, /order by/i, sent);
}, 120_000);

afterAll(() => t?.cleanup());

/** The walk of the sort's order: the set as a plain value, or a dense word's window of that order (denseWordWhere). */
const walked = () =>
  sent.some(
    (s) =>
      s.includes('+"investments"."id" IN') ||
      s.includes('+"investments"."city_cd"') ||
      s.includes('"investments"."id" IN (SELECT "investments"."id" FROM "investments" WHERE'),
  );

describe("id sets past the bound walk the sort's order", () => {
  it.each([
    ["sl", `sl=${LINE}`],
    ["FTS words", "fw=駅近収益"],
    ["1-2 character words", "fw=駅近"],
    ["line and words", `sl=${LINE}&fw=駅近収益`],
    ["a ward", "ct=271021"],
    ["a whole city (a range of wards) and a line", `ct=271004&sl=${LINE}`],
  ])("%s: every page and sort the set-first plan gives, in its order", async (_, base) => {
    for (const audience of ["visitor", "member"] as const) {
      for (const sr of ["", "&sr=price_asc", "&sr=price_desc", "&sr=yield_desc", "&sr=walk_asc", "&ty=1"]) {
        for (const page of [1, 2, WALK_MAX_ROWS / 20, WALK_MAX_ROWS / 20 + 1, 40]) {
          const query = q(`${base}${sr}&page=${page}`);
          // exactCount never walks: the reference of the same query
          const reference = await searchInvestments(db, audience, query, { now: NOW, exactCount: true });
          sent.length = 0;
          const r = await searchInvestments(db, audience, query, { now: NOW });
          const label = `${audience} ${base}${sr} page ${page}`;
          expect(
            r.items.map((c) => c.id),
            label,
          ).toEqual(reference.items.map((c) => c.id));
          expect(r.page, label).toBe(reference.page);
          expect(r.items.length, label).toBeGreaterThan(0);
          expect(r.totalBounded, label).toBe(reference.total > 1000);
          // past the bound the count goes on as far as the page's walk needs (walkNeeds): the decision is the exact count's
          const walkable = walkPays(reference.total, r.page * 20);
          expect(walked(), label).toBe(walkable);
        }
      }
    }
  });

  it("a set under the bound, and a member's 月間CF order, read the set", async () => {
    sent.length = 0;
    const station = await searchInvestments(db, "visitor", q(`st=${LINE * 100 + 1}`), { now: NOW });
    expect(station.totalBounded).toBe(false);
    expect(station.total).toBeGreaterThan(0);
    expect(walked()).toBe(false);
    sent.length = 0;
    const ward = await searchInvestments(db, "visitor", q("ct=272205&sr=price_asc"), { now: NOW });
    expect(ward.totalBounded).toBe(false);
    expect(ward.total).toBeGreaterThan(20);
    expect(walked()).toBe(false);
    sent.length = 0;
    const terms: LoanTerms = { interestPct: 2, years: 30, downPaymentPct: 10 };
    const cf = await searchInvestments(db, "member", q(`sl=${LINE}&sr=cf_desc`), { now: NOW, cashFlowTerms: terms });
    const reference = await searchInvestments(db, "member", q(`sl=${LINE}&sr=cf_desc`), { now: NOW, cashFlowTerms: terms, exactCount: true });
    expect(cf.items.map((c) => c.id)).toEqual(reference.items.map((c) => c.id));
    expect(walked()).toBe(false);
  });

  it("nothing found and a page past the end answer as before", async () => {
    expect(await searchInvestments(db, "visitor", q("fw=存在しない語句"), { now: NOW })).toMatchObject({ total: 0, items: [], page: 1, last: 1 });
    const past = await searchInvestments(db, "visitor", q("fw=郊外&page=99"), { now: NOW });
    expect(past.totalBounded).toBe(false);
    expect(past.page).toBe(past.last);
    expect(past.items.length).toBeGreaterThan(0);
  });
});
