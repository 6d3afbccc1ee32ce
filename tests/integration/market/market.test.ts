import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketSince, marketView, median, type MarketCell } from "@/server/investments/market";
import { callerFor } from "../../helpers/context";
import { NOW, seededDb, type Seeded } from "../investments-pages/setup";

let t: Seeded;
beforeAll(async () => {
  t = await seededDb();
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

interface SqlRow {
  area_cd: number | null;
  type_cd: number;
  n: number;
  med_price: number | null;
  med_yield: number | null;
}

/** Count and both medians per area and type, computed entirely in SQL with window functions. */
async function sqlFigures(audience: Audience): Promise<Map<string, SqlRow>> {
  const w = whereSql(audience);
  const counts = await t.db.all<{ area_cd: number | null; type_cd: number; n: number }>(
    sql`SELECT area_cd, type_cd, COUNT(*) AS n FROM investments WHERE ${w} GROUP BY area_cd, type_cd`,
  );
  const medPrice = await t.db.all<{ area_cd: number | null; type_cd: number; med: number }>(sql`
    WITH v AS (
      SELECT area_cd, type_cd,
        CAST(price AS REAL) / (CASE type_cd WHEN 6 THEN occupied_size
                                            WHEN 5 THEN (CASE land_type WHEN 2 THEN land_size * 400.0 / 121 ELSE land_size END)
                                            ELSE building_size END) AS x
      FROM investments WHERE ${w}
        AND (CASE type_cd WHEN 6 THEN occupied_size WHEN 5 THEN land_size ELSE building_size END) > 0
    ), r AS (
      SELECT area_cd, type_cd, x,
        ROW_NUMBER() OVER (PARTITION BY area_cd, type_cd ORDER BY x) AS rn,
        COUNT(*) OVER (PARTITION BY area_cd, type_cd) AS n
      FROM v
    )
    SELECT area_cd, type_cd, AVG(x) AS med FROM r WHERE rn IN ((n + 1) / 2, (n + 2) / 2) GROUP BY area_cd, type_cd`);
  const medYield = await t.db.all<{ area_cd: number | null; type_cd: number; med: number }>(sql`
    WITH r AS (
      SELECT area_cd, type_cd, yield AS x,
        ROW_NUMBER() OVER (PARTITION BY area_cd, type_cd ORDER BY yield) AS rn,
        COUNT(*) OVER (PARTITION BY area_cd, type_cd) AS n
      FROM investments WHERE ${w} AND yield > 0
    )
    SELECT area_cd, type_cd, AVG(x) AS med FROM r WHERE rn IN ((n + 1) / 2, (n + 2) / 2) GROUP BY area_cd, type_cd`);
  const key = (a: number | null, ty: number) => `${a ?? "-"}:${ty}`;
  const out = new Map<string, SqlRow>();
  for (const c of counts) out.set(key(c.area_cd, c.type_cd), { area_cd: c.area_cd, type_cd: c.type_cd, n: c.n, med_price: null, med_yield: null });
  for (const m of medPrice) out.get(key(m.area_cd, m.type_cd))!.med_price = m.med;
  for (const m of medYield) out.get(key(m.area_cd, m.type_cd))!.med_yield = m.med;
  return out;
}

function compare(cells: MarketCell[], expected: Map<string, SqlRow>) {
  expect(cells).toHaveLength(expected.size);
  for (const c of cells) {
    const e = expected.get(`${c.area_cd ?? "-"}:${c.type_cd}`);
    expect(e, `${c.area_name} ${c.type_name}`).toBeDefined();
    expect(c.count).toBe(e!.n);
    if (e!.med_price === null) expect(c.median_price_per_sqm).toBeNull();
    else expect(c.median_price_per_sqm).toBeCloseTo(e!.med_price, 9);
    if (e!.med_yield === null) expect(c.median_yield).toBeNull();
    else expect(c.median_yield).toBeCloseTo(e!.med_yield, 9);
  }
}

describe("median", () => {
  it("odd, even, empty", () => {
    expect(median([3, 1, 2])).toBe(2);
    // (2 + 3) / 2
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});

describe("marketView on the demo data", () => {
  it("the window is the last 12 months", () => {
    expect(marketSince(NOW).getTime()).toBe(SINCE.getTime());
  });

  it("visitors: public listings only; figures equal the SQL medians", async () => {
    const m = await marketView(t.db, "visitor", NOW);
    const expected = await sqlFigures("visitor");
    expect(m.total).toBeGreaterThan(20);
    expect(m.cells.length).toBeGreaterThan(5);
    compare(m.cells, expected);
    expect(m.total).toBe([...expected.values()].reduce((s, r) => s + r.n, 0));
  });

  it("members: members-only listings count too", async () => {
    const visitor = await marketView(t.db, "visitor", NOW);
    const member = await marketView(t.db, "member", NOW);
    compare(member.cells, await sqlFigures("member"));
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
