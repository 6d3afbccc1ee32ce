/**
 * Pages under load: `npx tsx scripts/bench-pages.ts` (after `npx next build`).
 *
 * Seeds 100,000 listings (seedScale) into a temp database, starts the
 * production server (src/server/http/main.ts) on a free loopback port against
 * it (from a snapshot of the current build, so a rebuild running meanwhile
 * cannot pull it away) and drives autocannon at the list page, a filtered
 * list page and a detail page, 10 s each, as a visitor, in four scenarios:
 * nothing cached on one process and on one process per core; every page
 * rendered but lists and counts cached; the page cache on (as deployed). Writes req/s and latency percentiles (p50 / p95 / p99 from every
 * response time, not autocannon's sampled table) to bench/results/pages.{json,md}.
 *
 *   npx tsx scripts/bench-pages.ts [--investments 100000] [--duration 10] [--warmup 20] [--connections 10] [--only rendered,cached] [--label steady] [--keep]
 *   npx tsx scripts/bench-pages.ts --database file:/tmp/…/bench.db   (reuse a kept database, no seeding)
 *
 * Target (issue 4): list page ≥ 150 req/s on 2 cores. Reported, never asserted.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { openDb } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { investments } from "@/server/db/schema";
import { seedScale } from "@/seed";
import { freePort } from "./lib/free-port";

/* ------------------------------------------------------------ autocannon (untyped) */

interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  /** Round-robin over these paths (relative to url) instead of url alone. */
  requests?: { path: string }[];
}
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { average: number; p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}
interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  on(event: "response", listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): void;
}
const autocannon = createRequire(import.meta.url)("autocannon") as (opts: AutocannonOptions) => AutocannonInstance;

/* ------------------------------------------------------------ arguments */

const { values } = parseArgs({
  options: {
    investments: { type: "string", default: "100000" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "20" },
    /** Comma-separated scenario keys (uncached-1, uncached-2, rendered-2, cached-2); all by default. */
    only: { type: "string" },
    /** Writes bench/results/pages-{label}.{json,md} instead of pages.{json,md}. */
    label: { type: "string" },
    connections: { type: "string", default: "10" },
    keep: { type: "boolean", default: false },
    database: { type: "string" },
  },
});
const N = Number(values.investments);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const WARMUP = Number(values.warmup);
/** What Chrome sends over HTTPS, as visitors of the production site do (the server answers brotli). */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

const root = path.resolve(import.meta.dirname, "..");
const log = (s: string) => console.log(`[bench-pages] ${s}`);

if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.error("[bench-pages] no production build: run `npx next build` first");
  process.exit(1);
}

const dir = mkdtempSync(path.join(os.tmpdir(), "kir-bench-pages-"));

/* ------------------------------------------------------------ build snapshot */

// A project directory of its own: the build output copied (without caches), the rest linked.
const app = path.join(dir, "app");
mkdirSync(path.join(app, ".next"), { recursive: true });
for (const entry of readdirSync(path.join(root, ".next"))) {
  if (["cache", "dev", "trace", "trace-build", "diagnostics"].includes(entry)) continue;
  cpSync(path.join(root, ".next", entry), path.join(app, ".next", entry), { recursive: true, verbatimSymlinks: true });
}
for (const linked of ["node_modules", "public"]) symlinkSync(path.join(root, linked), path.join(app, linked));
for (const file of ["package.json", "next.config.js"]) cpSync(path.join(root, file), path.join(app, file));
const buildId = readFileSync(path.join(app, ".next", "BUILD_ID"), "utf8").trim();
log(`build ${buildId} copied to ${app}`);

/* ------------------------------------------------------------ data */

const url = values.database ?? `file:${path.join(dir, "bench.db")}`;
const db = await openDb(url);
let seedSeconds = 0;
if (values.database) {
  log(`using ${url} as it is`);
} else {
  await migrateDb(db);
  log(`seeding ${N} listings into ${url}`);
  const seeded = await seedScale(db, { investments: N, progress: !!process.stdout.isTTY });
  seedSeconds = seeded.ms.total / 1000;
  log(`seeded in ${seedSeconds.toFixed(1)} s`);
}
const listingCount =
  (
    await db
      .select({ n: sql<number>`count(*)` })
      .from(investments)
      .get()
  )?.n ?? 0;

const visitorVisible = and(eq(investments.public, true), isNull(investments.not_updated_at), eq(investments.members, false));
// A detail with several transports and related listings, from the middle of the newest 1,000.
const detail = await db.select({ id: investments.id }).from(investments).where(visitorVisible).orderBy(desc(investments.public_at)).limit(1).offset(500).get();
const visibleCount =
  (
    await db
      .select({ n: sql<number>`count(*)` })
      .from(investments)
      .where(visitorVisible)
      .get()
  )?.n ?? 0;
db.$client.close();
if (!detail) throw new Error("no visible listing to benchmark");

/* ------------------------------------------------------------ server */

const env = {
  ...process.env,
  NODE_ENV: "production",
  DATABASE_URL: url,
  UPLOAD_DIR: path.join(dir, "uploads"),
  MAIL_OUTBOX_DIR: path.join(dir, "outbox"),
  LOG_LEVEL: "warn",
  APP_SECRET: process.env.APP_SECRET ?? "bench-pages-secret-not-for-production-use",
  // The snapshot directory has no tsconfig of its own: the "@/…" paths come from the project's.
  TSX_TSCONFIG_PATH: path.join(root, "tsconfig.json"),
} as NodeJS.ProcessEnv;

let current: ChildProcess | undefined;
process.on("exit", () => {
  current?.kill("SIGTERM");
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
});

/** The production server (src/server/http/main.ts) on the build snapshot, answering on a free port. */
async function startServer(extra: Record<string, string>): Promise<{ base: string; server: ChildProcess }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(path.join(root, "node_modules", ".bin", "tsx"), [path.join(root, "src/server/http/main.ts"), "-p", String(port), "-H", "127.0.0.1"], {
    cwd: app,
    env: { ...env, ...extra, PORT: String(port), APP_URL: base, REDIS_PREFIX: `bench${port}` },
    stdio: ["ignore", "inherit", "inherit"],
  });
  current = server;
  let exited = false;
  server.on("exit", () => (exited = true));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(base + "/investments")).ok) break;
    } catch {
      // not listening yet
    }
    if (exited) throw new Error("the web server exited");
    if (Date.now() > deadline) throw new Error("the web server did not answer within 60 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, server };
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const gone = new Promise((r) => server.once("exit", r));
  server.kill("SIGTERM");
  await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
  current = undefined;
}

/* ------------------------------------------------------------ load */

const targets = [
  { key: "list", name: "物件一覧 /investments (page 1, visitor)", path: "/investments" },
  {
    key: "filtered",
    name: "絞り込み一覧 (area 3, 一棟マンション/アパート, 3,000万〜3億円, yield ≥ 6 %, by yield, page 2)",
    path: "/investments/page/2?re=3&ty=1&ty=2&lp=3000&hp=30000&ly=6&sr=yield_desc",
  },
  { key: "detail", name: `物件詳細 /investments/${detail.id}`, path: `/investments/${detail.id}` },
  // Reference only: the site chrome around a short text page, what every page pays before its own content.
  { key: "baseline", name: "参考: /login (site chrome + the login form, no listing data)", path: "/login", optional: true },
] as const satisfies readonly { key: string; name: string; path: string; optional?: boolean }[];

interface PageStat {
  key: string;
  name: string;
  path: string;
  bytes: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  /** Server CPU per request (ms): independent of what else the machine runs. */
  cpuMsPerRequest: number;
  /** 1000 / cpuMsPerRequest: what one dedicated core would serve. */
  rpsPerCore: number;
}

/** CPU time (ms) used so far by the server process and its descendants (Linux /proc; 0 elsewhere). */
function serverCpuMs(pid: number | undefined): number {
  if (!pid || process.platform !== "linux") return 0;
  const ticks = 100; // USER_HZ
  const stats = new Map<number, { ppid: number; cpu: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const raw = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = raw.slice(raw.lastIndexOf(")") + 2).split(" ");
      // fields[1] = ppid, fields[11] = utime, fields[12] = stime (after the command name)
      stats.set(Number(entry), { ppid: Number(fields[1]), cpu: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended meanwhile
    }
  }
  const inTree = (p: number): boolean => {
    for (let cur = p, hops = 0; cur > 1 && hops < 50; hops++) {
      if (cur === pid) return true;
      cur = stats.get(cur)?.ppid ?? 0;
    }
    return false;
  };
  let total = 0;
  for (const [p, st] of stats) if (inTree(p)) total += st.cpu;
  return (total * 1000) / ticks;
}

const pct = (sorted: number[], q: number) => Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1));

interface Scenario {
  key: string;
  name: string;
  env: Record<string, string>;
}
/**
 * "Uncached" in the target means the page is rendered for the request (no
 * page cache); the lists and counts it shows may come from their cache
 * (spec §4), as they do in production. Reported next to nothing cached at all
 * and to the page cache as deployed.
 */
const cores = String(os.cpus().length);
const scenarios: Scenario[] = [
  { key: "uncached-1", name: "nothing cached, 1 process", env: { PAGE_CACHE_TTL_SECONDS: "0", DATA_CACHE_TTL_SECONDS: "0", WEB_CONCURRENCY: "1" } },
  { key: "uncached-2", name: `nothing cached, ${cores} processes`, env: { PAGE_CACHE_TTL_SECONDS: "0", DATA_CACHE_TTL_SECONDS: "0", WEB_CONCURRENCY: cores } },
  {
    key: "rendered-2",
    name: `every page rendered, lists and counts cached, ${cores} processes`,
    env: { PAGE_CACHE_TTL_SECONDS: "0", DATA_CACHE_TTL_SECONDS: "600", WEB_CONCURRENCY: cores },
  },
  {
    key: "cached-2",
    name: `page cache on (as deployed), ${cores} processes`,
    env: { PAGE_CACHE_TTL_SECONDS: "600", DATA_CACHE_TTL_SECONDS: "600", WEB_CONCURRENCY: cores },
  },
];

const only = values.only?.split(",").map((k) => k.trim().replace(/-\d+$/, ""));
const stats: (PageStat & { scenario: string })[] = [];
for (const sc of scenarios.filter((x) => !only || only.includes(x.key.replace(/-\d+$/, "")))) {
  log(`scenario: ${sc.name}`);
  const { base, server } = await startServer(sc.env);
  // Warm-up: V8 keeps optimizing Next's and React's rendering code for thousands of requests
  // (req/s of a fresh process rises by half over the first minute), and a server runs for days:
  // every page in turn under load first, so the figures are the steady state.
  const available = [];
  for (const t of targets) if ((await fetch(base + t.path)).status === 200) available.push(t);
  await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: WARMUP,
    requests: available.map((t) => ({ path: t.path })),
    headers: { accept: "text/html", "accept-encoding": BROWSER_ACCEPT_ENCODING },
  });
  for (const t of targets) {
    const first = await fetch(base + t.path);
    const body = await first.text();
    if (first.status !== 200) {
      if ("optional" in t && t.optional) {
        log(`${t.path} answered ${first.status}: skipped`);
        continue;
      }
      throw new Error(`${t.path} answered ${first.status}`);
    }
    // And this page alone: statement caches, the page cache of the database file, every process of the cluster.
    for (let i = 0; i < 40; i++) await (await fetch(base + t.path)).arrayBuffer();

    const times: number[] = [];
    const cpuBefore = serverCpuMs(server.pid);
    const instance = autocannon({
      url: base + t.path,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: { accept: "text/html", "accept-encoding": BROWSER_ACCEPT_ENCODING },
    });
    instance.on("response", (_c, _status, _bytes, ms) => times.push(ms));
    const r = await instance;
    const cpuMs = serverCpuMs(server.pid) - cpuBefore;
    times.sort((a, b) => a - b);
    const s = {
      scenario: sc.key,
      key: t.key,
      name: t.name,
      path: t.path,
      bytes: Buffer.byteLength(body),
      requests: r.requests.total,
      rps: Number((r.requests.total / r.duration).toFixed(1)),
      p50: pct(times, 0.5),
      p95: pct(times, 0.95),
      p99: pct(times, 0.99),
      max: Number((times.at(-1) ?? 0).toFixed(1)),
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
      cpuMsPerRequest: r.requests.total ? Number((cpuMs / r.requests.total).toFixed(2)) : 0,
      rpsPerCore: cpuMs ? Number(((r.requests.total * 1000) / cpuMs).toFixed(1)) : 0,
    };
    stats.push(s);
    log(
      `${sc.key.padEnd(10)} ${t.key.padEnd(9)} ${String(s.rps).padStart(7)} req/s  p50 ${s.p50} ms  p95 ${s.p95} ms  p99 ${s.p99} ms  server CPU ${s.cpuMsPerRequest} ms/req  (${s.requests} requests, ${s.non2xx} non-2xx, ${s.errors} errors, ${(s.bytes / 1024).toFixed(0)} KiB)`,
    );
  }
  await stopServer(server);
}

/* ------------------------------------------------------------ report */

const listOf = (scenario: string) => stats.find((s) => s.scenario === scenario && s.key === "list")?.rps ?? 0;
const uncachedBest = Math.max(listOf("uncached-1"), listOf("uncached-2"), listOf("rendered-2"));
const result = {
  at: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? "",
    node: process.version,
    buildId,
    loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
  },
  setup: {
    investments: listingCount,
    visibleToVisitors: visibleCount,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    warmupSeconds: WARMUP,
    seedSeconds,
  },
  scenarios,
  pages: stats,
  targets: { listRps: 150, listUncachedRps: uncachedBest, listUncachedMet: uncachedBest >= 150, listCachedRps: listOf("cached-2") },
};
const outDir = path.join(root, "bench", "results");
const outName = values.label ? `pages-${values.label.replace(/[^a-z0-9_-]/gi, "")}` : "pages";
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, `${outName}.json`), JSON.stringify(result, null, 2) + "\n");
writeFileSync(
  path.join(outDir, `${outName}.md`),
  [
    `# Pages under load — ${result.at}`,
    "",
    `Machine: ${result.machine.cpus} cores (${result.machine.cpu}), Node ${result.machine.node}; the production server (src/server/http/main.ts: Next's handler, WEB_CONCURRENCY processes, the visitors' page cache) and autocannon on the same machine, loopback. Load average at the end: ${result.machine.loadAverage.join(" / ")} (other work on the machine lowers req/s; server CPU per request does not depend on it).`,
    `Data: ${listingCount.toLocaleString("en")} listings (${visibleCount.toLocaleString("en")} visible to visitors)${seedSeconds ? `, seeded in ${seedSeconds.toFixed(1)} s` : ""}. ${CONNECTIONS} connections, ${DURATION} s per page, as a visitor (no cookies; Accept-Encoding as Chrome sends it over HTTPS, so answered with brotli), after ${WARMUP} s of load over all the pages on each fresh server (V8 keeps optimizing the rendering code for minutes of load: a longer --warmup gives higher figures).`,
    "",
    "| scenario | page | req/s | p50 ms | p95 ms | p99 ms | max ms | non-2xx | server CPU ms/req | ≈ req/s per core | HTML KiB |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...stats.map(
      (s) =>
        `| ${scenarios.find((x) => x.key === s.scenario)?.name ?? s.scenario} | ${s.name} | ${s.rps} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.max} | ${s.non2xx} | ${s.cpuMsPerRequest} | ${s.rpsPerCore} | ${(s.bytes / 1024).toFixed(0)} |`,
    ),
    "",
    `Target: list page ≥ 150 req/s on 2 cores uncached — ${result.targets.listUncachedMet ? "met" : "NOT met"} (${uncachedBest} req/s); cached: ${result.targets.listCachedRps ? `${result.targets.listCachedRps} req/s` : "not run"}.`,
    "",
  ].join("\n"),
);
log(`written to bench/results/${outName}.{json,md}`);
if (values.keep) log(`kept ${url}`);
process.exit(0);
