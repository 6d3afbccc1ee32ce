import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InArgs } from "@libsql/client";
import { parseSearchParams } from "@/schemas/search";
import { investments } from "@/server/db/schema";
import { buildSearchWhere, countInvestments, countMembersOnly, searchInvestments, searchOrder } from "@/server/search";
import { setPublicContentLive } from "@/server/cache/public-content";
import { seedScale } from "@/seed";
import { createTestDb, onSqld } from "../../helpers/db";

/**
 * A query with a set (a line, station, free word or city) that is not walked reads its count and its
 * page from the set's own index (search/sql.ts countedWhere), whatever the planner knows. sqld refuses
 * ANALYZE, and a planner without statistics took two equalities on the visibility columns for a narrow
 * range: it walked a visibility-led index and checked membership on every visible listing (the cards'
 * batch ran that page three times): 45 ms for st…&sw=10&lp=3000&hp=30000 and for
 * ct=281000&ty=2&bt=25 on the primary at 100,000 listings, against ~3 ms on the file. The sqld pass of
 * the suite is the one that catches it (sqld's own SQLite build chose those plans; the file's took the
 * visibility walk only for the free word); the file runs without statistics as well (sqlite_stat1 dropped).
 */
let t: Awaited<ReturnType<typeof createTestDb>>;
let station = 0;
let line = 0;
beforeAll(async () => {
  t = await createTestDb();
  // 300 listings: every set stays under the walk's threshold (walkPays), so every read is set-first
  await seedScale(t.db, { investments: 300, members: 0, filters: 0, progress: false });
  if (!onSqld()) await t.db.$client.execute("DROP TABLE IF EXISTS sqlite_stat1");
  const busiest = await t.db.$client.execute(
    "SELECT station_cd, line_cd FROM investment_transports WHERE station_cd IS NOT NULL GROUP BY station_cd ORDER BY count(*) DESC LIMIT 1",
  );
  station = Number(busiest.rows[0]!.station_cd);
  line = Number(busiest.rows[0]!.line_cd);
  // as a web process runs: the deal line's medians read once (their own statements are not the search's)
  setPublicContentLive(true);
  for (const audience of ["visitor", "member"] as const) await searchInvestments(t.db, audience, {});
}, 120_000);
afterAll(() => {
  setPublicContentLive(false);
  t.cleanup();
});

/** The statements a call sends that read listings, with their arguments (past the file's fast path: plans are looked at). */
async function statementsOf(call: () => Promise<unknown>): Promise<{ sql: string; args: InArgs }[]> {
  const c = t.db.$client;
  const sent: { sql: string; args: InArgs }[] = [];
  const keep = (stmt: unknown) => {
    const s = typeof stmt === "string" ? { sql: stmt, args: [] } : (stmt as { sql: string; args?: InArgs });
    if (/\bfrom "investments"/i.test(s.sql)) sent.push({ sql: s.sql, args: s.args ?? [] });
  };
  const [execute, batch] = [c.execute, c.batch];
  c.execute = ((stmt: unknown, ...rest: unknown[]) => (keep(stmt), (execute as (...a: unknown[]) => unknown).call(c, stmt, ...rest))) as typeof c.execute;
  c.batch = ((stmts: unknown[], ...rest: unknown[]) => (
    stmts.forEach(keep),
    (batch as (...a: unknown[]) => unknown).call(c, stmts, ...rest)
  )) as typeof c.batch;
  try {
    await call();
  } finally {
    [c.execute, c.batch] = [execute, batch];
  }
  return sent;
}

async function planOf(stmt: { sql: string; args: InArgs }): Promise<string> {
  const r = await t.db.$client.execute({ sql: `EXPLAIN QUERY PLAN ${stmt.sql}`, args: stmt.args });
  return r.rows.map((row) => String(row.detail)).join("\n");
}

/** A listing index entered by the visibility columns: the walk a set-first read must not take. */
const VISIBILITY_WALK = /SEARCH investments USING (?:COVERING )?INDEX \w+ \(public=\?/;

describe("a set that is not walked is read set first, with or without the planner's statistics", () => {
  const cases: [string, () => string, RegExp][] = [
    ["a station, walk and price", () => `st=${station}&sw=20&lp=1000&hp=50000`, /investment_transports_station_cd_idx/],
    ["a line and a type", () => `sl=${line}&ty=1&ty=2`, /investment_transports_line_cd_idx/],
    ["大阪市, a type and an age, by 利回り", () => "ct=271004&ty=2&bt=25&sr=yield_desc", /investments_city_search_idx \(city_cd>\? AND city_cd<\?\)/],
    ["a free word of 3+ characters", () => "fw=マンション&sr=price_asc", /investments_fts/],
  ];

  it.each(cases)("%s: count, page and cards", async (_, qs, setIndex) => {
    const q = parseSearchParams(Object.fromEntries(new URLSearchParams(qs())));
    const now = new Date();
    for (const audience of ["visitor", "member"] as const) {
      let found!: Awaited<ReturnType<typeof searchInvestments>>;
      const sent = await statementsOf(async () => {
        found = await searchInvestments(t.db, audience, q, { now });
        await countInvestments(t.db, audience, q, now);
        if (audience === "visitor") await countMembersOnly(t.db, q, now);
      });
      expect(sent.length).toBeGreaterThanOrEqual(3);
      for (const stmt of sent) {
        const plan = await planOf(stmt);
        expect(plan, stmt.sql).not.toMatch(VISIBILITY_WALK);
        if (!/json_each/.test(stmt.sql)) expect(plan, stmt.sql).toMatch(setIndex);
      }
      // the same listings, in the same order, as the conditions with every index left to the planner
      const reference = await t.db
        .select({ id: investments.id })
        .from(investments)
        .where(buildSearchWhere(audience, q, now))
        .orderBy(...searchOrder(q.sr, { filtered: true }))
        .all();
      expect(reference.length).toBeGreaterThan(0);
      expect(found.total).toBe(reference.length);
      expect(found.items.map((c) => c.id)).toEqual(reference.slice(0, 20).map((r) => r.id));
      expect(await countInvestments(t.db, audience, q, now)).toBe(reference.length);
    }
  });

  it("a free word's streamed count looks its matches up in the narrow id index, not in the listings' wide rows", async () => {
    // sqld's planner looked each match up by rowid, a page of the table's wide rows each; the id-led
    // covering index holds dozens of entries a page, and sqld reads through a 2 MB cache: 10–20 % off
    // the free-word searches on the primary. The file's SQLite chose the index already: the sqld pass
    // is the one that catches a change here.
    for (const qs of ["fw=マンション", "fw=マンション&ty=1&ty=2&ly=6"]) {
      const q = parseSearchParams(Object.fromEntries(new URLSearchParams(qs)));
      const sent = await statementsOf(() => searchInvestments(t.db, "visitor", q, { now: new Date() }));
      const streamed = sent.filter((s) => /investments_fts CROSS JOIN/.test(s.sql));
      expect(streamed.length, qs).toBe(1);
      const plan = await planOf(streamed[0]!);
      expect(plan).toMatch(/SEARCH investments USING COVERING INDEX investments_id_search_idx \(id=\?/);
      expect(plan).not.toMatch(/SEARCH investments USING INTEGER PRIMARY KEY/);
    }
  });

  it("the members-only banner counts the same listings as a member's search finds among the members-only ones", async () => {
    const now = new Date();
    for (const qs of [`st=${station}`, `sl=${line}&ty=1&ty=2`, "ct=271004&ty=2"]) {
      const q = parseSearchParams(Object.fromEntries(new URLSearchParams(qs)));
      const rows = await t.db
        .select({ id: investments.id, members: investments.members })
        .from(investments)
        .where(buildSearchWhere("member", q, now))
        .all();
      expect(await countMembersOnly(t.db, q, now)).toEqual({ total: rows.filter((r) => r.members).length, bounded: false });
    }
  });
});

describe("a query without a set", () => {
  it("counts beside its page along the sort's range when no column has a count index of its own", async () => {
    // lp alone is a one-sided range (countColumnOf: none): the count walks price ≥ 2億 on the sort's index too
    const q = parseSearchParams({ lp: "20000", sr: "price_asc" });
    const sent = await statementsOf(() => searchInvestments(t.db, "visitor", q, { now: new Date() }));
    const plan = await planOf(sent[0]!);
    // on a libSQL server the statement is the page with its cards: those look the page's ids up by rowid
    const walks = plan.split("\n").filter((line) => /^SEARCH investments USING (?:COVERING )?INDEX/.test(line));
    expect(walks.length).toBe(2); // the page and the count beside it
    for (const line of walks) expect(line).toMatch(/investments_sort_price_(?:asc|desc)_idx \(public=\? AND not_updated_at=\? AND price>\?\)/);
  });
});
