import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESIGNATED_CITIES } from "@/lib/constants/designated-cities";
import { listingEconomics, MEDIAN_MIN_N, medianOf } from "@/lib/economics";
import { investments } from "@/server/db/schema";
import { ECONOMICS_COLUMNS, economicsInputOf, resetEconomicsCachesForTests } from "@/server/listings";
import { marketFigures, marketSince, marketView, marketViewOf, type MarketCell } from "@/server/investments/market";
import { callerFor } from "../../helpers/context";
import { NOW, seededDb, type Seeded } from "../investments-pages/setup";

let t: Seeded;
beforeAll(async () => {
  t = await seededDb();
  resetEconomicsCachesForTests();
});
afterAll(() => t?.cleanup());

/** 12 months before NOW, written out by hand. */
const SINCE = new Date("2025-11-21T12:00:00+09:00");

type Audience = "visitor" | "member";

/** The visibility rule and the 12-month window in plain SQL (not through visibility.ts / market.ts). */
function whereSql(audience: Audience) {
  const since = SINCE.getTime();
  return sql.raw(
    `public = 1 AND not_updated_at IS NULL ${audience === "visitor" ? "AND members = 0" : ""} AND (public_at >= ${since} OR update_at >= ${since})`,
  );
}

/**
 * The expected figures: the window's listings selected in plain SQL, each listing's figures from
 * the model itself (listingEconomics over its stored columns), medians by deal-check's medianOf with
 * the MEDIAN_MIN_N rule. market.ts must give the same (it reads the cached per-audience candidates).
 */
interface Expected {
  n: number;
  price: number | null;
  gross: number | null;
  net: number | null;
}

async function modelRows(audience: Audience) {
  const rows = await t.db
    .select({ id: investments.id, area_cd: investments.area_cd, city_cd: investments.city_cd, ...ECONOMICS_COLUMNS })
    .from(investments)
    .where(whereSql(audience))
    .all();
  return rows.map((r) => ({ ...r, econ: listingEconomics(economicsInputOf(r), { now: NOW }) }));
}

function expectedOf(rows: Awaited<ReturnType<typeof modelRows>>): Expected {
  const med = (v: (number | null)[]) => {
    const x = v.filter((y): y is number => y !== null);
    return x.length >= MEDIAN_MIN_N ? medianOf(x) : null;
  };
  return {
    n: rows.length,
    price: med(rows.map((r) => r.econ.pricePerSqm)),
    gross: med(rows.map((r) => r.econ.grossYield)),
    net: med(rows.map((r) => r.econ.netYield)),
  };
}

async function expectedCells(audience: Audience): Promise<Map<string, Expected>> {
  const rows = await modelRows(audience);
  const groups = new Map<string, typeof rows>();
  for (const r of rows) {
    const k = `${r.area_cd ?? "-"}:${r.type_cd}`;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  return new Map([...groups].map(([k, g]) => [k, expectedOf(g)]));
}

function same(actual: number | null, expected: number | null, what: string) {
  if (expected === null) expect(actual, what).toBeNull();
  else expect(actual, what).toBeCloseTo(expected, 9);
}

function compare(cells: MarketCell[], expected: Map<string, Expected>) {
  expect(cells).toHaveLength(expected.size);
  for (const c of cells) {
    const e = expected.get(`${c.area_cd ?? "-"}:${c.type_cd}`);
    const what = `${c.area_name} ${c.type_name}`;
    expect(e, what).toBeDefined();
    expect(c.count).toBe(e!.n);
    same(c.median_price_per_sqm, e!.price, `${what} ㎡単価`);
    same(c.median_yield, e!.gross, `${what} 表面`);
    same(c.median_net_yield, e!.net, `${what} 実質`);
  }
}

const fig = (netYield: number | null, grossYield: number | null = null, pricePerSqm: number | null = null) => ({ netYield, grossYield, pricePerSqm });

describe("marketFigures (hand-computed)", () => {
  it("median of an even set is the mean of the middle two; n counts listings with the figure", () => {
    // 実質 sorted: 3.20, 4.40, 5.10, 6.00 → (4.40 + 5.10) / 2 = 4.75; one listing has none (n = 4)
    // 表面 sorted: 7.00, 8.00, 9.50 → 8.00 (n = 3)
    // ㎡単価 only two listings (n = 2 < MEDIAN_MIN_N = 3) → no median, "—"
    const f = marketFigures([fig(5.1, 9.5, 40), fig(3.2, 7, 60), fig(6.0, null, null), fig(null, 8, null), fig(4.4, null, null)]);
    expect(f).toEqual({
      count: 5,
      median_net_yield: 4.75,
      net_yield_n: 4,
      median_yield: 8,
      yield_n: 3,
      median_price_per_sqm: null,
      price_per_sqm_n: 2,
    });
  });

  it("designated cities: the whole city and each ward", () => {
    const osaka = DESIGNATED_CITIES.find((c) => c.key === "osaka")!;
    const kita = "271276"; // 大阪市北区
    const chuo = "271284"; // 大阪市中央区
    const rows = [
      { id: 1, area_cd: 1, type_cd: 1, city_cd: kita, ...fig(4.0) },
      { id: 2, area_cd: 1, type_cd: 1, city_cd: kita, ...fig(5.0) },
      { id: 3, area_cd: 1, type_cd: 2, city_cd: chuo, ...fig(7.0) },
      { id: 4, area_cd: 1, type_cd: 1, city_cd: "272051", ...fig(9.0) }, // 吹田市: not 大阪市
    ];
    const v = marketViewOf(rows, NOW, NOW);
    expect(v.cities.map((c) => c.name)).toEqual(["大阪市", "京都市", "神戸市", "堺市"]);
    const city = v.cities.find((c) => c.code === osaka.code)!;
    // 大阪市: 4.0, 5.0, 7.0 → 5.0 (n = 3)
    expect(city).toMatchObject({ count: 3, median_net_yield: 5, net_yield_n: 3 });
    expect(city.wards.map((w) => [w.name, w.count, w.median_net_yield, w.net_yield_n])).toEqual([
      ["大阪市北区", 2, null, 2],
      ["大阪市中央区", 1, null, 1],
    ]);
    expect(v.cities.find((c) => c.name === "京都市")).toMatchObject({ count: 0, wards: [] });
  });
});

describe("marketView on the demo data", () => {
  it("the window is the last 12 months", () => {
    expect(marketSince(NOW).getTime()).toBe(SINCE.getTime());
  });

  it("visitors: public listings only; every median is the model's figures' median", async () => {
    const m = await marketView(t.db, "visitor", NOW);
    const expected = await expectedCells("visitor");
    expect(m.total).toBeGreaterThan(20);
    expect(m.cells.length).toBeGreaterThan(5);
    compare(m.cells, expected);
    expect(m.total).toBe([...expected.values()].reduce((s, r) => s + r.n, 0));
    // the demo data has real 実質 medians, not only "—"
    expect(m.cells.filter((c) => c.median_net_yield !== null).length).toBeGreaterThan(2);
  });

  it("the 実質利回り on the page is the model's: a cell of one listing's kind and each designated city", async () => {
    const m = await marketView(t.db, "member", NOW);
    const rows = await modelRows("member");
    // a cell with a median: its value is one of (or between two of) the listings' own 実質利回り as the detail shows them
    const c = m.cells.find((x) => x.median_net_yield !== null && x.net_yield_n % 2 === 1)!;
    expect(c).toBeDefined();
    const own = rows.filter((r) => (r.area_cd ?? null) === c.area_cd && r.type_cd === c.type_cd).map((r) => r.econ.netYield);
    expect(own).toContain(c.median_net_yield);
    for (const city of m.cities) {
      const codes = new Set<string>([city.code, ...DESIGNATED_CITIES.find((d) => d.code === city.code)!.ward_codes]);
      const e = expectedOf(rows.filter((r) => codes.has(r.city_cd)));
      expect(city.count, city.name).toBe(e.n);
      same(city.median_net_yield, e.net, `${city.name} 実質`);
      same(city.median_yield, e.gross, `${city.name} 表面`);
      same(city.median_price_per_sqm, e.price, `${city.name} ㎡単価`);
      expect(city.wards.reduce((s, w) => s + w.count, 0)).toBeLessThanOrEqual(city.count);
    }
    expect(m.cities.find((x) => x.name === "大阪市")!.count).toBeGreaterThan(3);
  });

  it("members: members-only listings count too", async () => {
    const visitor = await marketView(t.db, "visitor", NOW);
    const member = await marketView(t.db, "member", NOW);
    compare(member.cells, await expectedCells("member"));
    // staff see what members see
    expect((await marketView(t.db, "admin", NOW)).cells).toEqual(member.cells);
    const membersOnly = await t.db.get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM investments WHERE ${whereSql("member")} AND members = 1`);
    expect(membersOnly!.n).toBeGreaterThan(0);
    expect(member.total).toBe(visitor.total + membersOnly!.n);
  });

  it("per-area and per-type totals add up", async () => {
    const m = await marketView(t.db, "member", NOW);
    expect(m.areas.reduce((s, a) => s + a.count, 0)).toBe(m.total);
    expect(m.types.reduce((s, a) => s + a.count, 0)).toBe(m.total);
    for (const a of m.areas) {
      expect(a.count).toBe(m.cells.filter((c) => c.area_cd === a.area_cd).reduce((s, c) => s + c.count, 0));
    }
  });

  it("an older listing falls out of the window", async () => {
    const before = await marketView(t.db, "visitor", NOW);
    const later = new Date(NOW.getTime() + 400 * 86_400_000);
    const after = await marketView(t.db, "visitor", later);
    expect(after.total).toBeLessThan(before.total);
  });
});

describe("public.market.market", () => {
  it("answers per the session's audience", async () => {
    const visitor = await (await callerFor(t.db)).caller.public.market.market();
    const member = await (await callerFor(t.db, { userId: t.memberId })).caller.public.market.market();
    const now = new Date();
    expect(visitor.total).toBe((await marketView(t.db, "visitor", now)).total);
    expect(member.total).toBe((await marketView(t.db, "member", now)).total);
    expect(member.total).toBeGreaterThanOrEqual(visitor.total);
  });
});
