/**
 * The list's bounded count (issue 31): exact up to COUNT_BOUND matches, past
 * it 「1,000件以上」 (total = the bound, totalBounded) with every page still
 * reachable; exact counts where people rely on them (countInvestments,
 * exactCount for the admin list). 1,100 handmade listings: 600 in 大阪市内
 * (re=3, under the bound) and 500 elsewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE } from "@/lib/constants/investment";
import { paginate } from "@/lib/pagination";
import { parseSearchParams, type SearchQuery } from "@/schemas/search";
import type { Db } from "@/server/db";
import { investments } from "@/server/db/schema";
import { COUNT_BOUND, countBound, countInvestments, searchInvestments } from "@/server/search/sql";
import { DAY, NOW, VISITOR_SQL, openSearchDb, sqlOrderedIds, type TestDb } from "./fixtures";

let t: TestDb;
let db: Db;
const q = (qs: string): SearchQuery => parseSearchParams(new URLSearchParams(qs));
const ALL = 1100;
const OSAKA = 600;

beforeAll(async () => {
  t = await openSearchDb();
  db = t.db;
  const rows = Array.from({ length: ALL }, (_, k) => ({
    type_cd: 1,
    name: `件数確認${k}`,
    pref_cd: 27,
    city_cd: "271021",
    district_cd: "梅田一丁目",
    area_cd: k < OSAKA ? 3 : 4,
    price: 5000 + k,
    public: true,
    members: false,
    // distinct times, so the newest-first order is the insertion order reversed
    public_at: new Date(NOW.getTime() - DAY - k * 60_000),
    update_at: new Date(NOW.getTime() - 3 * DAY),
    keywords: "",
  }));
  for (let i = 0; i < rows.length; i += 200) await db.insert(investments).values(rows.slice(i, i + 200));
});

afterAll(() => t?.cleanup());

describe("bounded count", () => {
  it("the bound is 1,000, further only for a page beyond it", () => {
    expect(COUNT_BOUND).toBe(1000);
    expect(countBound(1, PAGE_SIZE)).toBe(1000);
    expect(countBound(50, PAGE_SIZE)).toBe(1000);
    expect(countBound(51, PAGE_SIZE)).toBe(1020);
    expect(countBound(1, 1000)).toBe(1000);
    expect(countBound(2, 1000)).toBe(2000);
  });

  it("below the bound the count is exact, and so is the last page", async () => {
    const r = await searchInvestments(db, "visitor", q("re=3"), { now: NOW });
    expect(r).toMatchObject({ total: OSAKA, totalBounded: false, page: 1, last: OSAKA / PAGE_SIZE });
    expect(r.items).toHaveLength(PAGE_SIZE);
    const last = await searchInvestments(db, "visitor", q(`re=3&page=${OSAKA / PAGE_SIZE}`), { now: NOW });
    expect(last).toMatchObject({ total: OSAKA, totalBounded: false, page: OSAKA / PAGE_SIZE });
    expect(last.items).toHaveLength(PAGE_SIZE);
  });

  it("exactly at the bound, and one past it", async () => {
    // 1,000 matches: price 5000..5999 → exact
    const at = await searchInvestments(db, "visitor", q("hp=5999"), { now: NOW });
    expect(at).toMatchObject({ total: 1000, totalBounded: false, last: 50 });
    // 1,001 matches → 「1,000件以上」, and page 51 is known to exist
    const past = await searchInvestments(db, "visitor", q("hp=6000"), { now: NOW });
    expect(past).toMatchObject({ total: 1000, totalBounded: true, last: 51 });
  });

  it("above the bound: 「1,000件以上」, pages within it, and every later page still reachable", async () => {
    const all = await sqlOrderedIds(db, VISITOR_SQL, "public_at DESC, id DESC");
    expect(all).toHaveLength(ALL);
    const first = await searchInvestments(db, "visitor", {}, { now: NOW });
    expect(first).toMatchObject({ total: COUNT_BOUND, totalBounded: true, page: 1, last: COUNT_BOUND / PAGE_SIZE + 1 });
    expect(first.items.map((c) => c.id)).toEqual(all.slice(0, PAGE_SIZE));

    // page 51 counts further (to 1,020): still bounded, page 52 known
    const p51 = await searchInvestments(db, "visitor", q("page=51"), { now: NOW });
    expect(p51).toMatchObject({ total: 1020, totalBounded: true, page: 51, last: 52 });
    expect(p51.items.map((c) => c.id)).toEqual(all.slice(1000, 1020));

    // the real last page (55) is exact again: 1,100 ≤ 55 × 20
    const p55 = await searchInvestments(db, "visitor", q("page=55"), { now: NOW });
    expect(p55).toMatchObject({ total: ALL, totalBounded: false, page: 55, last: 55 });
    expect(p55.items.map((c) => c.id)).toEqual(all.slice(1080));

    // past the end: clamped to the last page, with the exact count
    const past = await searchInvestments(db, "visitor", q("page=99"), { now: NOW });
    expect(past).toMatchObject({ total: ALL, totalBounded: false, page: 55, last: 55 });
    expect(past.items.map((c) => c.id)).toEqual(all.slice(1080));

    // walking 「次へ」 from page 1 visits every listing once, in order
    const seen: number[] = [];
    for (let page = 1; ; page++) {
      const r = await searchInvestments(db, "visitor", q(`page=${page}`), { now: NOW, pageSize: 100 });
      seen.push(...r.items.map((c) => c.id));
      if (r.page >= r.last) {
        expect(r.totalBounded).toBe(false);
        break;
      }
    }
    expect(seen).toEqual(all);
  });

  it("exact counts stay exact: countInvestments (saved conditions, the dialog) and exactCount (admin)", async () => {
    expect(await countInvestments(db, "visitor", {}, NOW)).toBe(ALL);
    const admin = await searchInvestments(db, "admin", {}, { now: NOW, exactCount: true });
    expect(admin).toMatchObject({ total: ALL, totalBounded: false, last: Math.ceil(ALL / PAGE_SIZE) });
  });

  it("the pagination of a bounded count has no 最後 link and always a trailing ellipsis", () => {
    const model = paginate({ current: 1, last: 51, total: 1000, open: true });
    expect(model.empty).toBe(false);
    if (model.empty) return;
    expect(model.items.map((i) => i.type)).toEqual(["page", "page", "page", "ellipsis", "next"]);
    const end = paginate({ current: 51, last: 51, total: 1000, open: true });
    if (end.empty) return;
    expect(end.items.map((i) => i.type)).toEqual(["first", "prev", "ellipsis", "page", "page", "page", "ellipsis"]);
  });
});
