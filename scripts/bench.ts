/**
 * `npm run bench`: speed figures on scale data, written to bench/results/.
 * Targets are checked here and reported, never asserted in tests.
 *
 *   npm run bench -- [--investments 100000] [--members 5000] [--filters 50000] [--keep] [--skip-pages] [--skip-frontend] [--skip-cluster]
 *   npm run bench -- --only-search [--database /tmp/bench.db] [--out search-after]
 *
 * `--only-search` runs the search sections alone (the SQL paths and the search
 * service; no demo seed, map, matching, newsletter, pages, front end or
 * cluster) and writes bench/results/<out>.{json,md} (default "search") instead
 * of latest. `--database FILE` uses that SQLite file and seeds it only when it
 * holds no listings yet (kept afterwards): before/after runs on the same data.
 *
 * Sections so far: the scale seed itself, and the database paths every list
 * page uses (visibility + sort + page, area and price filters, FTS trigram
 * free word), the search service (searchInvestments end to end for single
 * parameters and combinations, next to its bare SQL), matching (one listing
 * against every saved filter) and newsletter throughput (10,000 recipients to
 * a local SMTP sink). Then pages under load (scripts/bench-pages.ts, which
 * writes bench/results/pages.{json,md}) on the same database, and the front
 * end on a phone (scripts/bench-frontend.ts, alone: `npm run bench:frontend`):
 * Lighthouse mobile and first-visit bytes per page with demo data, written to
 * bench/results/frontend.{json,md}. Last, the libSQL server section
 * (scripts/bench-cluster.ts, bench/results/cluster.{json,md}): search on the
 * file vs a sqld primary, replica and embedded replica, and the list page on
 * one web node vs two.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import osModule, { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql, type SQL } from "drizzle-orm";
import { openDb, type Db } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { PAGE_SIZE } from "@/lib/constants/investment";
import { isEmptyQuery, parseSearchParams } from "@/schemas/search";
import { investments } from "@/server/db/schema";
import { seedDemo, seedScale } from "@/seed";
import { setPublicContentLive } from "@/server/cache/public-content";
import { buildSearchWhere, searchInvestments, searchOrder } from "@/server/search";
// Read as a namespace: the same script measures a checkout from before the bounded count (no countBound there).
import * as searchSql from "@/server/search";
import { benchSearchQueries, type SearchAs } from "./lib/search-queries";

const { values } = parseArgs({
  options: {
    investments: { type: "string", default: "100000" },
    members: { type: "string", default: "5000" },
    filters: { type: "string", default: "50000" },
    keep: { type: "boolean", default: false },
    /** Leave out the pages-under-load benchmark that otherwise follows on the same data. */
    "skip-pages": { type: "boolean", default: false },
    /** Leave out the front-end section (Lighthouse and bytes per page, scripts/bench-frontend.ts). */
    "skip-frontend": { type: "boolean", default: false },
    /** Leave out the libSQL server section (scripts/bench-cluster.ts: file vs sqld primary vs replica, one web node vs two). */
    "skip-cluster": { type: "boolean", default: false },
    /** Only the SQL paths and the search service (see the header). */
    "only-search": { type: "boolean", default: false },
    /** An SQLite file to use (seeded only when it has no listings; never removed). */
    database: { type: "string" },
    /** Basename of the results files (default latest, or search with --only-search). */
    out: { type: "string" },
    /** Runs per search-service query (default 100; fewer on a crowded machine). */
    runs: { type: "string", default: "100" },
  },
});
const onlySearch = values["only-search"];
const outName = values.out ?? (onlySearch ? "search" : "latest");

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

const dir = values.database ? path.dirname(path.resolve(values.database)) : mkdtempSync(path.join(tmpdir(), "kir-bench-"));
const url = `file:${values.database ? path.resolve(values.database) : path.join(dir, "bench.db")}`;
const db = await openDb(url);
await migrateDb(db);

// The demo seed (what `npm run demo` does on a fresh clone), timed here rather than in the
// suite: a speed bound in a test fails on a busy machine. Target: under 60 s.
let demoSeedStat: { listings: number; seconds: number; loadAverage: string } | null = null;
if (!onlySearch) {
  const demoDir = mkdtempSync(path.join(tmpdir(), "kir-bench-demo-"));
  const demoDb = await openDb(`file:${path.join(demoDir, "demo.db")}`);
  await migrateDb(demoDb);
  const demoSeed = await seedDemo(demoDb, { root: path.join(demoDir, "uploads") });
  demoDb.$client.close();
  rmSync(demoDir, { recursive: true, force: true });
  demoSeedStat = { listings: demoSeed.listings, seconds: Number((demoSeed.ms / 1000).toFixed(1)), loadAverage: osModule.loadavg()[0]!.toFixed(2) };
  console.log(`[bench] demo seed: ${demoSeedStat.listings} listings in ${demoSeedStat.seconds} s (load ${demoSeedStat.loadAverage})`);
}

// With --database, an already seeded file is used as it is (the figures of a before/after pair on the same rows).
const existing = (await db.get<{ n: number }>(sql`SELECT count(*) AS n FROM investments`))?.n ?? 0;
type Seeded = Awaited<ReturnType<typeof seedScale>>;
let seeded: Seeded;
if (existing > 0) {
  const n = async (table: string) => (await db.get<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM ${table}`)))?.n ?? 0;
  seeded = {
    investments: existing,
    transports: await n("investment_transports"),
    priceHistories: 0,
    members: await n("users"),
    filters: await n("filters"),
    ms: { investments: 0, members: 0, filters: 0, total: 0 },
  };
  console.log(`[bench] using ${url}: ${existing} listings already seeded`);
} else {
  console.log(`[bench] seeding ${values.investments} listings, ${values.members} members, ${values.filters} filters into ${url}`);
  seeded = await seedScale(db, {
    investments: Number(values.investments),
    members: Number(values.members),
    filters: Number(values.filters),
    progress: !!process.stdout.isTTY,
  });
}

const visible = sql`public = 1 AND not_updated_at IS NULL AND members = 0`;
const queries: [string, SQL][] = [
  ["list page 1 (visitor, newest)", sql`SELECT id FROM investments WHERE ${visible} ORDER BY public_at DESC LIMIT 20`],
  ["list page 50 (visitor, newest)", sql`SELECT id FROM investments WHERE ${visible} ORDER BY public_at DESC LIMIT 20 OFFSET 980`],
  ["count (visitor)", sql`SELECT count(*) FROM investments WHERE ${visible}`],
  [
    "area re=3, price 5,000-20,000万",
    sql`SELECT id FROM investments WHERE ${visible} AND area_cd = 3 AND price BETWEEN 5000 AND 20000 ORDER BY public_at DESC LIMIT 20`,
  ],
  ["yield >= 8%, sorted by yield", sql`SELECT id FROM investments WHERE ${visible} AND yield >= 8 ORDER BY yield DESC LIMIT 20`],
  [
    "station (group) lookup",
    sql`SELECT id FROM investments WHERE ${visible} AND id IN (SELECT investment_id FROM investment_transports WHERE group_cd = (SELECT group_cd FROM investment_transports WHERE group_cd IS NOT NULL LIMIT 1)) ORDER BY public_at DESC LIMIT 20`,
  ],
  ["free word FTS5 trigram (3+ chars)", sql`SELECT rowid FROM investments_fts WHERE investments_fts MATCH '"マンション"' LIMIT 20`],
  [
    "free word FTS5 + visibility",
    sql`SELECT i.id FROM investments_fts f JOIN investments i ON i.id = f.rowid WHERE investments_fts MATCH '"大阪市北区"' AND i.public = 1 AND i.members = 0 ORDER BY i.public_at DESC LIMIT 20`,
  ],
];
const stats: Stat[] = [];
for (const [name, q] of queries) {
  const s = await measure(db, name, q, Number(values.runs) * 2);
  stats.push(s);
  console.log(`[bench] ${name.padEnd(36)} p50 ${String(s.p50).padStart(7)} ms  p95 ${String(s.p95).padStart(7)} ms  (${s.rows} rows)`);
}

/* ---------------------------------------------------------------- search service */
// The web process runs with its public caches live (Redis announcements connected), so the deal
// line's similar-listing medians are computed once per content version, not per search: the bench
// does the same (it writes nothing while it measures). Without it each search recomputes every
// listing's figures (~6 s at 100,000 listings), which is what a web node with Redis down pays.
setPublicContentLive(true);
// searchInvestments (audience visitor, page 1, PAGE_SIZE cards) for single
// parameters and combinations: count + page ids + card hydration, end to end.
// "sql" is the same statements run bare (searchPage: count and page ids, no cards).

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
  /** The count stopped at the list's bound: "1000+" (「1,000件以上」). */
  bounded: boolean;
};

const pct = (times: number[], q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2));

async function measureSearch(name: string, qs: string, as: SearchAs = {}, runs = Number(values.runs)): Promise<SearchStat> {
  const query = parseSearchParams(new URLSearchParams(qs));
  const now = new Date();
  const audience = as.audience ?? "visitor";
  const opts = { now, cashFlowTerms: as.cashFlowTerms ?? null };
  const service: number[] = [];
  const cpu: number[] = [];
  const bare: number[] = [];
  let total = 0;
  let bounded = false;
  // the same statement as searchInvestments writes (the sort's covering index and its column's range)
  const sortIndexes = audience !== "admin";
  const where = buildSearchWhere(audience, query, now, { sortColumn: sortIndexes ? searchSql.sortColumnOf(query.sr) : null });
  const order = searchOrder(query.sr, { filtered: !isEmptyQuery(query), sortIndexes, cashFlowTerms: opts.cashFlowTerms });
  // The count's own WHERE, as searchInvestments writes it: a bounded column's range open to its sort index.
  const rangeColumn = sortIndexes && "countColumnOf" in searchSql ? searchSql.countColumnOf(query, now) : null;
  const counted = rangeColumn ? buildSearchWhere(audience, query, now, { sortColumn: rangeColumn }) : where;
  // The count as searchInvestments writes it: to the list's bound where the service has one (issue 31).
  const bound = "countBound" in searchSql ? searchSql.countBound(query.page ?? 1, PAGE_SIZE) : null;
  // searchPage: the service's own statements without the cards (a bench of an older tree writes them out below)
  const runBare = async () => {
    if ("searchPage" in searchSql) return void (await searchSql.searchPage(db, audience, query, opts));
    if (bound === null)
      await db
        .select({ n: sql<number>`count(*)` })
        .from(investments)
        .where(counted)
        .all();
    else await db.get(sql`SELECT count(*) FROM (SELECT 1 FROM ${investments}${counted ? sql` WHERE ${counted}` : sql``} LIMIT ${bound + 1})`);
    await db
      .select({ id: investments.id })
      .from(investments)
      .where(where)
      .orderBy(...order)
      .limit(PAGE_SIZE)
      .all();
  };
  for (let i = 0; i < 3; i++) {
    await searchInvestments(db, audience, query, opts);
    await runBare();
  }
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    const c = process.cpuUsage();
    const r = await searchInvestments(db, audience, query, opts);
    service.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
    total = r.total;
    bounded = (r as { totalBounded?: boolean }).totalBounded === true;
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
    bounded,
  };
}

const searchQueries = await benchSearchQueries(db);
const searchStats: SearchStat[] = [];
const searchLoad = osModule
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(" / ");
console.log(`[bench] search service (visitor, page of 20): p50/p95 end to end, next to the bare SQL (load average ${searchLoad})`);
for (const [name, qs, as] of searchQueries) {
  const s = await measureSearch(name, qs, as);
  searchStats.push(s);
  const target = as?.cashFlowTerms ? 60 : 10;
  const flag = s.p95 <= target ? "" : `  ✗ over ${target} ms`;
  console.log(
    `[bench] ${name.padEnd(28)} p50 ${String(s.p50).padStart(6)} ms  p95 ${String(s.p95).padStart(6)} ms  cpu p50 ${String(s.cpuP50).padStart(6)} p95 ${String(s.cpuP95).padStart(6)}  (sql p50 ${String(s.sqlP50).padStart(6)} p95 ${String(s.sqlP95).padStart(6)})  ${s.total}${s.bounded ? "+" : ""} hits${flag}`,
  );
}

/** The SQL paths and the search service as markdown (shared by --only-search and the full report). */
function searchMarkdown(): string[] {
  return [
    "## Hand-written SQL (reference)",
    "",
    "Plain statements as someone would first write them (an exact count of every visible listing, a price range on the visibility index), kept as a reference for what the search service's plans save: the product never runs these. Its own statements are the next section's \"bare SQL\".",
    "",
    "| query | p50 ms | p95 ms | max ms | rows |",
    "|---|---:|---:|---:|---:|",
    ...stats.map((s) => `| ${s.name} | ${s.p50} | ${s.p95} | ${s.max} | ${s.rows} |`),
    "",
    "## Search service (searchInvestments, visitor unless said, page of 20; target p95 ≤ 10 ms on the file, ≤ 25 ms with the issue-33 keys, ≤ 60 ms for the member CF sort)",
    "",
    `Load average when the section ran: ${searchLoad} (1 / 5 / 15 min; ${osModule.cpus().length} cores). "cpu" is this process's CPU time per search (steadier than wall time when other work shares the cores); "bare SQL" is the same count + page query without card hydration. "hits" is the count the list shows (「1,000件以上」 when it reached the bound).`,
    "",
    "| query | params | p50 ms | p95 ms | max ms | cpu p50 | cpu p95 | bare SQL p50 | bare SQL p95 | hits |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...searchStats.map(
      (s) =>
        `| ${s.name} | \`${s.query || "—"}\` | ${s.p50} | ${s.p95} | ${s.max} | ${s.cpuP50} | ${s.cpuP95} | ${s.sqlP50} | ${s.sqlP95} | ${s.total}${s.bounded ? "+" : ""} |`,
    ),
    "",
  ];
}

if (onlySearch) {
  const at = new Date().toISOString();
  const outDir = path.resolve("bench/results");
  mkdirSync(outDir, { recursive: true });
  const json = {
    at,
    machine: { cpus: osModule.cpus().length, node: process.version },
    listings: seeded.investments,
    queries: stats,
    search: { loadAverage: searchLoad, queries: searchStats },
  };
  writeFileSync(path.join(outDir, `${outName}.json`), JSON.stringify(json, null, 2) + "\n");
  const md = [
    `# Search benchmark ${at}`,
    "",
    `Machine: ${json.machine.cpus} cores, Node ${json.machine.node}; ${seeded.investments} listings (scale seed).`,
    "",
    ...searchMarkdown(),
  ];
  writeFileSync(path.join(outDir, `${outName}.md`), md.join("\n"));
  console.log(`[bench] written to bench/results/${outName}.{json,md}`);
  db.$client.close();
  process.exit(0);
}

/* ---------------------------------------------------------------- map search */
// Viewports of the map search (scripts/bench-map.ts; bench/results/map.{json,md}).
const { benchMap, timeMapSnapshotLoad, writeMapResults } = await import("./bench-map");
const mapSnapshotLoadMs = await timeMapSnapshotLoad(db);
const mapStats = await benchMap(db);
writeMapResults(mapStats, seeded.investments, mapSnapshotLoadMs);

/* ---------------------------------------------------------------- matching */
// A listing published (or cut in price) is matched against every saved filter
// (--filters, 50,000 by default) with the search's in-memory predicate, then
// the matching rows and notification jobs are written (one job, end to end).
// "cold": the first job of a fresh process with nothing validated yet;
// "batch start": the first job of a later batch after the worker's start-up
// warm-up (every query validated, the set reloaded); "warm": later jobs of
// the same batch. Target: under 1 s per listing, cold.

const { clearCompiledFilters, compiledFilters, warmMatching } = await import("@/server/search");
const { matchInvestment } = await import("@/server/search");

type MatchingStat = {
  filters: number;
  distinctQueries: number;
  cold: { ms: number; loadMs: number; matchMs: number; writeMs: number; validated: number };
  warmUpMs: number;
  batchStartMs: number;
  warm: { runs: number; p50: number; p95: number; max: number };
  matchOnlyP50: number;
  hitsP50: number;
  writtenP50: number;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const sampleIds = (await db.all<{ id: number }>(sql`SELECT id FROM investments WHERE public = 1 AND not_updated_at IS NULL ORDER BY id DESC LIMIT 42`)).map(
  (r) => r.id,
);
let matchingStat: MatchingStat | null = null;
if (sampleIds.length >= 3) {
  clearCompiledFilters(db, { parsed: true });
  const cold = await matchInvestment(db, sampleIds[0]!, "new");
  const coldSet = await compiledFilters(db);
  clearCompiledFilters(db, { parsed: true });
  const warmUp = await warmMatching(db);
  clearCompiledFilters(db);
  const batchStart = await matchInvestment(db, sampleIds[1]!, "new");
  const warmTimes: number[] = [];
  const matchTimes: number[] = [];
  const hits: number[] = [cold.hits, batchStart.hits];
  const written: number[] = [cold.written, batchStart.written];
  for (const id of sampleIds.slice(2)) {
    const r = await matchInvestment(db, id, "new");
    warmTimes.push(r.ms.total);
    matchTimes.push(r.ms.match);
    hits.push(r.hits);
    written.push(r.written);
  }
  warmTimes.sort((a, b) => a - b);
  matchTimes.sort((a, b) => a - b);
  const r1 = (n: number) => Number(n.toFixed(1));
  matchingStat = {
    filters: coldSet.filters.length,
    distinctQueries: coldSet.distinct,
    cold: { ms: r1(cold.ms.total), loadMs: r1(cold.ms.compile), matchMs: r1(cold.ms.match), writeMs: r1(cold.ms.write), validated: coldSet.stats().validated },
    warmUpMs: r1(warmUp.ms),
    batchStartMs: r1(batchStart.ms.total),
    warm: { runs: warmTimes.length, p50: pct(warmTimes, 0.5), p95: pct(warmTimes, 0.95), max: pct(warmTimes, 1) },
    matchOnlyP50: pct(matchTimes, 0.5),
    hitsP50: median(hits),
    writtenP50: median(written),
  };
  const m = matchingStat;
  console.log(
    `[bench] matching: ${m.filters} filters (${m.distinctQueries} distinct): cold ${m.cold.ms} ms (load ${m.cold.loadMs}, validate+match ${m.cold.matchMs} [${m.cold.validated} validated], write ${m.cold.writeMs})${m.cold.ms < 1000 ? "" : "  ✗ over 1 s"}; start-up warm-up ${m.warmUpMs} ms; batch start ${m.batchStartMs} ms; warm p50 ${m.warm.p50} ms p95 ${m.warm.p95} ms (predicates p50 ${m.matchOnlyP50} ms); ~${m.hitsP50} members matched per listing`,
  );
}

/* ---------------------------------------------------------------- newsletter */
// 10,000 recipients to a local SMTP sink (a bare smtp-server in this process
// that only counts): the fan-out (delivery rows + batch jobs in one
// transaction), then the batches run as the worker runs them (4 at a time,
// one SMTP connection each, claim → stream → gate → end of data → mark), no
// rate limit. Throughput = mails accepted by the sink per second.

const { SMTPServer } = await import("smtp-server");
const { notification_settings, users, outbox } = await import("@/server/db/schema");
const { createNewsletter, scheduleNewsletter } = await import("@/server/newsletters");
const { countAudience } = await import("@/server/newsletters");
const { prepareNewsletter, runDeliveries, deliveryCounts } = await import("@/server/newsletters");
const { createRateGate } = await import("@/server/newsletters");
const { SmtpSender } = await import("@/server/newsletters");

type NewsletterStat = { recipients: number; prepareMs: number; sendSeconds: number; perSecond: number; received: number; sent: number; connections: number };
const NL_RECIPIENTS = 10_000;
const NL_CONNECTIONS = 4;
let nlReceived = 0;
const smtpSink = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    stream.on("data", () => undefined);
    stream.on("end", () => {
      nlReceived++;
      callback();
    });
  },
});
await new Promise<void>((r) => smtpSink.listen(0, "127.0.0.1", () => r()));
const smtpUrl = `smtp://127.0.0.1:${(smtpSink.server.address() as { port: number }).port}`;

// Enough members who accept newsletters (the scale seed makes --members of them), then exactly NL_RECIPIENTS.
const accepting = await countAudience(db, { kind: "all" });
if (accepting < NL_RECIPIENTS) {
  const extra = NL_RECIPIENTS - accepting;
  const firstId = ((await db.get<{ m: number }>(sql`SELECT coalesce(max(id), 0) AS m FROM users`))?.m ?? 0) + 1;
  for (let i = 0; i < extra; i += 2000) {
    const rows = Array.from({ length: Math.min(2000, extra - i) }, (_, k) => ({
      id: firstId + i + k,
      email: `nl${firstId + i + k}@bench.example.com`,
      status: "active",
    }));
    await db.transaction(async (tx) => {
      await tx.insert(users).values(rows);
      await tx.insert(notification_settings).values(rows.map((r) => ({ user_id: r.id, newsletter: true })));
    });
  }
}
await db.run(sql`INSERT OR IGNORE INTO notification_settings (user_id) SELECT id FROM users`);
await db.run(sql`UPDATE notification_settings SET newsletter = CASE WHEN user_id IN (
  SELECT u.id FROM users u WHERE u.status = 'active' AND u.deleted_at IS NULL ORDER BY u.id LIMIT ${NL_RECIPIENTS}) THEN 1 ELSE 0 END`);

const nl = await createNewsletter(db, null, {
  subject: "ベンチマーク配信",
  body: "10,000通の配信テストです。\nhttps://example.com/",
  audience: { kind: "all" },
});
await scheduleNewsletter(db, nl.id);
let nlT = performance.now();
const prepared = await prepareNewsletter(db, nl.id);
const prepareMs = performance.now() - nlT;
const ranges = (
  await db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(sql`${outbox.job} = 'newsletterBatch' AND json_extract(${outbox.payload}, '$.newsletterId') = ${nl.id}`)
    .all()
).map((r) => r.payload as { newsletterId: number; fromId: number; toId: number });
const unlimited = createRateGate({ perSecond: 0 });
nlT = performance.now();
let nextRange = 0;
await Promise.all(
  Array.from({ length: NL_CONNECTIONS }, async () => {
    const sender = new SmtpSender(smtpUrl);
    try {
      while (nextRange < ranges.length) await runDeliveries(db, ranges[nextRange++]!, { sender, rate: unlimited });
    } finally {
      sender.close();
    }
  }),
);
const sendSeconds = (performance.now() - nlT) / 1000;
const nlCounts = await deliveryCounts(db, nl.id);
await new Promise<void>((r) => smtpSink.close(() => r()));
const newsletterStat: NewsletterStat = {
  recipients: prepared.status === "prepared" ? prepared.total : 0,
  prepareMs: Number(prepareMs.toFixed(1)),
  sendSeconds: Number(sendSeconds.toFixed(2)),
  perSecond: Math.round(nlCounts.sent / sendSeconds),
  received: nlReceived,
  sent: nlCounts.sent,
  connections: NL_CONNECTIONS,
};
console.log(
  `[bench] newsletter: ${newsletterStat.recipients} recipients, fan-out ${newsletterStat.prepareMs} ms, sent ${newsletterStat.sent} in ${newsletterStat.sendSeconds} s = ${newsletterStat.perSecond} mails/s over ${NL_CONNECTIONS} connections (sink received ${nlReceived})`,
);

const result = {
  at: new Date().toISOString(),
  machine: { cpus: (await import("node:os")).cpus().length, node: process.version },
  seed: { ...seeded, seconds: seeded.ms.total / 1000 },
  demoSeed: demoSeedStat,
  queries: stats,
  search: { loadAverage: searchLoad, queries: searchStats },
  map: mapStats,
  matching: matchingStat,
  newsletter: newsletterStat,
  targets: { "search p95 ms at 100k": 25, "matching ms per listing (cold)": 1000, "demo seed s": 60 },
};
const outDir = path.resolve("bench/results");
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, `${outName}.json`), JSON.stringify(result, null, 2) + "\n");
const md = [
  `# Benchmark ${result.at}`,
  "",
  `Machine: ${result.machine.cpus} cores, Node ${result.machine.node}.`,
  "",
  demoSeedStat
    ? `Demo seed (npm run demo on a fresh clone; target < 60 s): ${demoSeedStat.listings} listings in ${demoSeedStat.seconds} s, load average ${demoSeedStat.loadAverage}.`
    : "",
  "",
  `Scale seed: ${seeded.investments} listings in ${(seeded.ms.investments / 1000).toFixed(1)} s, ${seeded.members} members in ${(seeded.ms.members / 1000).toFixed(1)} s, ${seeded.filters} saved filters in ${(seeded.ms.filters / 1000).toFixed(1)} s (total ${(seeded.ms.total / 1000).toFixed(1)} s).`,
  "",
  ...searchMarkdown(),
  "## Matching (one listing against every saved filter; target < 1,000 ms cold)",
  "",
  ...(matchingStat
    ? [
        `${matchingStat.filters} filters (${matchingStat.distinctQueries} distinct queries); about ${matchingStat.hitsP50} members matched per listing (median), ${matchingStat.writtenP50} matching rows written.`,
        "",
        "| one listing, end to end | ms |",
        "|---|---:|",
        `| cold: first job of a fresh process (load ${matchingStat.cold.loadMs}, validate ${matchingStat.cold.validated} queries + match ${matchingStat.cold.matchMs}, write ${matchingStat.cold.writeMs}) | ${matchingStat.cold.ms} |`,
        `| batch start after the start-up warm-up (warm-up itself: ${matchingStat.warmUpMs} ms, once per process) | ${matchingStat.batchStartMs} |`,
        `| warm p50 (${matchingStat.warm.runs} listings) | ${matchingStat.warm.p50} |`,
        `| warm p95 | ${matchingStat.warm.p95} |`,
        `| predicates only, p50 | ${matchingStat.matchOnlyP50} |`,
      ]
    : ["(no listings)"]),
  "",
  "## Newsletter (10,000 recipients to a local SMTP sink, no rate limit)",
  "",
  `Fan-out (delivery rows + batch jobs) ${newsletterStat.prepareMs} ms; ${newsletterStat.sent} mails in ${newsletterStat.sendSeconds} s = **${newsletterStat.perSecond} mails/s** over ${newsletterStat.connections} SMTP connections (sink received ${newsletterStat.received}). In production NEWSLETTER_RATE_PER_SECOND caps it.`,
  "",
].join("\n");
writeFileSync(path.join(outDir, `${outName}.md`), md);
console.log(`[bench] written to bench/results/${outName}.{json,md}`);
db.$client.close();

// Pages under load (scripts/bench-pages.ts) on the same data, then the front end on a phone
// (scripts/bench-frontend.ts, on demo data of its own): the production build first when there is none.
if (!values["skip-pages"] || !values["skip-frontend"]) {
  const root = path.resolve(import.meta.dirname, "..");
  const run = (cmd: string, args: string[]) => {
    const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${r.status ?? r.signal})`);
  };
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) run("npm", ["run", "--silent", "build"]);
  const tsxBin = path.join(root, "node_modules", ".bin", "tsx");
  if (!values["skip-pages"]) run(tsxBin, [path.join(root, "scripts", "bench-pages.ts"), "--database", url]);
  if (!values["skip-frontend"]) run(tsxBin, [path.join(root, "scripts", "bench-frontend.ts")]);
}

// The libSQL server section on the same data (scripts/bench-cluster.ts, bench/results/cluster.{json,md}); its pages need the build above.
if (!values["skip-cluster"]) {
  const r = spawnSync(
    path.resolve(import.meta.dirname, "../node_modules/.bin/tsx"),
    [path.resolve(import.meta.dirname, "bench-cluster.ts"), "--database", url, ...(values["skip-pages"] ? ["--skip-pages"] : [])],
    { stdio: "inherit" },
  );
  if (r.status !== 0) throw new Error(`bench-cluster failed (${r.status ?? r.signal})`);
}

if (!values.keep && !values.database) rmSync(dir, { recursive: true, force: true });
else console.log(`[bench] kept ${url}`);
