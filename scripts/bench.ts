/**
 * `npm run bench`: speed figures on scale data, written to bench/results/.
 * Targets are checked here and reported, never asserted in tests.
 *
 *   npm run bench -- [--investments 100000] [--members 5000] [--filters 50000] [--keep]
 *
 * Sections so far: the scale seed itself, and the database paths every list
 * page uses (visibility + sort + page, area and price filters, FTS trigram
 * free word). The search service, pages under load and matching add theirs.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql, type SQL } from "drizzle-orm";
import { openDb, type Db } from "@/server/db";
import { migrateDb } from "@/server/db/migrate";
import { seedScale } from "@/server/seed";

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

const result = {
  at: new Date().toISOString(),
  machine: { cpus: (await import("node:os")).cpus().length, node: process.version },
  seed: { ...seeded, seconds: seeded.ms.total / 1000 },
  queries: stats,
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
].join("\n");
writeFileSync(path.join(outDir, "latest.md"), md);
console.log(`[bench] written to bench/results/latest.{json,md}`);
db.$client.close();
if (!values.keep) rmSync(dir, { recursive: true, force: true });
else console.log(`[bench] kept ${url}`);
