/**
 * `npm run bench`: speed figures on scale data, written to bench/results/.
 * Targets are checked here and reported, never asserted in tests.
 *
 *   npm run bench -- [--investments 100000] [--members 5000] [--filters 50000] [--keep]
 *
 * Sections so far: the scale seed itself, and the database paths every list
 * page uses (visibility + sort + page, area and price filters, FTS trigram
 * free word), and the search service (searchInvestments end to end for single
 * parameters and combinations, next to its bare SQL). Pages under load and
 * matching add theirs.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import osModule, { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql, type SQL } from "drizzle-orm";
import { openDb, type Db } from "@/server/db";
import { migrateDb } from "@/server/db/migrate";
import { PAGE_SIZE } from "@/lib/constants/investment";
import { isEmptyQuery, parseSearchParams } from "@/schemas/search";
import { investments } from "@/server/db/schema";
import { seedScale } from "@/server/seed";
import { buildSearchWhere, searchInvestments, searchOrder } from "@/server/services/investments/search";

const { values } = parseArgs({
  options: {
    investments: { type: "string", default: "100000" },
    members: { type: "string", default: "5000" },
    filters: { type: "string", default: "50000" },
    keep: { type: "boolean", default: false },
  },
});

type Stat = { name: string; runs: number; p50: number; p95: number; max: number; rows: number };

async function measure(db: Db, name: string, query: SQL, runs = 200): Promise<Stat> {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < 5; i++) await db.all(query); // warm the page cache and statement cache
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const r = await db.all(query);
    times.push(performance.now() - t);
    rows = r.length;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2));
  return { name, runs, p50: at(0.5), p95: at(0.95), max: at(1), rows };
}

const dir = mkdtempSync(path.join(tmpdir(), "kir-bench-"));
const url = `file:${path.join(dir, "bench.db")}`;
const db = await openDb(url);
await migrateDb(db);

console.log(`[bench] seeding ${values.investments} listings, ${values.members} members, ${values.filters} filters into ${url}`);
const seeded = await seedScale(db, {
  investments: Number(values.investments),
  members: Number(values.members),
  filters: Number(values.filters),
  progress: !!process.stdout.isTTY,
});

const visible = sql`public = 1 AND not_updated_at IS NULL AND members = 0`;
const queries: [string, SQL][] = [
  ["list page 1 (visitor, newest)", sql`SELECT id FROM investments WHERE ${visible} ORDER BY public_at DESC LIMIT 20`],
  ["list page 50 (visitor, newest)", sql`SELECT id FROM investments WHERE ${visible} ORDER BY public_at DESC LIMIT 20 OFFSET 980`],
  ["count (visitor)", sql`SELECT count(*) FROM investments WHERE ${visible}`],
  ["area re=3, price 5,000-20,000万", sql`SELECT id FROM investments WHERE ${visible} AND area_cd = 3 AND price BETWEEN 5000 AND 20000 ORDER BY public_at DESC LIMIT 20`],
  ["yield >= 8%, sorted by yield", sql`SELECT id FROM investments WHERE ${visible} AND yield >= 8 ORDER BY yield DESC LIMIT 20`],
  [
    "station (group) lookup",
    sql`SELECT id FROM investments WHERE ${visible} AND id IN (SELECT investment_id FROM investment_transports WHERE group_cd = (SELECT group_cd FROM investment_transports WHERE group_cd IS NOT NULL LIMIT 1)) ORDER BY public_at DESC LIMIT 20`,
  ],
  ["free word FTS5 trigram (3+ chars)", sql`SELECT rowid FROM investments_fts WHERE investments_fts MATCH '"マンション"' LIMIT 20`],
  ["free word FTS5 + visibility", sql`SELECT i.id FROM investments_fts f JOIN investments i ON i.id = f.rowid WHERE investments_fts MATCH '"大阪市北区"' AND i.public = 1 AND i.members = 0 ORDER BY i.public_at DESC LIMIT 20`],
];
const stats: Stat[] = [];
for (const [name, q] of queries) {
  const s = await measure(db, name, q);
  stats.push(s);
  console.log(`[bench] ${name.padEnd(36)} p50 ${String(s.p50).padStart(7)} ms  p95 ${String(s.p95).padStart(7)} ms  (${s.rows} rows)`);
}

/* ---------------------------------------------------------------- search service */
// searchInvestments (audience visitor, page 1, PAGE_SIZE cards) for single
// parameters and combinations: count + page ids + card hydration, end to end.
// "sql" is the same WHERE/ORDER BY run bare (count, then the page's ids).

type SearchStat = {
  name: string;
  query: string;
  runs: number;
  p50: number;
  p95: number;
  max: number;
  /** CPU time of this process per search (user + system): steadier than wall time on a busy machine. */
  cpuP50: number;
  cpuP95: number;
  sqlP50: number;
  sqlP95: number;
  total: number;
};

const pct = (times: number[], q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2));

async function measureSearch(name: string, qs: string, runs = 100): Promise<SearchStat> {
  const query = parseSearchParams(new URLSearchParams(qs));
  const now = new Date();
  const service: number[] = [];
  const cpu: number[] = [];
  const bare: number[] = [];
  let total = 0;
  const where = buildSearchWhere("visitor", query, now);
  const order = searchOrder(query.sr, { filtered: !isEmptyQuery(query) });
  const runBare = async () => {
    await db.select({ n: sql<number>`count(*)` }).from(investments).where(where).all();
    await db.select({ id: investments.id }).from(investments).where(where).orderBy(...order).limit(PAGE_SIZE).all();
  };
  for (let i = 0; i < 3; i++) {
    await searchInvestments(db, "visitor", query, { now });
    await runBare();
  }
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    const c = process.cpuUsage();
    const r = await searchInvestments(db, "visitor", query, { now });
    service.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
    total = r.total;
    t = performance.now();
    await runBare();
    bare.push(performance.now() - t);
  }
  service.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  bare.sort((a, b) => a - b);
  return {
    name,
    query: qs,
    runs,
    p50: pct(service, 0.5),
    p95: pct(service, 0.95),
    max: pct(service, 1),
    cpuP50: pct(cpu, 0.5),
    cpuP95: pct(cpu, 0.95),
    sqlP50: pct(bare, 0.5),
    sqlP95: pct(bare, 0.95),
    total,
  };
}

// Codes that exist in the seeded data: the busiest station, its group, and a line.
const busiest = await db.get<{ station_cd: number; group_cd: number; line_cd: number }>(
  sql`SELECT station_cd, group_cd, line_cd FROM investment_transports WHERE station_cd IS NOT NULL GROUP BY station_cd ORDER BY count(*) DESC LIMIT 1`,
);
const st = busiest?.station_cd ?? 0;
const rg = busiest?.group_cd ?? 0;
const sl = busiest?.line_cd ?? 0;
const searchQueries: [string, string][] = [
  ["all (no condition)", ""],
  ["all, price_asc", "sr=price_asc"],
  ["re=3 (大阪市内)", "re=3"],
  ["ty=1 (一棟マンション)", "ty=1"],
  ["lp/hp 5,000万-2億", "lp=5000&hp=20000"],
  ["ly=8 (利回り8%以上)", "ly=8"],
  ["sw=10 (駅徒歩10分)", "sw=10"],
  ["st (busiest station)", `st=${st}`],
  ["rg (station group)", `rg=${rg}`],
  ["sl (line)", `sl=${sl}`],
  ["fw 3+ chars (FTS)", "fw=天王寺"],
  ["fw 2 chars (instr)", "fw=梅田"],
  ["bt=20 (築20年以内)", "bt=20"],
  ["fs=1 (残存20年)", "fs=1"],
  ["fs=7 (新耐震)", "fs=7"],
  ["re+ty+price", "re=3&ty=1&lp=5000&hp=20000"],
  ["ty+ly+sw+bt", "ty=1&ty=2&ly=7&sw=10&bt=30"],
  ["st+sw+price", `st=${st}&sw=10&lp=3000&hp=30000`],
  ["re+ty+ly+fs, price_asc", "re=1&re=2&ty=6&ly=6&fs=7&sr=price_asc"],
  ["fw+ty+ly", "fw=天王寺&ty=1&ty=2&ly=6"],
  ["ct+ty+bt, yield_desc", "ct=281000&ty=2&bt=25&sr=yield_desc"],
  ["re+ty, page 20", "re=3&ty=1&ty=6&page=20"],
];
const searchStats: SearchStat[] = [];
const searchLoad = osModule
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(" / ");
console.log(`[bench] search service (visitor, page of 20): p50/p95 end to end, next to the bare SQL (load average ${searchLoad})`);
for (const [name, qs] of searchQueries) {
  const s = await measureSearch(name, qs);
  searchStats.push(s);
  const flag = s.p95 <= 25 ? "" : "  ✗ over 25 ms";
  console.log(
    `[bench] ${name.padEnd(28)} p50 ${String(s.p50).padStart(6)} ms  p95 ${String(s.p95).padStart(6)} ms  cpu p50 ${String(s.cpuP50).padStart(6)} p95 ${String(s.cpuP95).padStart(6)}  (sql p50 ${String(s.sqlP50).padStart(6)} p95 ${String(s.sqlP95).padStart(6)})  ${s.total} hits${flag}`,
  );
}

const result = {
  at: new Date().toISOString(),
  machine: { cpus: (await import("node:os")).cpus().length, node: process.version },
  seed: { ...seeded, seconds: seeded.ms.total / 1000 },
  queries: stats,
  search: { loadAverage: searchLoad, queries: searchStats },
  targets: { "search p95 ms at 100k": 25 },
};
const outDir = path.resolve("bench/results");
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, "latest.json"), JSON.stringify(result, null, 2) + "\n");
const md = [
  `# Benchmark ${result.at}`,
  "",
  `Machine: ${result.machine.cpus} cores, Node ${result.machine.node}.`,
  "",
  `Scale seed: ${seeded.investments} listings in ${(seeded.ms.investments / 1000).toFixed(1)} s, ${seeded.members} members in ${(seeded.ms.members / 1000).toFixed(1)} s, ${seeded.filters} saved filters in ${(seeded.ms.filters / 1000).toFixed(1)} s (total ${(seeded.ms.total / 1000).toFixed(1)} s).`,
  "",
  "| query | p50 ms | p95 ms | max ms | rows |",
  "|---|---:|---:|---:|---:|",
  ...stats.map((s) => `| ${s.name} | ${s.p50} | ${s.p95} | ${s.max} | ${s.rows} |`),
  "",
  "## Search service (searchInvestments, visitor, page of 20; target p95 ≤ 25 ms)",
  "",
  `Load average when the section ran: ${searchLoad}. "cpu" is this process's CPU time per search (steadier than wall time when other work shares the cores); "bare SQL" is the same count + page query without card hydration.`,
  "",
  "| query | params | p50 ms | p95 ms | max ms | cpu p50 | cpu p95 | bare SQL p50 | bare SQL p95 | hits |",
  "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  ...searchStats.map(
    (s) =>
      `| ${s.name} | \`${s.query || "—"}\` | ${s.p50} | ${s.p95} | ${s.max} | ${s.cpuP50} | ${s.cpuP95} | ${s.sqlP50} | ${s.sqlP95} | ${s.total} |`,
  ),
  "",
].join("\n");
writeFileSync(path.join(outDir, "latest.md"), md);
console.log(`[bench] written to bench/results/latest.{json,md}`);
db.$client.close();
if (!values.keep) rmSync(dir, { recursive: true, force: true });
else console.log(`[bench] kept ${url}`);
