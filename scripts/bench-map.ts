/**
 * Map search at scale (issue 19): viewport queries (mapView: grid clustering
 * over the in-process snapshot or in SQL, the cards in view, the unplaced count) on the bench
 * database, server side and uncached, for whole Kansai, a city and a
 * neighbourhood at desktop (1280 × 800) and phone (390 × 844) sizes, with and
 * without conditions, as a visitor and as a member. Each run pans a little
 * (a different box every time). Also the payload of each viewport as GET
 * /api/investments/map sends it (JSON, before compression).
 * Targets: p95 ≤ 20 ms, payload ≤ 50 KiB.
 *
 *   called by scripts/bench.ts on its database, or alone:
 *   tsx scripts/bench-map.ts --db file:/path/to/bench.db [--runs 60] [--before old-map.json]
 *     (an existing scale database, migrated; --before adds a before/after table against an earlier
 *     bench/results/map.json; run with NODE_OPTIONS=--expose-gc to measure the snapshot's memory)
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { fromPixel, toPixel } from "@/lib/mercator";
import { parseSearchParams } from "@/schemas/search";
import type { Db } from "@/server/db";
import * as map from "@/server/map";
import { mapSnapshot, mapView, SNAPSHOT_BYTES_PER_LISTING, type Bbox } from "@/server/map";

/** Forgets the map's cached text-condition id sets (absent before they were cached: the "before" runs). */
const forgetTextIds = (db: Db): void => (map as { forgetMapTextIds?: (db: Db) => void }).forgetMapTextIds?.(db);

export const MAP_TARGETS = { p95Ms: 20, payloadKiB: 50 };

type Size = { name: string; width: number; height: number };
const SIZES: Size[] = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
];

const PLACES = [
  { name: "whole Kansai", lat: 34.72, lng: 135.4, zoom: { desktop: 9, phone: 8 } },
  { name: "a city (Osaka)", lat: 34.68, lng: 135.51, zoom: { desktop: 12, phone: 11 } },
  { name: "a neighbourhood (Umeda)", lat: 34.7025, lng: 135.4959, zoom: { desktop: 16, phone: 16 } },
] as const;

const CONDITIONS = [
  { name: "no condition", qs: "" },
  { name: "ty=1&ly=7", qs: "ty=1&ly=7" },
  { name: "lp/hp 3,000万-2億, sw=10", qs: "lp=3000&hp=20000&sw=10" },
  { name: "大阪市, 築30年以内, 耐震適合", qs: "ct=271004&bt=30&fs=2" },
  { name: "大阪/梅田駅 徒歩10分 (SQL ids)", qs: "rg=1160214&sw=10" },
  { name: "fw=天王寺 (SQL ids)", qs: "fw=天王寺" },
  // A free word in about 45 % of the listings: its FTS5 lookup alone is most of a view. "first view" forgets the
  // cached id set before every view (a new search); "same again" pans with the conditions kept, as a visitor does.
  { name: "fw=マンション (SQL ids, first view)", qs: "fw=マンション", cold: true },
  { name: "fw=マンション (SQL ids, same again)", qs: "fw=マンション" },
] as const satisfies readonly { name: string; qs: string; cold?: boolean }[];

export type MapStat = {
  place: string;
  size: string;
  zoom: number;
  conditions: string;
  audience: "visitor" | "member";
  runs: number;
  p50: number;
  p95: number;
  max: number;
  /** Listings in view (last run). */
  inView: number;
  markers: number;
  clusters: number;
  /** Largest payload over the runs, KiB (the REST body: JSON with _id cards). */
  payloadKiB: number;
};

function bboxAt(lat: number, lng: number, zoom: number, size: Size): Bbox {
  const c = toPixel(lat, lng, zoom);
  const nw = fromPixel(c.x - size.width / 2, c.y - size.height / 2, zoom);
  const se = fromPixel(c.x + size.width / 2, c.y + size.height / 2, zoom);
  return [nw.lng, se.lat, se.lng, nw.lat];
}

const pct = (xs: number[], q: number) => Number(xs[Math.min(xs.length - 1, Math.floor(q * xs.length))]!.toFixed(2));

export type SnapshotLoad = {
  ms: number;
  listings: number;
  /** The typed arrays' bytes per listing (fixed by the columns). */
  arrayBytes: number;
  /** Heap + array buffers grown by the load, per listing (id → index map included), when the process runs with --expose-gc. */
  measuredBytes?: number;
};

/** The snapshot's first load (what the first viewport after a process starts pays, unless the server warmed it); call before benchMap. */
export async function timeMapSnapshotLoad(db: Db): Promise<SnapshotLoad> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  const t = performance.now();
  const s = await mapSnapshot(db);
  const ms = Number((performance.now() - t).toFixed(0));
  gc?.();
  const after = process.memoryUsage();
  const grown = after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers;
  return { ms, listings: s.size, arrayBytes: SNAPSHOT_BYTES_PER_LISTING, measuredBytes: gc ? Math.round(grown / Math.max(1, s.size)) : undefined };
}

/** Every viewport of the table above, `runs` pans each. */
export async function benchMap(db: Db, opts: { runs?: number; log?: (line: string) => void } = {}): Promise<MapStat[]> {
  const runs = opts.runs ?? 60;
  const log = opts.log ?? console.log;
  const now = new Date();
  const out: MapStat[] = [];
  for (const place of PLACES) {
    for (const size of SIZES) {
      const zoom = place.zoom[size.name as "desktop" | "phone"];
      for (const cond of CONDITIONS) {
        const query = parseSearchParams(new URLSearchParams(cond.qs));
        for (const audience of ["visitor", "member"] as const) {
          const times: number[] = [];
          let payload = 0;
          let last: Awaited<ReturnType<typeof mapView>> | undefined;
          // a pan of up to half a screen in each direction, the same sequence for every case
          const pan = (i: number) => {
            const c = toPixel(place.lat, place.lng, zoom);
            const dx = Math.sin(i * 1.7) * size.width * 0.5;
            const dy = Math.cos(i * 2.3) * size.height * 0.5;
            return fromPixel(c.x + dx, c.y + dy, zoom);
          };
          for (let i = 0; i < 3; i++) await mapView(db, audience, query, { bbox: bboxAt(place.lat, place.lng, zoom, size), zoom }, now);
          for (let i = 0; i < runs; i++) {
            const p = pan(i);
            const bbox = bboxAt(p.lat, p.lng, zoom, size);
            if ("cold" in cond && cond.cold) forgetTextIds(db);
            const t = performance.now();
            last = await mapView(db, audience, query, { bbox, zoom }, now);
            times.push(performance.now() - t);
            const body = JSON.stringify({ ...last, cards: last.cards.map(({ id, locked: _l, ...c }) => ({ _id: id, ...c })) });
            payload = Math.max(payload, Buffer.byteLength(body));
          }
          times.sort((a, b) => a - b);
          const s: MapStat = {
            place: place.name,
            size: `${size.name} ${size.width}×${size.height}`,
            zoom,
            conditions: cond.name,
            audience,
            runs,
            p50: pct(times, 0.5),
            p95: pct(times, 0.95),
            max: pct(times, 1),
            inView: last?.total ?? 0,
            markers: last?.markers.length ?? 0,
            clusters: last?.clusters.length ?? 0,
            payloadKiB: Number((payload / 1024).toFixed(1)),
          };
          out.push(s);
          const flags = [
            s.p95 <= MAP_TARGETS.p95Ms ? "" : `✗ p95 over ${MAP_TARGETS.p95Ms} ms`,
            s.payloadKiB <= MAP_TARGETS.payloadKiB ? "" : `✗ payload over ${MAP_TARGETS.payloadKiB} KiB`,
          ]
            .filter(Boolean)
            .join(" ");
          log(
            `[bench] map ${s.place.padEnd(24)} ${size.name.padEnd(7)} z${String(zoom).padEnd(2)} ${s.conditions.padEnd(24)} ${audience.padEnd(7)} p50 ${String(s.p50).padStart(6)} ms  p95 ${String(s.p95).padStart(6)} ms  ${String(s.inView).padStart(6)} in view  ${s.payloadKiB} KiB ${flags}`,
          );
        }
      }
    }
  }
  return out;
}

type Before = { at: string; loadAverage: string; viewports: MapStat[]; note?: string };

const caseKey = (s: MapStat) => `${s.place}|${s.size}|${s.conditions}|${s.audience}`;

/** bench/results/map.{json,md}; with `before` (an earlier map.json), a before/after table of the cases both have. */
export function writeMapResults(stats: MapStat[], listings: number, load?: SnapshotLoad, before?: Before): void {
  const dir = path.resolve("bench/results");
  mkdirSync(dir, { recursive: true });
  const at = new Date().toISOString();
  const loadAvg = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" / ");
  writeFileSync(
    path.join(dir, "map.json"),
    JSON.stringify({ at, listings, loadAverage: loadAvg, targets: MAP_TARGETS, snapshotLoad: load, viewports: stats }, null, 2) + "\n",
  );
  const filtered = stats.filter((s) => s.conditions !== "no condition");
  const worst = (xs: MapStat[]) => Math.max(0, ...xs.map((s) => s.p95));
  const md = [
    `# Map search benchmark ${at}`,
    "",
    `${listings} listings; ${os.cpus().length} cores, load average ${loadAvg} when it ran. mapView server side, without the page's cache of shared viewports (the text conditions' id sets are cached inside mapView: see below), each case ${stats[0]?.runs ?? 0} viewports panned around the place. Targets: p95 ≤ ${MAP_TARGETS.p95Ms} ms, payload ≤ ${MAP_TARGETS.payloadKiB} KiB (JSON before compression). Worst p95: ${worst(stats)} ms over all cases, ${worst(filtered)} ms with conditions.`,
    "",
    "## How",
    "",
    "Every viewport is one pass in JavaScript over the in-process snapshot (src/server/map/snapshot.ts): the listings the public site may show, one typed array per column — id, position (microdegrees), visibility, and the searched columns: type, structure, prefecture, area, 取引態様, feature flags (bitmask), city code, price, nearest walk, built and residual dates (YYYYMMDD), yield, size (Float64, NaN for NULL), published and updated times. The pass checks visibility (the members-only rule: visitors skip vis 1), the box and the conditions, bins each match into its grid cell and keeps the first 20 cards of the sort; the only SQL left is the unplaced count (a partial index) and the 20 cards' rows.",
    "",
    'Conditions: the search plan (src/server/search/plan.ts, the boundaries the SQL and the in-memory predicate share) is compiled to a predicate over the columns (src/server/map/filter.ts) for every parameter except 町名 (dt), railway line / station / group (sl st rg, where sw means the walk to that station) and free words (fw, xw). For those, SQL selects the ids those conditions alone match first (buildTextWhere: the FTS index, the transport indexes; no visibility, no other condition), and the pass keeps the points in that set that also pass the columns. Rows marked (SQL ids) are such cases. That id set is cached per process (src/server/map/text-ids.ts: at most 8 sets, a bit set over ids each, keyed by the SQL of those conditions) and dropped at the first viewport after any write that can change it: the write log\'s rows marked text (0014: name, keywords, 町名, transports, listings added or removed), read at every viewport anyway. So a pan or zoom with the same conditions pays no SQL for them; only a new search does ("first view" rows, which forget the cache before every view: a free word in 45 % of the listings, fw=マンション, costs the FTS5 lookup of about 45,000 rows there). The unplaced count takes the same set instead of repeating the lookup.',
    "",
    "After binning, icons whose drawn circles would come within 4 px of each other at the view's zoom are merged into one cluster, closest pair first (src/server/map/merge.ts; sizes from src/lib/map-icons.ts, which the page draws with), so fewer clusters and markers than cells.",
    "",
    "Kept in step by the write log map_changes (0012; 0013 adds the searched columns to its update trigger), read at every viewport (an index range, usually empty). A row whose values do not fit the columns (none in practice) sends views to the former SQL GROUP BY until it is gone, so an answer is never wrong. The server loads the snapshot in the background at start (src/instrumentation.ts), so no visitor pays the load.",
    "",
    load
      ? `Snapshot: ${load.listings} listings loaded in ${load.ms} ms (rows read as one text per 20,000 ids: driver row objects took 1.7 s); ${load.arrayBytes} bytes a listing in the typed arrays${load.measuredBytes !== undefined ? `, ${load.measuredBytes} bytes a listing measured (heap + array buffers after the load, the id → index map included), ${((load.measuredBytes * load.listings) / 2 ** 20).toFixed(1)} MiB in all` : ""}. (The row-object attempt, branch mapfast-snapshot-attempt: 9.3 s and +179 MiB.)`
      : "",
    "",
    "| place | size | zoom | conditions | audience | p50 ms | p95 ms | max ms | in view | markers | clusters | payload KiB |",
    "|---|---|---:|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ...stats.map(
      (s) =>
        `| ${s.place} | ${s.size} | ${s.zoom} | ${s.conditions} | ${s.audience} | ${s.p50} | ${s.p95} | ${s.max} | ${s.inView} | ${s.markers} | ${s.clusters} | ${s.payloadKiB} |`,
    ),
    "",
  ];
  if (before) {
    const old = new Map(before.viewports.map((s) => [caseKey(s), s]));
    const both = stats.filter((s) => old.has(caseKey(s)));
    md.push(
      `## Before / after`,
      "",
      `Before: the same database and runs at ${before.at}, load average ${before.loadAverage} (${before.note ?? "an earlier version"}). After: the table above. Cases the before run did not have are left out here.`,
      "",
      "Markers and clusters are last run's counts; they change where the after run merges icons that would overlap (merge.ts), the number in view does not.",
      "",
      "| place | size | zoom | conditions | audience | p95 before ms | p95 after ms | p50 before | p50 after | same in view | markers before → after | clusters before → after |",
      "|---|---|---:|---|---|---:|---:|---:|---:|---|---:|---:|",
      ...both.map((s) => {
        const b = old.get(caseKey(s))!;
        const same = b.inView === s.inView ? "yes" : `no (${b.inView})`;
        return `| ${s.place} | ${s.size} | ${s.zoom} | ${s.conditions} | ${s.audience} | ${b.p95} | ${s.p95} | ${b.p50} | ${s.p50} | ${same} | ${b.markers} → ${s.markers} | ${b.clusters} → ${s.clusters} |`;
      }),
      "",
      `Worst p95 with conditions: before ${worst(before.viewports.filter((s) => s.conditions !== "no condition"))} ms, after ${worst(both.filter((s) => s.conditions !== "no condition"))} ms.`,
      "",
    );
  }
  md.push(...lighthouseSection(dir));
  writeFileSync(path.join(dir, "map.md"), md.join("\n"));
}

type FrontendPage = {
  key: string;
  path: string;
  bytes?: { js: number; css: number; font: number; image: number; html: number; total: number };
  lighthouse: {
    performance: number;
    accessibility: number;
    bestPractices: number;
    seo: number;
    fcpMs: number;
    lcpMs: number;
    tbtMs: number;
    cls: number;
    speedIndexMs: number;
    lcpElement?: string;
    runs: number[];
  } | null;
};

/** The map page's own Lighthouse mobile figures, from `bench-frontend.ts --only map --label map` (bench/results/frontend-map.json) when it ran. */
function lighthouseSection(dir: string): string[] {
  let result: { at: string; machine: { loadAverage: number[] }; lighthouse: { runs: number } | null; pages: FrontendPage[] };
  try {
    result = JSON.parse(readFileSync(path.join(dir, "frontend-map.json"), "utf8")) as typeof result;
  } catch {
    return [];
  }
  const page = result.pages.find((p) => p.key === "map");
  const l = page?.lighthouse;
  if (!page || !l) return [];
  const b = page.bytes;
  return [
    "## The map page on a phone (Lighthouse)",
    "",
    `\`npx tsx scripts/bench-frontend.ts --only map --label map\` after \`npx next build\`, at ${result.at} (load average ${result.machine.loadAverage.join(" / ")}): Lighthouse 12 mobile preset (simulated slow 4G, 4× CPU), median of ${result.lighthouse?.runs ?? "?"} runs, production server with demo data, base map from the local tile stand-in. Full table: bench/results/frontend-map.md.`,
    "",
    "| page | performance (runs) | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms | JS KiB | total KiB |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    `| \`${page.path}\` | ${l.performance} (${l.runs.join("/")}) | ${l.accessibility} | ${l.bestPractices} | ${l.seo} | ${l.fcpMs} | ${l.lcpMs} | ${l.tbtMs} | ${l.cls} | ${l.speedIndexMs} | ${b?.js ?? "—"} | ${b?.total ?? "—"} |`,
    "",
    `LCP element: \`${l.lcpElement ?? "?"}\` — a base-map tile, which the browser can only ask for once the page's script, then Leaflet (loaded by the map component alone), has run: the LCP is the script's download on slow 4G plus that chain. JS: every public page carries 175–181 KiB by this counting (tests/e2e/page-weight.test.ts); the map page adds Leaflet and the map component (about 45 KiB), and only the map page loads them (the byte budgets of the other pages hold).`,
    "",
  ];
}

// Alone: on an existing scale database.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { db: { type: "string" }, runs: { type: "string", default: "60" }, before: { type: "string" } } });
  if (!values.db) throw new Error("--db file:/path/to/a/scale.db (or run npm run bench)");
  const { openDb } = await import("@/server/db");
  const db = await openDb(values.db);
  const [row] = await db.all<{ n: number }>((await import("drizzle-orm")).sql`SELECT count(*) AS n FROM investments`);
  const load = await timeMapSnapshotLoad(db);
  const stats = await benchMap(db, { runs: Number(values.runs) });
  const before = values.before ? (JSON.parse(readFileSync(values.before, "utf8")) as Before) : undefined;
  writeMapResults(stats, row?.n ?? 0, load, before);
}
