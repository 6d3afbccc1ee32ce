import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearchParams } from "@/schemas/search";
import { investments } from "@/server/db/schema";
import { migrateDb } from "@/server/migrate";
import { buildSearchWhere, countColumnOf, countInvestments, searchInvestments, searchOrder, sortColumnOf } from "@/server/search";
import { seedScale } from "@/seed";
import { createTestDb, onSqld } from "../../helpers/db";

/**
 * The list's sorts walk their own covering index (schema SORT_INDEXES, issue 33's speed target):
 * the page query as searchInvestments writes it must use that index and need no sort of its own,
 * on a file with the planner's statistics and on sqld without them. After a migration adds an
 * index to a database that has statistics, the migration fills them in (analyzeNewIndexes).
 */
let t: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  t = await createTestDb();
  await seedScale(t.db, { investments: 300, members: 0, filters: 0, progress: false });
}, 120_000);
afterAll(() => t.cleanup());

async function plan(qs: string, audience: "visitor" | "member" = "visitor"): Promise<string> {
  const q = parseSearchParams(Object.fromEntries(new URLSearchParams(qs)));
  const where = buildSearchWhere(audience, q, new Date(), { sortColumn: sortColumnOf(q.sr) });
  const page = t.db
    .select({ id: investments.id })
    .from(investments)
    .where(where)
    .orderBy(...searchOrder(q.sr, { filtered: true, sortIndexes: true }))
    .limit(20)
    .toSQL();
  const rows = await t.db.$client.execute({ sql: `EXPLAIN QUERY PLAN ${page.sql}`, args: page.params as never });
  return rows.rows.map((r) => String(r.detail)).join("\n");
}

describe("sort indexes", () => {
  it.each([
    ["ny=5&sk=70&ow=1&sr=net_yield_desc", "investments_sort_net_yield_desc_idx"],
    ["ty=1&ty=2&oc=1&sr=sekisan_desc", "investments_sort_sekisan_desc_idx"],
    ["lp=20000&sr=price_asc", "investments_sort_price_asc_idx"],
    ["ly=7&sr=price_desc", "investments_sort_price_desc_idx"],
    ["sw=10&sr=yield_desc", "investments_sort_yield_desc_idx"],
    ["bt=30&sr=age_asc", "investments_sort_age_asc_idx"],
    ["sw=10&ty=1&sr=walk_asc", "investments_sort_walk_asc_idx"],
    ["ly=6&sr=walk_asc", "investments_sort_walk_asc_idx"],
  ])("%s walks %s in order", async (qs, index) => {
    for (const audience of ["visitor", "member"] as const) {
      const p = await plan(qs, audience);
      expect(p).toContain(`COVERING INDEX ${index}`);
      expect(p).not.toContain("TEMP B-TREE");
    }
  });

  it.each([
    ["re=3&lp=5000&hp=20000", /COVERING INDEX investments_sort_price_(?:asc|desc)_idx \(public=\? AND not_updated_at=\? AND price>\? AND price<\?\)/],
    ["ly=6&hy=9&sw=10", /COVERING INDEX investments_sort_yield_desc_idx \(public=\? AND not_updated_at=\? AND yield>\? AND yield<\?\)/],
    ["re=3&ty=1&lp=5000&hp=20000", /COVERING INDEX investments_type_search_idx \(type_cd=\? AND public=\? AND not_updated_at=\?/],
    ["re=1&re=2&ty=6&ly=6&fs=7", /COVERING INDEX investments_type_search_idx \(type_cd=\? AND public=\? AND not_updated_at=\?/],
    ["ty=1&ty=2&ly=7&sw=10&bt=30", /COVERING INDEX investments_type_search_idx \(type_cd=\? AND public=\? AND not_updated_at=\?/],
  ])("the count of %s walks only its range of an index (issue 31)", async (qs, used) => {
    const q = parseSearchParams(Object.fromEntries(new URLSearchParams(qs)));
    const now = new Date();
    for (const audience of ["visitor", "member"] as const) {
      const where = buildSearchWhere(audience, q, now, { sortColumn: countColumnOf(q, now) });
      const count = t.db.select({ id: investments.id }).from(investments).where(where).limit(1001).toSQL();
      const rows = await t.db.$client.execute({ sql: `EXPLAIN QUERY PLAN ${count.sql}`, args: count.params as never });
      expect(rows.rows.map((r) => String(r.detail)).join("\n")).toMatch(used);
      // the same matches as the conditions with every column closed to indexes
      const closed = await t.db
        .select({ id: investments.id })
        .from(investments)
        .where(buildSearchWhere(audience, q, now))
        .all();
      expect(await countInvestments(t.db, audience, q, now)).toBe(closed.length);
      expect((await searchInvestments(t.db, audience, q, { now })).total).toBe(closed.length);
    }
  });

  it("a one-sided range leaves the count's walk as it was; a city keeps its own index over the types'", () => {
    const now = new Date();
    for (const qs of ["ly=7", "lp=5000", "hp=20000&re=3", "ny=4", "sk=70", "bt=20", "ct=271004&ty=1", "ct=271004&ty=1&ty=2&ly=7"])
      expect(countColumnOf(parseSearchParams(Object.fromEntries(new URLSearchParams(qs))), now), qs).toBeNull();
  });

  it("the newest-first list keeps the search index", async () => {
    expect(await plan("ny=5&ow=1")).toContain("investments_search_idx");
  });

  it("a migration fills in the statistics of an index that has none", async () => {
    if (onSqld()) {
      // sqld refuses ANALYZE from clients: there are no statistics to complete, and the migration must not fail
      await migrateDb(t.db);
      const stats = await t.db.$client.execute("SELECT name FROM sqlite_master WHERE name = 'sqlite_stat1'");
      expect(stats.rows).toHaveLength(0);
      return;
    }
    const statOf = async () =>
      (await t.db.$client.execute("SELECT stat FROM sqlite_stat1 WHERE idx = 'investments_sort_price_asc_idx'")).rows.map((r) => String(r.stat));
    expect(await statOf()).toHaveLength(1);
    await t.db.$client.execute("DELETE FROM sqlite_stat1 WHERE idx = 'investments_sort_price_asc_idx'");
    expect(await statOf()).toHaveLength(0);
    await migrateDb(t.db);
    const [stat] = await statOf();
    expect(stat).toMatch(/^300 /);
  });
});
