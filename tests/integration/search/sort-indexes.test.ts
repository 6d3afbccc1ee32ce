import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearchParams } from "@/schemas/search";
import { investments } from "@/server/db/schema";
import { migrateDb } from "@/server/migrate";
import { buildSearchWhere, searchOrder, sortColumnOf } from "@/server/search";
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
  ])("%s walks %s in order", async (qs, index) => {
    for (const audience of ["visitor", "member"] as const) {
      const p = await plan(qs, audience);
      expect(p).toContain(`COVERING INDEX ${index}`);
      expect(p).not.toContain("TEMP B-TREE");
    }
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
