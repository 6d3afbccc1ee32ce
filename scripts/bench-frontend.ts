/**
 * Front end on a phone: `npx tsx scripts/bench-frontend.ts` (after `npx next build`), also the last
 * section of `npm run bench` (`--skip-frontend` leaves it out there).
 *
 * Migrates and demo-seeds a temp database, starts the production server (src/server/http/main.ts,
 * which compresses as deployed; page cache off so every run renders) on a free loopback port, and
 * for each page of issue 21 (plus My Page and the admin listing list, reported only):
 *   - what a first visit downloads at phone width in Debian's Chromium (scripts/lib/page-weight.ts,
 *     the same counting as the byte budgets in tests/e2e/page-weight.test.ts);
 *   - Lighthouse 12, mobile preset (simulated slow 4G, 4× CPU slowdown), --runs times (5): every run
 *     (score, FCP / LCP / TBT / CLS, the machine's load average and Lighthouse's benchmarkIndex at that
 *     run, the long tasks over 50 ms summed by script, the layout-shift sources) and the median run
 *     (Lighthouse's computeMedianRun): performance, accessibility, best practices, SEO, its byte counts.
 * Writes bench/results/frontend.{json,md} (or frontend-{label}). Targets are reported, never asserted:
 * scores move with the machine's load (the load average is written next to them).
 *
 *   npx tsx scripts/bench-frontend.ts [--runs 5] [--only home,list] [--bytes-only] [--label before] [--block '*.woff2']
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import { and, asc, eq, isNull } from "drizzle-orm";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { chromium } from "playwright-core";
import { openDb } from "@/server/db";
import { admins, cms_posts, investments, users } from "@/server/db/schema";
import { createSession, SESSION_COOKIE, type AccountKind } from "@/server/auth/session";
import { freePort } from "./lib/free-port";
// @ts-expect-error: a plain .mjs module (the setup the test and dev commands share), no types
import { ensureChromium } from "./lib/prepare.mjs";
import { kib, measurePageWeight, type PageWeight } from "./lib/page-weight";
import { startTileServer } from "./lib/tile-server";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    only: { type: "string" },
    "bytes-only": { type: "boolean", default: false },
    label: { type: "string" },
    block: { type: "string" },
    "trace-dir": { type: "string" },
  },
});
const RUNS = Math.max(1, Number(values.runs));
// Debian's Chromium (and the CJK fonts), installed by the project's own setup when missing, as for the tests.
if (!process.env.CHROME_PATH) ensureChromium();
const root = path.resolve(import.meta.dirname, "..");
const bin = (n: string) => path.join(root, "node_modules", ".bin", n);
const log = (s: string) => console.log(`[bench-frontend] ${s}`);
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.error("[bench-frontend] no production build: run `npx next build` first");
  process.exit(1);
}

/* ------------------------------------------------------------ data and server */

const dir = mkdtempSync(path.join(os.tmpdir(), "kir-bench-frontend-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const adminBase = process.env.ADMIN_BASE_PATH ?? "/_kanri-7f3c";
// The map pages' base map from a local stand-in, never the real tile servers.
const tiles = await startTileServer();
const env = {
  ...process.env,
  MAP_TILE_URL: `${tiles.url}/{z}/{x}/{y}.png`,
  HAZARD_TILE_BASE_URL: tiles.hazard.base,
  NODE_ENV: "production",
  PORT: String(port),
  APP_URL: base,
  DATABASE_URL: `file:${path.join(dir, "bench.db")}`,
  UPLOAD_DIR: path.join(dir, "uploads"),
  MAIL_OUTBOX_DIR: path.join(dir, "outbox"),
  REDIS_PREFIX: `benchfe${port}`,
  LOG_LEVEL: "warn",
  APP_SECRET: process.env.APP_SECRET ?? "bench-frontend-secret-not-for-production-use",
  PAGE_CACHE_TTL_SECONDS: "0",
} as NodeJS.ProcessEnv;
for (const script of ["scripts/migrate.ts", "scripts/seed.ts"]) {
  const r = spawnSync(bin("tsx"), [script], { cwd: root, env, stdio: "inherit" });
  if (r.status !== 0) throw new Error(`${script} failed`);
}

const db = await openDb(env.DATABASE_URL!);
const listing = await db
  .select({ id: investments.id })
  .from(investments)
  .where(and(eq(investments.public, true), isNull(investments.not_updated_at), eq(investments.members, false)))
  .orderBy(asc(investments.id))
  .get();
const post = await db.select({ slug: cms_posts.slug }).from(cms_posts).where(eq(cms_posts.status, "published")).get();
const member = await db.select({ id: users.id }).from(users).where(eq(users.email, "member@example.com")).get();
const admin = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, "admin@example.com")).get();
async function cookieFor(kind: AccountKind, id: number | undefined): Promise<string | undefined> {
  if (id === undefined) return undefined;
  const { token } = await createSession(db, kind, id);
  return `${SESSION_COOKIE[kind]}=${token}`;
}
const memberCookie = await cookieFor("user", member?.id);
const adminCookie = await cookieFor("admin", admin?.id);
db.$client.close();

let server: ChildProcess | undefined = spawn(bin("tsx"), ["src/server/http/main.ts", "-p", String(port), "-H", "127.0.0.1"], {
  cwd: root,
  env,
  stdio: ["ignore", "inherit", "inherit"],
});
process.on("exit", () => {
  server?.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
});
for (const deadline = Date.now() + 60_000; ;) {
  try {
    if ((await fetch(base + "/")).ok) break;
  } catch {
    // not listening yet
  }
  if (Date.now() > deadline) throw new Error("the web server did not answer within 60 s");
  await new Promise((r) => setTimeout(r, 250));
}

/* ------------------------------------------------------------ pages */

interface Target {
  key: string;
  name: string;
  path: string;
  /** JavaScript budget (KiB) from issue 21; undefined: reported only. */
  jsBudget?: number;
  cookie?: string;
}
const targets: Target[] = [
  // content pages: served without Next's scripts when nothing on them needs React (src/server/http/static-pages.ts)
  { key: "home", name: "トップ", path: "/", jsBudget: 100 },
  { key: "list", name: "物件一覧", path: "/investments", jsBudget: 130 },
  { key: "filtered", name: "絞り込み一覧", path: "/investments/page/1?ty=1", jsBudget: 130 },
  ...(listing ? [{ key: "detail", name: "物件詳細", path: `/investments/${listing.id}`, jsBudget: 130 }] : []),
  { key: "area", name: "エリアから探す", path: "/investments/search/area", jsBudget: 130 },
  { key: "train", name: "沿線・駅から探す", path: "/investments/search/train", jsBudget: 130 },
  { key: "feature", name: "こだわり条件から探す", path: "/investments/search/feature", jsBudget: 130 },
  // the map search (issue 19: figures reported, no target) carries Leaflet on top of a list page's script
  { key: "map", name: "地図で探す", path: "/investments/map" },
  { key: "blogs", name: "ブログ一覧", path: "/blogs", jsBudget: 100 },
  ...(post ? [{ key: "post", name: "ブログ記事", path: `/blogs/${encodeURIComponent(post.slug)}`, jsBudget: 100 }] : []),
  // forms: hydrated (the bot check and the shared-schema validation run in the browser); held at what
  // they reach in tests/e2e/page-weight.test.ts (HELD.interactive), not a figure of issue 21
  { key: "consult", name: "個別相談", path: "/contacts/consult", jsBudget: 148 },
  { key: "login", name: "ログイン", path: "/login", jsBudget: 148 },
  ...(memberCookie ? [{ key: "mypage", name: "マイページ (会員)", path: "/mypage", cookie: memberCookie }] : []),
  ...(adminCookie ? [{ key: "admin-list", name: "管理: 物件一覧 (管理者)", path: `${adminBase}/investments`, cookie: adminCookie }] : []),
];
/** Pages held to the content pages' TBT target (100 ms) rather than the search pages' 200 ms. */
const CONTENT = new Set(["home", "blogs", "post"]);
const only = values.only?.split(",").map((s) => s.trim());
const chosen = targets.filter((t) => !only || only.includes(t.key));

/* ------------------------------------------------------------ bytes */

const browser = await chromium.launch({ executablePath: CHROME, headless: true, args: CHROME_FLAGS.filter((f) => !f.startsWith("--headless")) });
const weights = new Map<string, PageWeight>();
for (const t of chosen) {
  const w = await measurePageWeight(browser, base + t.path, {
    setup: t.cookie
      ? async (context) => {
          const [name, value] = t.cookie!.split("=") as [string, string];
          await context.addCookies([{ name, value, url: base }]);
        }
      : undefined,
  });
  weights.set(t.key, w);
  log(
    `${t.key.padEnd(10)} ${w.status} JS ${kib(w.bytes.js)} KiB, fonts ${kib(w.bytes.font)}, CSS ${kib(w.bytes.css)}, images ${kib(w.bytes.image)}, HTML ${kib(w.bytes.html)}, total ${kib(w.bytes.total)} KiB; render-blocking ${w.renderBlocking.length} (${kib(w.renderBlocking.reduce((s, r) => s + r.bytes, 0))} KiB)`,
  );
}
await browser.close();

/* ------------------------------------------------------------ Lighthouse */

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  lcpElement: string;
  bytes: Record<string, number>;
  runs: Run[];
  /** The audits that cost accessibility, best practices or SEO points in the median run (id: the first element named). */
  failed: string[];
}
/** One Lighthouse run: the figures next to what the machine could spare at that moment. */
interface Run {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's own CPU probe (higher is faster; ~1,000–1,700 on this 2-core machine kind idle). */
  benchmarkIndex: number | null;
  /** 1-minute load average when the run ended. */
  load: number;
  /** Main-thread tasks over 50 ms (Lighthouse's long-tasks audit, simulated timings), summed by script. */
  longTasks: { script: string; count: number; ms: number; longestMs: number }[];
  /** Layout-shift sources (Lighthouse's layout-shifts audit): the element and its score. */
  shifts: { node: string; score: number }[];
  /**
   * Where the main thread's time went (Lighthouse's mainthread-work-breakdown, ms by category:
   * script evaluation, style & layout, parse HTML & CSS, rendering, garbage collection, other):
   * tells a page whose blocking time is not its JavaScript (0 KiB of it) from one whose is.
   */
  mainThread: { group: string; ms: number }[];
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
/** What a score under 100 in accessibility, best practices or SEO is made of: each weighted audit that failed, with the first element it names. */
function failedAudits(lhr: Lhr): string[] {
  const out: string[] = [];
  for (const id of ["accessibility", "best-practices", "seo"]) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!ref.weight || !audit || audit.score === null || audit.score >= 1) continue;
      const first = (audit.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items?.[0]?.node?.snippet;
      out.push(`${ref.id}${first ? ` ${first.slice(0, 100)}` : ""}`);
    }
  }
  return out;
}
function runOf(lhr: Lhr): Run {
  const num = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  const byScript = new Map<string, { count: number; ms: number; longestMs: number }>();
  const tasks = (lhr.audits["long-tasks"]?.details as { items?: { url?: string; duration?: number }[] } | undefined)?.items ?? [];
  for (const t of tasks) {
    const duration = t.duration ?? 0;
    if (duration < 50) continue;
    // The file name is enough to find the chunk (the origin is the bench's loopback server).
    const script = (t.url ?? "").replace(/^https?:\/\/[^/]+/, "").replace(/\?.*$/, "") || "(no script)";
    const e = byScript.get(script) ?? { count: 0, ms: 0, longestMs: 0 };
    e.count++;
    e.ms += duration;
    e.longestMs = Math.max(e.longestMs, duration);
    byScript.set(script, e);
  }
  const shiftItems =
    (lhr.audits["layout-shifts"]?.details as { items?: { node?: { snippet?: string; nodeLabel?: string; selector?: string }; score?: number }[] } | undefined)
      ?.items ?? [];
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: num("first-contentful-paint"),
    lcpMs: num("largest-contentful-paint"),
    tbtMs: num("total-blocking-time"),
    cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN).toFixed(3)),
    benchmarkIndex: lhr.environment?.benchmarkIndex ? Math.round(lhr.environment.benchmarkIndex) : null,
    load: Number(os.loadavg()[0]!.toFixed(2)),
    longTasks: [...byScript]
      .map(([script, e]) => ({ script, count: e.count, ms: Math.round(e.ms), longestMs: Math.round(e.longestMs) }))
      .sort((a, b) => b.ms - a.ms),
    mainThread: ((lhr.audits["mainthread-work-breakdown"]?.details as { items?: { group?: string; duration?: number }[] } | undefined)?.items ?? [])
      .map((i) => ({ group: i.group ?? "other", ms: Math.round(i.duration ?? 0) }))
      .filter((i) => i.ms > 0)
      .sort((a, b) => b.ms - a.ms),
    shifts: shiftItems.map((i) => ({
      node: (i.node?.selector ?? i.node?.nodeLabel ?? i.node?.snippet ?? "").slice(0, 100),
      score: Number((i.score ?? 0).toFixed(4)),
    })),
  };
}
const scores = new Map<string, Scores>();
if (!values["bytes-only"]) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    for (const t of chosen) {
      const lhrs = [];
      const runs: Run[] = [];
      // A run left out (below) is run again, up to as many more as asked for, so that the median is of
      // --runs runs: on 2026-11-29, 3 of 10 runs of list and detail had no navigation start in the trace.
      for (let i = 0; runs.length < RUNS && i < RUNS * 2; i++) {
        const r = await lighthouse(base + t.path, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          extraHeaders: t.cookie ? { Cookie: t.cookie } : undefined,
          // --block '*.woff2,*.webp': what a page costs without those requests (a diagnosis, never the figures of record)
          blockedUrlPatterns: values.block ? values.block.split(",") : undefined,
        });
        // --trace-dir DIR: each run's DevTools trace (to look at what a category such as "other" holds)
        if (values["trace-dir"] && r?.artifacts) {
          mkdirSync(values["trace-dir"], { recursive: true });
          const trace = (r.artifacts as { Trace?: unknown }).Trace;
          if (trace) writeFileSync(path.join(values["trace-dir"], `${t.key}-${i + 1}.json`), JSON.stringify(trace));
        }
        // A run without a first paint (NO_FCP: the page did not paint within Lighthouse's wait, seen on a
        // loaded machine; NO_NAVSTART: the trace lost the navigation) has no metrics to take a median of:
        // logged, left out and run again.
        if (r?.lhr.audits["first-contentful-paint"]?.numericValue === undefined)
          log(`${t.key} run ${i + 1}: no FCP (${r?.lhr.runtimeError?.code ?? "no report"}), left out`);
        else {
          lhrs.push(r.lhr);
          const run = runOf(r.lhr);
          runs.push(run);
          log(
            `${t.key.padEnd(10)} run ${i + 1}: perf ${run.performance} TBT ${run.tbtMs} ms CLS ${run.cls} LCP ${run.lcpMs} ms  benchmarkIndex ${run.benchmarkIndex} load ${run.load}  long tasks ${run.longTasks.map((l) => `${l.script.split("/").pop()} ${l.ms}`).join(", ") || "none"}  main thread ${run.mainThread.map((m) => `${m.group} ${m.ms}`).join(", ")}`,
          );
        }
      }
      if (!lhrs.length) continue;
      const lhr = computeMedianRun(lhrs);
      const num = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
      const cat = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const summary = (lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
      const lcpItems = (
        lhr.audits["largest-contentful-paint-element"]?.details as { items?: { items?: { node?: { nodeLabel?: string; snippet?: string } }[] }[] } | undefined
      )?.items;
      const lcpNode = lcpItems?.[0]?.items?.[0]?.node;
      const s: Scores = {
        performance: cat("performance"),
        accessibility: cat("accessibility"),
        bestPractices: cat("best-practices"),
        seo: cat("seo"),
        fcpMs: num("first-contentful-paint"),
        lcpMs: num("largest-contentful-paint"),
        tbtMs: num("total-blocking-time"),
        cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN).toFixed(3)),
        speedIndexMs: num("speed-index"),
        lcpElement: (lcpNode?.snippet ?? lcpNode?.nodeLabel ?? "").slice(0, 120),
        bytes: Object.fromEntries(summary.map((i) => [i.resourceType, Math.round(i.transferSize / 1024)])),
        runs,
        failed: failedAudits(lhr),
      };
      scores.set(t.key, s);
      log(
        `${t.key.padEnd(10)} perf ${s.performance} (runs ${s.runs.map((r) => r.performance).join("/")}) a11y ${s.accessibility} bp ${s.bestPractices} seo ${s.seo}${s.failed.length ? ` (failed: ${s.failed.join("; ")})` : ""}  FCP ${s.fcpMs} ms  LCP ${s.lcpMs} ms  TBT ${s.tbtMs} ms  CLS ${s.cls}  (load ${os.loadavg()[0]!.toFixed(2)})`,
      );
    }
  } finally {
    chrome.kill();
  }
}

server.kill("SIGTERM");
server = undefined;
await tiles.close();

/* ------------------------------------------------------------ report */

const loadAverage = os.loadavg().map((l) => Number(l.toFixed(2)));
const pages = chosen.map((t) => {
  const w = weights.get(t.key);
  const blockingCss = w?.renderBlocking.filter((r) => r.kind === "css") ?? [];
  return {
    key: t.key,
    name: t.name,
    path: t.path,
    reportedOnly: t.jsBudget === undefined,
    bytes: w && {
      js: kib(w.bytes.js),
      font: kib(w.bytes.font),
      css: kib(w.bytes.css),
      image: kib(w.bytes.image),
      html: kib(w.bytes.html),
      total: kib(w.bytes.total),
      renderBlockingRequests: w.renderBlocking.length,
      renderBlockingCss: kib(blockingCss.reduce((s, r) => s + r.bytes, 0)),
      preloadedFonts: w.preloadedFonts.length,
    },
    lighthouse: scores.get(t.key) ?? null,
    budgets: w && {
      js: t.jsBudget === undefined ? null : w.bytes.js <= t.jsBudget * 1024,
      font: w.bytes.font <= 120 * 1024,
      css: blockingCss.length <= 1 && blockingCss.reduce((s, r) => s + r.bytes, 0) <= 25 * 1024,
      total: w.bytes.total <= 400 * 1024,
    },
  };
});
const result = {
  at: new Date().toISOString(),
  machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? "", node: process.version, loadAverage },
  lighthouse: values["bytes-only"] ? null : { version: "12", preset: "mobile (simulated slow 4G, 4× CPU)", runs: RUNS, chrome: CHROME },
  targets: {
    performance: 95,
    fcpMs: 1800,
    lcpMs: 2500,
    tbtMs: "200 list, filtered list, detail, map; 100 home and content pages (issue 31)",
    cls: "0.02 in every run (issue 31)",
    fontKiB: 120,
    renderBlockingCssKiB: 25,
    totalKiB: 400,
    jsKiB: "130 list, search and detail; 100 content (home, blog); forms held at 148",
  },
  pages,
};
const outDir = path.join(root, "bench", "results");
const outName = values.label ? `frontend-${values.label.replace(/[^a-z0-9_-]/gi, "")}` : "frontend";
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, `${outName}.json`), JSON.stringify(result, null, 2) + "\n");
const mark = (ok: boolean | null | undefined) => (ok === null || ok === undefined ? "" : ok ? "" : " ✗");
writeFileSync(
  path.join(outDir, `${outName}.md`),
  [
    `# Front end on a phone — ${result.at}`,
    "",
    `Machine: ${result.machine.cpus} cores (${result.machine.cpu}), Node ${result.machine.node}; load average at the end ${loadAverage.join(" / ")} (Lighthouse's simulated timings scale with the CPU the machine can spare: compare scores on a quiet machine only). Production server with demo data, page cache off.`,
    "",
    "Bytes: a first visit at 390 px in Chromium, compressed bytes on the wire (KiB). Budgets (issue 21): JS ≤ 130 list, search entry and detail, ≤ 100 content (home, blog; served without React); the forms (login, consult) held at 148; fonts ≤ 120; render-blocking CSS ≤ 25 in one request; total ≤ 400.",
    "",
    "| page | path | JS | fonts | CSS | blocking CSS (requests) | images | HTML | total |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ...pages.map((p) =>
      p.bytes
        ? `| ${p.name}${p.reportedOnly ? " (reported)" : ""} | \`${p.path}\` | ${p.bytes.js}${mark(p.budgets?.js)} | ${p.bytes.font}${mark(p.budgets?.font)} | ${p.bytes.css} | ${p.bytes.renderBlockingCss} (${p.bytes.renderBlockingRequests})${mark(p.budgets?.css)} | ${p.bytes.image} | ${p.bytes.html} | ${p.bytes.total}${mark(p.budgets?.total)} |`
        : `| ${p.name} | \`${p.path}\` | — | — | — | — | — | — | — |`,
    ),
    "",
    ...(values["bytes-only"]
      ? ["Lighthouse: not run (--bytes-only)."]
      : [
          `Lighthouse 12, mobile preset, median of ${RUNS} runs. Targets (issue 31): performance ≥ 95, LCP ≤ 2.5 s, TBT ≤ 200 ms on list, filtered list, detail and map (≤ 100 on home and content pages), CLS ≤ 0.02 in every run; accessibility, best practices, SEO 100.`,
          "",
          "| page | performance (runs) | FCP ms | LCP ms | TBT ms | CLS | SI ms | a11y | BP | SEO | LCP element |",
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
          ...pages.map((p) => {
            const s = p.lighthouse;
            if (!s) return `| ${p.name} | — | | | | | | | | | |`;
            const tbtTarget = CONTENT.has(p.key) ? 100 : 200;
            const maxCls = Math.max(...s.runs.map((r) => r.cls));
            return `| ${p.name}${p.reportedOnly ? " (reported)" : ""} | ${s.performance}${mark(s.performance >= 95)} (${s.runs.map((r) => r.performance).join(" / ")}) | ${s.fcpMs} | ${s.lcpMs}${mark(s.lcpMs <= 2500)} | ${s.tbtMs}${mark(s.tbtMs <= tbtTarget)} | ${s.cls} (max ${maxCls})${mark(maxCls <= 0.02)} | ${s.speedIndexMs} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} | \`${s.lcpElement.replace(/[|`]/g, " ")}\` |`;
          }),
          ...(pages.some((p) => p.lighthouse?.failed.length)
            ? [
                "",
                "Audits under 100 in accessibility, best practices or SEO (median run; the first element each names):",
                "",
                ...pages.flatMap((p) => (p.lighthouse?.failed ?? []).map((f) => `- ${p.name}: \`${f.replace(/[|`]/g, " ")}\``)),
              ]
            : []),
          "",
          "### Every run",
          "",
          "`benchmarkIndex` is Lighthouse's CPU probe at that run (higher is faster; the simulated timings scale with it), load the 1-minute load average. A run whose benchmarkIndex is well below the others says the machine was busy, not that the page got slower: compare the structure (long tasks by script, shift sources) before the score.",
          "",
          "| page | run | perf | TBT ms | CLS | LCP ms | benchmarkIndex | load | long tasks > 50 ms by script (total ms, count, longest) | main thread by category (ms) | layout shifts |",
          "|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|",
          ...pages.flatMap((p) =>
            (p.lighthouse?.runs ?? []).map(
              (r, i) =>
                `| ${p.name} | ${i + 1} | ${r.performance} | ${r.tbtMs} | ${r.cls} | ${r.lcpMs} | ${r.benchmarkIndex ?? "—"} | ${r.load} | ${r.longTasks.map((l) => `\`${l.script.split("/").pop()}\` ${l.ms} (${l.count}, ${l.longestMs})`).join("; ") || "none"} | ${(r.mainThread ?? []).map((m) => `${m.group} ${m.ms}`).join("; ")} | ${r.shifts.map((x) => `\`${x.node.replace(/[|`]/g, " ")}\` ${x.score}`).join("; ") || "none"} |`,
            ),
          ),
        ]),
    "",
  ].join("\n"),
);
log(`written to bench/results/${outName}.{json,md}`);
process.exit(0);
