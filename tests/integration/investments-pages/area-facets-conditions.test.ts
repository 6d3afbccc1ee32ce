import { and, count, eq, lte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearchParams } from "@/schemas/search";
import { investments } from "@/server/db/schema";
import { countInvestments } from "@/server/search/sql";
import { callerFor } from "../../helpers/context";
import { seededDb, VISIBLE, type Seeded } from "./setup";

/**
 * The area page opened from a list carries its conditions (issue 30): the count beside each area
 * and city is for those conditions (`ty=2&hp=8000` → 一棟アパート up to 8,000万), not for everything.
 */
let t: Seeded;
beforeAll(async () => {
  t = await seededDb();
});
afterAll(() => t?.cleanup());

describe("area facets under the carried conditions", () => {
  for (const who of ["visitor", "member"] as const) {
    it(`counts per city and area are the search's for ty=2&hp=8000 (${who})`, async () => {
      const caller = (await callerFor(t.db, who === "member" ? { userId: t.memberId } : {})).caller;
      const query = parseSearchParams({ ty: "2", hp: "8000" });
      const facets = await caller.public.investments.facets.area({ query });
      const rows = await t.db
        .select({ city_cd: investments.city_cd, n: count() })
        .from(investments)
        .where(and(VISIBLE[who], eq(investments.type_cd, 2), lte(investments.price, 8000)))
        .groupBy(investments.city_cd)
        .all();
      const byCity = new Map(rows.map((r) => [r.city_cd, r.n]));
      const total = rows.reduce((s, r) => s + r.n, 0);
      expect(total).toBeGreaterThan(0);
      expect(facets.total).toBe(total);
      const all = await caller.public.investments.facets.area();
      expect(facets.total).toBeLessThan(all.total);
      for (const a of facets.areas) {
        for (const m of a.municipalities) expect(m.count, m.name).toBe(byCity.get(m.code) ?? 0);
        // Ticking the area on this page finds what its count said.
        expect(a.count).toBe(await countInvestments(t.db, who, parseSearchParams({ ty: "2", hp: "8000", re: String(a.id) })));
      }
    });
  }

  it("the area keys of the carried query are not conditions of the counts (they are what the page chooses)", async () => {
    const caller = (await callerFor(t.db)).caller;
    const withArea = await caller.public.investments.facets.area({ query: parseSearchParams({ ty: "2", re: "3", ct: "27100" }) });
    const without = await caller.public.investments.facets.area({ query: parseSearchParams({ ty: "2" }) });
    expect(withArea).toEqual(without);
  });
});
