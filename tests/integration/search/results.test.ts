/**
 * Sorting, paging and visibility of the search service, and the cards it
 * returns (loadCards, shared with the home page), on the demo data.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE, SORT_KEYS } from "@/lib/constants/investment";
import { parseSearchParams, type SearchQuery } from "@/schemas/search";
import type { Db } from "@/server/db";
import { investment_images } from "@/server/db/schema";
import { cashFlow } from "@/lib/economics";
import { ECONOMICS_COLUMNS, economicsInputOf, loadCards, loadRentRolls } from "@/server/listings";
import { investments } from "@/server/db/schema";
import { inArray } from "drizzle-orm";
import { HOME_SECTION_SIZE, homeListings } from "@/server/investments/home";
import { buildSearchWhere, countInvestments, searchInvestments } from "@/server/search/sql";
import {
  DAY,
  MEMBER_SQL,
  NOW,
  VISITOR_SQL,
  insertListing,
  openSearchDb,
  searchIdSet,
  searchIds,
  sqlIds,
  sqlOrderedIds,
  stationsNamed,
  type TestDb,
} from "./fixtures";

let t: TestDb;
let db: Db;
const h = {} as Record<"card" | "members" | "membersOverdue" | "nulls" | "overdue" | "tieA" | "tieB" | "unpublished", number>;
const q = (qs: string): SearchQuery => parseSearchParams(new URLSearchParams(qs));

beforeAll(async () => {
  t = await openSearchDb({ demo: true });
  db = t.db;
  const [umeda] = await stationsNamed(db, "梅田");
  // Ties and nulls for the sort orders; one of each hidden state for visibility.
  const tieAt = new Date(NOW.getTime() - 2 * DAY);
  h.tieA = await insertListing(db, { name: "同時公開A", price: 7777, yield: 7.77, built_at: "2010-04-01", station_time: 7, public_at: tieAt, area_cd: 3 });
  h.tieB = await insertListing(db, { name: "同時公開B", price: 7777, yield: 7.77, built_at: "2010-04-01", station_time: 7, public_at: tieAt, area_cd: 3 });
  h.nulls = await insertListing(db, { name: "不明だらけ", yield: null, built_at: null, station_time: null, public_at: null, area_cd: 3 });
  h.members = await insertListing(db, { name: "会員限定ハイツ", members: true, area_cd: 3 });
  h.unpublished = await insertListing(db, { name: "非公開ハイツ", public: false, area_cd: 3 });
  h.overdue = await insertListing(db, { name: "期限切れハイツ", not_updated_at: new Date(NOW.getTime() - DAY), area_cd: 3 });
  h.membersOverdue = await insertListing(db, { name: "会員期限切れ", members: true, not_updated_at: new Date(NOW.getTime() - DAY) });
  h.card = await insertListing(
    db,
    { name: "カード確認レジデンス", city_cd: "271021", pref_cd: 27, price: 12_345, yield: 6.5, built: { year: 2001, month: 4 }, station_time: 4 },
    [
      { ...umeda!, station_name: "梅田", line_name: "大阪メトロ御堂筋線", distance: 1, station_walk: 4, e_sort: 0 },
      { ...umeda!, station_name: "二番目", line_name: "二番目の線", distance: 1, station_walk: 9, e_sort: 1 },
    ],
  );
  await db.insert(investment_images).values([
    { investment_id: h.card, name: "second.webp", e_sort: 1 },
    { investment_id: h.card, name: "first.webp", e_sort: 0 },
  ]);
});

afterAll(() => t?.cleanup());

async function economicsInputsOf(db: Db, ids: number[]) {
  const rows = await db
    .select({ id: investments.id, ...ECONOMICS_COLUMNS })
    .from(investments)
    .where(inArray(investments.id, ids))
    .all();
  const rolls = await loadRentRolls(db, ids);
  return new Map(rows.map((r) => [r.id, economicsInputOf(r, { rentRoll: rolls.get(r.id) ?? null })]));
}

describe("sorting", () => {
  const orders: Record<string, string> = {
    new: "public_at IS NULL, public_at DESC, id DESC",
    price_asc: "price ASC, id DESC",
    price_desc: "price DESC, id DESC",
    yield_desc: "yield IS NULL, yield DESC, id DESC",
    age_asc: "built_at IS NULL, built_at DESC, id DESC",
    walk_asc: "station_time IS NULL, station_time ASC, id DESC",
    net_yield_desc: "net_yield IS NULL, net_yield DESC, id DESC",
    sekisan_desc: "sekisan_ratio IS NULL, sekisan_ratio DESC, id DESC",
    // a member's own CF sort: without their loan terms (a visitor, or no terms passed) the default order
    cf_desc: "public_at IS NULL, public_at DESC, id DESC",
  };

  it("covers every sort key", () => {
    expect(Object.keys(orders).sort()).toEqual([...SORT_KEYS].sort());
  });

  for (const [sr, orderBy] of Object.entries(orders)) {
    it(`sr=${sr}: ${orderBy}`, async () => {
      const got = await searchIds(db, "visitor", q(`sr=${sr}`));
      expect(got).toEqual(await sqlOrderedIds(db, VISITOR_SQL, orderBy));
      const filtered = await searchIds(db, "member", q(`sr=${sr}&re=3&ty=1,2,6`));
      expect(filtered).toEqual(await sqlOrderedIds(db, `${MEMBER_SQL} AND area_cd = 3 AND type_cd IN (1,2,6)`, orderBy));
    });
  }

  it("ties are broken by id descending; unknown values sort last", async () => {
    for (const sr of SORT_KEYS) {
      const ids = await searchIds(db, "visitor", q(`sr=${sr}&re=3`));
      expect(ids.indexOf(h.tieB), sr).toBeLessThan(ids.indexOf(h.tieA));
    }
    const nullable: Record<string, string> = {
      new: "public_at",
      yield_desc: "yield",
      age_asc: "built_at",
      walk_asc: "station_time",
      net_yield_desc: "net_yield",
      sekisan_desc: "sekisan_ratio",
    };
    for (const [sr, col] of Object.entries(nullable)) {
      const ids = await searchIds(db, "visitor", q(`sr=${sr}&re=3`));
      const unknown = await sqlIds(db, `${VISITOR_SQL} AND area_cd = 3 AND ${col} IS NULL`);
      expect(unknown, sr).toContain(h.nulls);
      expect(
        ids.slice(ids.length - unknown.length).sort((a, b) => a - b),
        sr,
      ).toEqual(unknown);
    }
  });
});

describe("sr=cf_desc under a member's loan terms (issue 33)", () => {
  it("orders by the model's monthly cash flow (cashFlow on each listing's economics), no NOI last, ties by id ↓", async () => {
    for (const terms of [
      { downPaymentPct: 10, interestPct: 2, years: 30, purchaseCostPct: 7 },
      { ownFunds: 30_000_000, interestPct: 3.5, years: 20, purchaseCostPct: 8 },
    ]) {
      const r = await searchInvestments(db, "member", q("sr=cf_desc&ty=1,2"), { now: NOW, pageSize: 1000, cashFlowTerms: terms });
      // the demo listings (the fixtures above are inserted without their derived columns)
      const fixtures = new Set(Object.values(h));
      const ids = r.items.map((c) => c.id).filter((id) => !fixtures.has(id));
      const econ = await economicsInputsOf(db, ids);
      const cf = ids.map((id) => cashFlow(econ.get(id)!, terms)?.annualCashFlow ?? null);
      const known = cf.filter((x): x is number => x !== null);
      expect(known.length).toBeGreaterThan(20);
      // the known ones first, descending (within float noise), then the unknown
      expect(cf.slice(0, known.length).every((x) => x !== null)).toBe(true);
      for (let k = 1; k < known.length; k++) expect(known[k]!).toBeLessThanOrEqual(known[k - 1]! + 1e-6);
    }
  });
});

describe("paging", () => {
  it("total, last and the pages partition the result in order", async () => {
    const all = await sqlOrderedIds(db, `${VISITOR_SQL} AND area_cd = 3`, "public_at IS NULL, public_at DESC, id DESC");
    const first = await searchInvestments(db, "visitor", q("re=3"), { now: NOW });
    expect(first.total).toBe(all.length);
    expect(first.pageSize).toBe(PAGE_SIZE);
    expect(first.last).toBe(Math.ceil(all.length / PAGE_SIZE));
    expect(first.page).toBe(1);
    expect(first.last).toBeGreaterThanOrEqual(3);
    const pages: number[] = [];
    for (let page = 1; page <= first.last; page++) {
      const r = await searchInvestments(db, "visitor", q(`re=3&page=${page}`), { now: NOW });
      expect(r.page).toBe(page);
      expect(r.items.length).toBe(page < first.last ? PAGE_SIZE : all.length - PAGE_SIZE * (first.last - 1));
      pages.push(...r.items.map((c) => c.id));
    }
    expect(pages).toEqual(all);
  });

  it("a page past the end is clamped to the last page", async () => {
    const first = await searchInvestments(db, "visitor", q("re=3"), { now: NOW });
    const past = await searchInvestments(db, "visitor", q("re=3&page=999"), { now: NOW });
    expect(past.page).toBe(first.last);
    expect(past.last).toBe(first.last);
    const last = await searchInvestments(db, "visitor", q(`re=3&page=${first.last}`), { now: NOW });
    expect(past.items.map((c) => c.id)).toEqual(last.items.map((c) => c.id));
  });

  it("no result: total 0, page 1 of 1, no items", async () => {
    const r = await searchInvestments(db, "visitor", q("fw=存在しない物件名&page=5"), { now: NOW });
    expect(r).toEqual({ items: [], total: 0, totalBounded: false, page: 1, last: 1, pageSize: PAGE_SIZE });
  });

  it("page size option (bounded)", async () => {
    const r = await searchInvestments(db, "visitor", q("re=3&page=2"), { now: NOW, pageSize: 7 });
    expect(r.items).toHaveLength(7);
    expect(r.last).toBe(Math.ceil(r.total / 7));
    const big = await searchInvestments(db, "visitor", {}, { now: NOW, pageSize: 10_000_000 });
    expect(big.pageSize).toBe(1000);
    const odd = await searchInvestments(db, "visitor", {}, { now: NOW, pageSize: -3 });
    expect(odd.pageSize).toBe(1);
  });
});

describe("visibility", () => {
  it("visitors see published, non-members-only, not overdue listings only", async () => {
    const ids = await searchIdSet(db, "visitor", {});
    expect(ids).toEqual(await sqlIds(db, VISITOR_SQL));
    for (const hidden of [h.members, h.unpublished, h.overdue, h.membersOverdue]) expect(ids).not.toContain(hidden);
    expect(await countInvestments(db, "visitor", {}, NOW)).toBe(ids.length);
  });

  it("members also see members-only listings, never unpublished or overdue ones", async () => {
    const ids = await searchIdSet(db, "member", {});
    expect(ids).toEqual(await sqlIds(db, MEMBER_SQL));
    expect(ids).toContain(h.members);
    for (const hidden of [h.unpublished, h.overdue, h.membersOverdue]) expect(ids).not.toContain(hidden);
    const visitor = await searchIdSet(db, "visitor", {});
    expect(ids.length).toBeGreaterThan(visitor.length);
  });

  it("admins see everything", async () => {
    expect(await searchIdSet(db, "admin", {})).toEqual(await sqlIds(db, "1"));
  });

  it("holds for filtered searches, counts and every sort", async () => {
    for (const qs of ["re=3", "fw=ハイツ", "fw=会員", "ss=1", "sr=price_asc&re=3", "dy=30"]) {
      const visitor = await searchIdSet(db, "visitor", q(qs));
      const admin = await searchIdSet(db, "admin", q(qs));
      const visible = new Set(await sqlIds(db, VISITOR_SQL));
      expect(visitor, qs).toEqual(admin.filter((id) => visible.has(id)));
      expect(await countInvestments(db, "visitor", q(qs), NOW), qs).toBe(visitor.length);
    }
    expect(await searchIdSet(db, "visitor", q("fw=会員限定ハイツ"))).toEqual([]);
    expect(await searchIdSet(db, "member", q("fw=会員限定ハイツ"))).toEqual([h.members]);
  });

  it("buildSearchWhere always carries the audience's visibility", async () => {
    expect(buildSearchWhere("admin", {}, NOW)).toBeUndefined();
    const [row] = await db.$client.execute("SELECT count(*) AS n FROM investments WHERE public = 0").then((r) => r.rows);
    expect(Number(row?.n)).toBeGreaterThan(0);
    for (const audience of ["visitor", "member"] as const) {
      expect(buildSearchWhere(audience, {}, NOW)).toBeDefined();
      expect(buildSearchWhere(audience, q("ps=private"), NOW)).toBeDefined();
    }
  });
});

describe("cards", () => {
  it("carry the card fields, the first transport and the first image", async () => {
    const r = await searchInvestments(db, "visitor", q("fw=カード確認"), { now: NOW });
    expect(r.items).toHaveLength(1);
    expect(r.items[0]).toMatchObject({
      locked: false,
      id: h.card,
      name: "カード確認レジデンス",
      city_name: "大阪市都島区",
      pref_name: "大阪府",
      price: 12_345,
      yield: 6.5,
      built: { year: 2001, month: 4 },
      station_time: 4,
      line_name: "大阪メトロ御堂筋線",
      station_name: "梅田",
      image: "first.webp",
      members: false,
    });
  });

  it("loadCards keeps the given order and skips unknown ids", async () => {
    const ids = [h.tieA, h.card, 9_999_999, h.tieB];
    expect((await loadCards(db, ids)).map((c) => c.id)).toEqual([h.tieA, h.card, h.tieB]);
    expect(await loadCards(db, [])).toEqual([]);
  });

  it("the home page still builds its sections from the same cards", async () => {
    const member = await homeListings(db, "member");
    expect(member.latest).toHaveLength(HOME_SECTION_SIZE);
    const latestIds = member.latest.map((c) => (c.locked ? null : c.id));
    expect(latestIds).toEqual((await sqlOrderedIds(db, MEMBER_SQL, "public_at DESC, id DESC")).slice(0, HOME_SECTION_SIZE));
    // members' cards judge the deal against members' medians (members-only listings included)
    const cards = await loadCards(db, latestIds as number[], new Date(), "member");
    expect(member.latest).toEqual(cards);
    const visitor = await homeListings(db, "visitor");
    // members-only rows become locked teasers for visitors, in the same places
    visitor.latest.forEach((c, i) => {
      const m = member.latest[i]!;
      if (m.locked) throw new Error("members never get locked cards");
      if (m.members) expect(c).toEqual({ locked: true, key: `latest-locked-${i}` });
      // the same card, but its deal line is judged against the visitor's medians (public listings only)
      else expect({ ...c, deal: null }).toEqual({ ...m, deal: null });
    });
    expect(visitor.premium.every((c) => c.locked || c.premium)).toBe(true);
  });
});
