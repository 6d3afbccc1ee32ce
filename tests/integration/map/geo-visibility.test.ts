/**
 * Issue 29: the members-only rule is written once, in src/server/listings
 * (visibleTo, and mapVisibility for the map index). The geo index's SQL
 * triggers (drizzle/0011_map_geo_index.sql, 0015_map_public_position.sql)
 * restate it as the vis code; this holds them equal to the TypeScript rule on
 * every combination of the columns it reads, on insert and on update, and
 * holds visibleTo's SQL equal to its in-memory form.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/db";
import { investments } from "@/server/db/schema";
import { isVisibleTo, mapVisibility, visibleTo, type Audience } from "@/server/listings";
import { createTestDb } from "../../helpers/db";

let db: Db;
let cleanup: () => void;

beforeAll(async () => {
  ({ db, cleanup } = await createTestDb());
});

afterAll(() => cleanup?.());

const NOW = new Date("2026-04-01T00:00:00Z");
const base = {
  type_cd: 1,
  pref_cd: 27,
  city_cd: "271276",
  district_cd: "梅田一丁目",
  locality: "1-2-3",
  price: 5000,
  public_at: NOW,
  update_at: NOW,
  keywords: "",
  map: { lat: 34.7, lng: 135.5 },
};

/** Every combination of the three columns the rule reads. */
const combos = [false, true].flatMap((pub) =>
  [false, true].flatMap((members) => [null, NOW].map((not_updated_at) => ({ public: pub, members, not_updated_at }))),
);

async function visCodes(ids: number[]): Promise<Map<number, [number, number]>> {
  const rows = await db.all<{ id: number; lo: number; hi: number }>(sql`SELECT id, vis_min AS lo, vis_max AS hi FROM investments_geo WHERE id IN ${ids}`);
  return new Map(rows.map((r) => [r.id, [r.lo, r.hi]]));
}

describe("the members-only rule, once", () => {
  it("the geo trigger's vis code is mapVisibility on insert", async () => {
    const inserted = await db
      .insert(investments)
      .values(combos.map((c, i) => ({ ...base, name: `ins ${i}`, ...c })))
      .returning({ id: investments.id });
    const codes = await visCodes(inserted.map((r) => r.id));
    inserted.forEach(({ id }, i) => expect(codes.get(id), JSON.stringify(combos[i])).toEqual([mapVisibility(combos[i]!), mapVisibility(combos[i]!)]));
  });

  it("the geo trigger's vis code is mapVisibility after each update", async () => {
    const [row] = await db
      .insert(investments)
      .values({ ...base, name: "upd", public: false, members: false })
      .returning({ id: investments.id });
    const id = row!.id;
    for (const c of combos) {
      await db.update(investments).set(c).where(eq(investments.id, id));
      expect((await visCodes([id])).get(id), JSON.stringify(c)).toEqual([mapVisibility(c), mapVisibility(c)]);
    }
  });

  it("visibleTo's SQL selects exactly the rows isVisibleTo accepts", async () => {
    const inserted = await db
      .insert(investments)
      .values(combos.map((c, i) => ({ ...base, name: `sel ${i}`, ...c })))
      .returning({ id: investments.id });
    const ids = inserted.map((r) => r.id);
    for (const audience of ["visitor", "member", "admin"] as Audience[]) {
      const rows = await db
        .select({ id: investments.id })
        .from(investments)
        .where(sql`${inArray(investments.id, ids)} AND ${visibleTo(audience) ?? sql`1`}`);
      const expected = ids.filter((_, i) => isVisibleTo(audience, combos[i]!));
      expect(
        rows.map((r) => r.id).sort((a, b) => a - b),
        audience,
      ).toEqual(expected);
    }
  });
});
