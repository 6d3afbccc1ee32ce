/**
 * The map's in-process snapshot (issue 19, speed): every listing the public
 * site may show (investments_geo.vis ≥ 1) with its id, public position
 * (microdegrees on the 0.001° grid of src/lib/public-position.ts: the index
 * holds nothing finer, drizzle/0015_map_public_position.sql),
 * visibility and the searched columns of the list search, one typed array per
 * column, so a viewport — with or without conditions — is filtered, binned
 * and its cards picked in JavaScript (a few ms for 100,000 listings) instead
 * of a GROUP BY in SQLite over every point in view (30–170 ms at low zoom).
 * 86 bytes a listing in the arrays, plus the id → index map (bench/results/map.md).
 *
 * Columns and their "no value" marks (chosen so that a comparison with the
 * mark fails exactly where SQL's comparison with NULL does, and so that the
 * mark sorts where SQLite sorts NULL in each sort order):
 *   type, pref            Uint8   (never NULL)
 *   structure, area, tx   Uint8   0 = NULL (codes start at 1)
 *   flags                 Uint8   has_cert 1, has_repair 2, price_down 4, is_full 8, new_quake 16, premium 32, hazard_out 64,
 *                                 freehold 128
 *   city                  Int32   the 6-digit city_cd as a number (same order as the text)
 *   price                 Int32   万円
 *   walk                  Uint16  station_time, 65535 = NULL
 *   built, residual       Int32   'YYYY-MM-DD' as YYYYMMDD (same order as the text), 0 = NULL
 *   yield, size           Float64 NaN = NULL (size: the search's size rule, listings/rules.ts searchSize)
 *   netYield, sekisan     Float64 NaN = NULL (net_yield, sekisan_ratio: ny, sk and their sorts, issue 33)
 *   publicAt, updateAt    Float64 epoch ms, NaN = NULL
 * A row whose value does not fit its column (a city code that is not 6
 * digits, a date not in ISO form …) is counted in `odd`; while any is held,
 * views with conditions go the SQL way (view.ts), so an answer is never wrong.
 *
 * Kept in step by the write log map_changes (drizzle/0012_map_changes.sql,
 * 0013 for the searched columns, 0022 for the deal's numbers): each viewport first reads the log after the
 * last seq it applied (an index range, usually empty) and re-reads just those
 * listings' rows, so a write is on the map at the next request, in every
 * process (read-your-writes for the staff who just edited, whatever the
 * public-content announcements). A gap (the log was trimmed) or a large batch
 * reloads whole. Rows marked `text` (0014) also drop the cached id sets of
 * the text conditions (text-ids.ts). `warmMapSnapshot` (src/instrumentation.ts) loads it when the
 * server starts, so the first visitor does not pay the load.
 */
import { sql } from "drizzle-orm";
import { isProcessDb, type Db } from "@/server/db";
import { env } from "@/server/env";
import { searchSizeSqlText } from "@/server/listings";
import { logger } from "@/server/logger";

export const FLAG = { cert: 1, repair: 2, priceDown: 4, full: 8, newQuake: 16, premium: 32, hazardOut: 64, freehold: 128 } as const;
/** walk's NULL: larger than any sw (≤ 120), and last in walk_asc as SQLite's NULLS LAST. */
export const WALK_NULL = 65535;

export interface MapSnapshot {
  /** Points 0 … size − 1 are live. */
  size: number;
  id: Int32Array;
  /** Microdegrees, as the R*Tree stores them: the public point, never the stored one. */
  lat: Int32Array;
  lng: Int32Array;
  /** investments_geo.vis: 2 everyone, 1 members only (0, nobody on the public site, is not held). */
  vis: Uint8Array;
  type: Uint8Array;
  structure: Uint8Array;
  pref: Uint8Array;
  area: Uint8Array;
  tx: Uint8Array;
  flags: Uint8Array;
  city: Int32Array;
  price: Int32Array;
  walk: Uint16Array;
  built: Int32Array;
  residual: Int32Array;
  yield: Float64Array;
  size_: Float64Array;
  netYield: Float64Array;
  sekisan: Float64Array;
  publicAt: Float64Array;
  updateAt: Float64Array;
  /** 1 where the row's values did not all fit their columns. */
  oddRow: Uint8Array;
  /** How many live rows are odd. */
  odd: number;
  /** id → point index. */
  at: Map<number, number>;
  /** The last map_changes.seq applied. */
  seq: number;
  /**
   * The seq of the last applied write that can change what the text
   * conditions select (map_changes.text, 0014); the load's seq after a load.
   * A cached id set (text-ids.ts) holds for the textSeq it was read under.
   */
  textSeq: number;
  /** The text conditions' id sets by key, least recently used first (text-ids.ts). */
  textIds: Map<string, TextIdsEntry>;
}

/** Ids as a membership test (text-ids.ts). */
export interface IdSet {
  size: number;
  has(id: number): boolean;
}
export interface TextIdsEntry {
  /** The snapshot's textSeq when the SQL was sent: valid while it is still the current one. */
  textSeq: number;
  ids: Promise<IdSet>;
}

type ColumnKey = Exclude<keyof MapSnapshot, "size" | "odd" | "at" | "seq" | "textSeq" | "textIds">;
const COLUMNS = {
  id: Int32Array,
  lat: Int32Array,
  lng: Int32Array,
  vis: Uint8Array,
  type: Uint8Array,
  structure: Uint8Array,
  pref: Uint8Array,
  area: Uint8Array,
  tx: Uint8Array,
  flags: Uint8Array,
  city: Int32Array,
  price: Int32Array,
  walk: Uint16Array,
  built: Int32Array,
  residual: Int32Array,
  yield: Float64Array,
  size_: Float64Array,
  netYield: Float64Array,
  sekisan: Float64Array,
  publicAt: Float64Array,
  updateAt: Float64Array,
  oddRow: Uint8Array,
} satisfies Record<ColumnKey, { BYTES_PER_ELEMENT: number; new (n: number): unknown }>;
const KEYS = Object.keys(COLUMNS) as ColumnKey[];

/** Bytes a listing takes in the typed arrays (the id → index map comes on top). */
export const SNAPSHOT_BYTES_PER_LISTING = KEYS.reduce((n, k) => n + COLUMNS[k].BYTES_PER_ELEMENT, 0);

/** More changes than this since the last request: reading everything again is quicker. */
const RELOAD_OVER = 5000;

/**
 * Each listing the public site may show, with what the snapshot holds, one
 * text per listing ("v,v,…", rows joined by ";") and one text per chunk of
 * ids: a driver row object per listing costs several µs (a 100,000-listing
 * load took 1.7 s that way, 0.5 s this way). NULL is the empty text (printf()
 * would write 0 for it); a text
 * column not in the expected form is "x" (an odd row). Reals as %!.17g, which
 * JavaScript's Number() reads back to the same double.
 */
const SIZE = searchSizeSqlText("i");
const ROWS = `group_concat(printf('%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s',
  g.id, g.lat_min, g.lng_min, g.vis_min, i.type_cd, coalesce(i.structure_cd, ''), i.pref_cd, coalesce(i.area_cd, ''), coalesce(i.transactions, ''),
  i.has_cert + 2 * i.has_repair + 4 * i.price_down + 8 * i.is_full + 16 * i.new_quake + 32 * i.premium + 64 * i.hazard_out + 128 * i.freehold,
  CASE WHEN i.city_cd GLOB '[0-9][0-9][0-9][0-9][0-9][0-9]' THEN i.city_cd ELSE 'x' END,
  i.price, coalesce(i.station_time, ''),
  CASE WHEN i.built_at IS NULL THEN '' WHEN i.built_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' THEN replace(i.built_at, '-', '') ELSE 'x' END,
  CASE WHEN i.residual_at IS NULL THEN '' WHEN i.residual_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' THEN replace(i.residual_at, '-', '') ELSE 'x' END,
  CASE WHEN i.yield IS NULL THEN '' ELSE printf('%!.17g', i.yield) END,
  CASE WHEN ${SIZE} IS NULL THEN '' ELSE printf('%!.17g', ${SIZE}) END,
  coalesce(i.public_at, ''), coalesce(i.update_at, ''),
  CASE WHEN i.net_yield IS NULL THEN '' ELSE printf('%!.17g', i.net_yield) END,
  CASE WHEN i.sekisan_ratio IS NULL THEN '' ELSE printf('%!.17g', i.sekisan_ratio) END), ';')
  FROM investments i JOIN investments_geo g ON g.id = i.id WHERE g.vis_min >= 1`;

/** Ids per load query (a text of about 2.5 MB). */
const CHUNK = 20_000;

type State = { snapshot?: MapSnapshot; chain: Promise<unknown> };
const states = new WeakMap<Db, State>();
/**
 * The process database's state (getDb) by DATABASE_URL, on globalThis:
 * src/instrumentation.ts warms it from its own copy of these modules.
 */
const PROCESS_STATES = Symbol.for("kir.map-snapshot");

function stateOf(db: Db): State {
  const known = states.get(db);
  if (known) return known;
  let state: State = { chain: Promise.resolve() };
  if (isProcessDb(db)) {
    const g = globalThis as { [PROCESS_STATES]?: Map<string, State> };
    const all = (g[PROCESS_STATES] ??= new Map<string, State>());
    const url = env().DATABASE_URL;
    state = all.get(url) ?? state;
    all.set(url, state);
  }
  states.set(db, state);
  return state;
}

/** The snapshot of `db`, brought up to date with every write committed before this call. */
export function mapSnapshot(db: Db): Promise<MapSnapshot> {
  const s = stateOf(db);
  // One refresh at a time; each caller queues its own, so none returns a snapshot older than its call.
  const next = s.chain.then(async () => (s.snapshot = s.snapshot ? await catchUp(db, s.snapshot) : await loadAll(db)));
  s.chain = next.catch(() => undefined);
  return next;
}

/** Forgets the cached text-condition id sets of `db` (benches: a "first view" every time). */
export function forgetMapTextIds(db: Db): void {
  stateOf(db).snapshot?.textIds.clear();
}

/** Loads the snapshot of `db` (server start, src/instrumentation.ts); the number of listings held, or null when it failed (the first viewport retries and reports). */
export function warmMapSnapshot(db: Db): Promise<number | null> {
  return mapSnapshot(db).then(
    (s) => s.size,
    () => null,
  );
}

function empty(capacity: number, seq: number): MapSnapshot {
  const s: Record<string, unknown> = { size: 0, odd: 0, at: new Map<number, number>(), seq, textSeq: seq, textIds: new Map() };
  for (const k of KEYS) s[k] = new COLUMNS[k](capacity);
  return s as unknown as MapSnapshot;
}

async function loadAll(db: Db): Promise<MapSnapshot> {
  const started = Date.now();
  // The seq first: a write landing during the load is replayed by the next catch-up (re-reading is idempotent).
  const [last] = await db.all<{ seq: number }>(sql`SELECT coalesce(max(seq), 0) AS seq FROM map_changes`);
  const [bounds] = await db.all<{ n: number; max: number }>(sql`SELECT count(*) AS n, coalesce(max(id), 0) AS max FROM investments_geo`);
  const s = empty(Math.max(1024, bounds?.n ?? 0), last?.seq ?? 0);
  for (let lo = 0; lo < (bounds?.max ?? 0); lo += CHUNK) {
    const r = await db.$client.execute({ sql: `SELECT ${ROWS} AND i.id > ? AND i.id <= ?`, args: [lo, lo + CHUNK] });
    putAll(s, r.rows[0]?.[0]);
  }
  logger.info("map.snapshot_load", { listings: s.size, ms: Date.now() - started, odd: s.odd });
  return s;
}

async function catchUp(db: Db, s: MapSnapshot): Promise<MapSnapshot> {
  const changes = await db.all<{ seq: number; id: number; text: number }>(
    sql`SELECT seq, investment_id AS id, text FROM map_changes WHERE seq > ${s.seq} ORDER BY seq LIMIT ${RELOAD_OVER + 1}`,
  );
  if (changes.length === 0) return s;
  if (changes.length > RELOAD_OVER || changes[0]!.seq !== s.seq + 1) return loadAll(db);
  const ids = [...new Set(changes.map((c) => c.id))];
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new Error(`map_changes: bad id ${id}`);
  const r = await db.$client.execute(`SELECT ${ROWS} AND i.id IN (${ids.join(", ")})`);
  const seen = putAll(s, r.rows[0]?.[0]);
  for (const id of ids) if (!seen.has(id)) remove(s, id);
  s.seq = changes[changes.length - 1]!.seq;
  const textSeq = s.textSeq;
  for (const c of changes) if (c.text) s.textSeq = c.seq;
  // Every held id set predates that write: dropped (a read still under way was tagged with the older textSeq, so it is never used).
  if (s.textSeq !== textSeq) s.textIds.clear();
  return s;
}

/** Puts the rows of one ROWS text; the ids put. */
function putAll(s: MapSnapshot, text: unknown): Set<number> {
  const seen = new Set<number>();
  if (typeof text !== "string" || text === "") return seen;
  for (const row of text.split(";")) seen.add(put(s, row.split(",")));
  return seen;
}

/* --------------------------------------------------------------- values */

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** 'YYYY-MM-DD' → YYYYMMDD (the same order as the text); null for anything else. */
export function isoDateNumber(v: string): number | null {
  if (v.length !== 10 || v[4] !== "-" || v[7] !== "-") return null;
  const y = v.slice(0, 4);
  const m = v.slice(5, 7);
  const d = v.slice(8, 10);
  if (!/^\d{4}$/.test(y) || !/^\d{2}$/.test(m) || !/^\d{2}$/.test(d)) return null;
  return Number(y) * 10000 + Number(m) * 100 + Number(d);
}

/** A 6-digit city code as a number (6-digit texts and their numbers sort alike); null for anything else. */
export function cityNumber(v: string): number | null {
  return /^\d{6}$/.test(v) ? Number(v) : null;
}

/** A text of ROWS as a number; null for NULL (the empty text), NaN for anything not a number. */
const num = (v: string | undefined): number | null => (v === "" || v === undefined ? null : Number(v));

function put(s: MapSnapshot, r: string[]): number {
  const id = Number(r[0]);
  let i = s.at.get(id);
  if (i === undefined) {
    if (s.size === s.id.length) grow(s);
    i = s.size++;
    s.at.set(id, i);
  } else s.odd -= s.oddRow[i]!;
  let odd = r.length === 21 ? 0 : 1;
  /** An integer of min … max; `none` for NULL when nullable. */
  const int = (k: number, min: number, max: number, none?: number): number => {
    const v = num(r[k]);
    if (v === null && none !== undefined) return none;
    if (v !== null && Number.isInteger(v) && v >= min && v <= max) return v;
    odd = 1;
    return none ?? 0;
  };
  const real = (k: number): number => {
    const v = num(r[k]);
    if (v === null) return NaN;
    if (Number.isFinite(v)) return v;
    odd = 1;
    return NaN;
  };
  s.id[i] = id;
  s.lat[i] = int(1, INT32_MIN, INT32_MAX);
  s.lng[i] = int(2, INT32_MIN, INT32_MAX);
  s.vis[i] = int(3, 1, 2);
  s.type[i] = int(4, 1, 255);
  s.structure[i] = int(5, 1, 255, 0);
  s.pref[i] = int(6, 1, 255);
  s.area[i] = int(7, 1, 255, 0);
  s.tx[i] = int(8, 1, 255, 0);
  s.flags[i] = int(9, 0, 255);
  s.city[i] = int(10, 0, 999_999);
  s.price[i] = int(11, INT32_MIN, INT32_MAX);
  s.walk[i] = int(12, 0, WALK_NULL - 1, WALK_NULL);
  s.built[i] = int(13, 1, 99_991_231, 0);
  s.residual[i] = int(14, 1, 99_991_231, 0);
  s.yield[i] = real(15);
  s.size_[i] = real(16);
  s.publicAt[i] = real(17);
  s.updateAt[i] = real(18);
  s.netYield[i] = real(19);
  s.sekisan[i] = real(20);
  s.oddRow[i] = odd;
  s.odd += odd;
  return id;
}

function grow(s: MapSnapshot): void {
  const capacity = s.id.length * 2;
  const t = s as unknown as Record<ColumnKey, { set(a: ArrayLike<number>): void } & ArrayLike<number>>;
  for (const k of KEYS) {
    const bigger = new COLUMNS[k](capacity);
    bigger.set(t[k]);
    (t as Record<ColumnKey, unknown>)[k] = bigger;
  }
}

function remove(s: MapSnapshot, id: number): void {
  const i = s.at.get(id);
  if (i === undefined) return;
  s.odd -= s.oddRow[i]!;
  const last = --s.size;
  s.at.delete(id);
  if (i !== last) {
    const t = s as unknown as Record<ColumnKey, { [n: number]: number }>;
    for (const k of KEYS) t[k][i] = t[k][last]!;
    s.at.set(s.id[i]!, i);
  }
}
