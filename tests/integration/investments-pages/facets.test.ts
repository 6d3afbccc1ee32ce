import { and, count, countDistinct, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AREAS, FEATURES, RAILWAY_OPERATORS, SEARCH_TYPES, STRUCTURES } from "@/lib/constants/investment";
import { parseSearchParams } from "@/schemas/search";
import { investment_transports, investments } from "@/server/db/schema";
import { railwayNames } from "@/server/investments/facets";
import { countInvestments } from "@/server/search/sql";
import { callerFor } from "../../helpers/context";
import { seededDb, VISIBLE, type Seeded } from "./setup";

let t: Seeded;
beforeAll(async () => {
  t = await seededDb();
});
afterAll(() => t?.cleanup());

const callers = async () => ({
  visitor: (await callerFor(t.db)).caller,
  member: (await callerFor(t.db, { userId: t.memberId })).caller,
});

describe("facets: area", () => {
  for (const who of ["visitor", "member"] as const) {
    it(`per area and municipality counts equal direct SQL counts (${who})`, async () => {
      const facets = await (await callers())[who].public.investments.facets.area();
      const rows = await t.db
        .select({ city_cd: investments.city_cd, area_cd: investments.area_cd, n: count() })
        .from(investments)
        .where(VISIBLE[who])
        .groupBy(investments.city_cd)
        .all();
      const byCity = new Map(rows.map((r) => [r.city_cd, r.n]));
      expect(facets.areas.map((a) => a.id)).toEqual(AREAS.map((a) => a.id));
      for (const a of facets.areas) {
        const sqlArea = await t.db
          .select({ n: count() })
          .from(investments)
          .where(and(VISIBLE[who], eq(investments.area_cd, a.id)))
          .get();
        expect(a.count).toBe(sqlArea?.n ?? 0);
        for (const m of a.municipalities) expect(m.count).toBe(byCity.get(m.code) ?? 0);
      }
      // The places outside the six areas add up to the rest.
      const outside = rows.filter((r) => r.area_cd === null).reduce((s, r) => s + r.n, 0);
      expect(facets.others.reduce((s, p) => s + p.count, 0)).toBe(outside);
      const total = (await t.db.select({ n: count() }).from(investments).where(VISIBLE[who]).get())?.n ?? 0;
      expect(facets.total).toBe(total);
      // And each area's count is what the search finds for re=area.
      const audience = who;
      for (const a of facets.areas) expect(a.count).toBe(await countInvestments(t.db, audience, parseSearchParams({ re: String(a.id) })));
    });
  }

  it("a visitor's counts leave members-only listings out", async () => {
    const c = await callers();
    const [v, m] = await Promise.all([c.visitor.public.investments.facets.area(), c.member.public.investments.facets.area()]);
    expect(m.total).toBeGreaterThan(v.total);
  });
});

describe("facets: train", () => {
  for (const who of ["visitor", "member"] as const) {
    it(`per operator, line and station counts equal direct SQL counts (${who})`, async () => {
      const facets = await (await callers())[who].public.investments.facets.train();
      expect(facets.operators.length).toBeGreaterThan(3);
      const join = (where = sql`1 = 1`) =>
        t.db
          .select({ n: countDistinct(investment_transports.investment_id) })
          .from(investment_transports)
          .innerJoin(investments, eq(investments.id, investment_transports.investment_id))
          .where(and(VISIBLE[who], where))
          .get()
          .then((r) => r?.n ?? 0);
      // The spec's operators first, in their order; the rest as one group at the end.
      const keys = facets.operators.map((o) => o.key);
      const known = RAILWAY_OPERATORS.map((o) => o.key as string).filter((k) => keys.includes(k));
      expect(keys.filter((k) => k !== "other")).toEqual(known);
      if (keys.includes("other")) expect(keys.at(-1)).toBe("other");

      let checkedStations = 0;
      for (const o of facets.operators) {
        const op = RAILWAY_OPERATORS.find((x) => x.key === o.key);
        const companyCds = op ? [op.company_cd, ...op.merged_company_cds] : null;
        // A line's operator is its company.
        const lineOf = (cds: readonly number[], negate: boolean) =>
          sql`${investment_transports.line_cd} ${negate ? sql`NOT IN` : sql`IN`} (SELECT line_cd FROM railway_lines WHERE company_cd IN (${sql.join(
            cds.map((c) => sql`${c}`),
            sql`, `,
          )}))`;
        const opWhere = companyCds
          ? lineOf(companyCds, false)
          : and(
              sql`${investment_transports.line_cd} IS NOT NULL`,
              lineOf(
                RAILWAY_OPERATORS.flatMap((x) => [x.company_cd, ...x.merged_company_cds]),
                true,
              ),
            )!;
        expect(o.count).toBe(await join(opWhere));
        for (const l of o.lines) {
          expect(l.count).toBe(await join(eq(investment_transports.line_cd, l.line_cd)));
          expect(l.count).toBeGreaterThan(0);
          for (const s of l.stations.slice(0, 3)) {
            expect(s.count).toBe(await join(eq(investment_transports.station_cd, s.station_cd)));
            checkedStations++;
          }
        }
      }
      expect(checkedStations).toBeGreaterThan(20);
    });
  }

  it("a station's count is what the search finds for st=station", async () => {
    const facets = await (await callers()).visitor.public.investments.facets.train();
    const stations = facets.operators.flatMap((o) => o.lines.flatMap((l) => l.stations)).slice(0, 15);
    for (const s of stations) expect(s.count).toBe(await countInvestments(t.db, "visitor", { st: [s.station_cd] }));
  });

  it("names the lines and stations of a query (for its chips)", async () => {
    const facets = await (await callers()).visitor.public.investments.facets.train();
    const line = facets.operators[0]!.lines[0]!;
    const station = line.stations[0]!;
    const names = await railwayNames(t.db, { sl: [line.line_cd], st: [station.station_cd], rg: [station.group_cd] });
    expect(names.lines[line.line_cd]).toBe(line.name);
    expect(names.stations[station.station_cd]).toBe(station.name);
    expect(names.groups[station.group_cd]).toBeTruthy();
  });
});

describe("facets: feature", () => {
  for (const who of ["visitor", "member"] as const) {
    it(`type, structure and feature counts equal what the search counts (${who})`, async () => {
      const facets = await (await callers())[who].public.investments.facets.feature();
      expect(facets.types.map((x) => x.id)).toEqual(SEARCH_TYPES.map((x) => x.id));
      expect(facets.structures.map((x) => x.id)).toEqual(STRUCTURES.map((x) => x.id));
      expect(facets.features.map((x) => x.id)).toEqual(FEATURES.map((x) => x.id));
      for (const ty of facets.types) {
        const n = await t.db
          .select({ n: count() })
          .from(investments)
          .where(and(VISIBLE[who], eq(investments.type_cd, ty.id)))
          .get();
        expect(ty.count).toBe(n?.n ?? 0);
      }
      for (const sc of facets.structures) expect(sc.count).toBe(await countInvestments(t.db, who, parseSearchParams({ sc: String(sc.id) })));
      for (const fs of facets.features) expect(fs.count).toBe(await countInvestments(t.db, who, parseSearchParams({ fs: String(fs.id) })));
      expect(facets.features.every((f) => f.count > 0)).toBe(true);
    });
  }

  it("offers その他 (99): its published listings are reachable through the type filter", async () => {
    const facets = await (await callers()).visitor.public.investments.facets.feature();
    const other = facets.types.find((x) => x.id === 99);
    expect(other?.name).toBe("その他");
    expect(other?.count).toBeGreaterThan(0);
    expect(other?.count).toBe(await countInvestments(t.db, "visitor", parseSearchParams({ ty: "99" })));
  });
});
