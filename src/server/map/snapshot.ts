/**
 * The map's in-process snapshot of investments_geo (issue 19, speed): every
 * positioned listing's id, microdegree position and visibility in typed
 * arrays, so a viewport without conditions is binned in JavaScript (a few ms
 * for 100,000 listings) instead of a GROUP BY in SQLite over every point in
 * view (30–80 ms at low zoom, most of it sorting). About 13 bytes a listing.
 *
 * Kept in step by the write log map_changes (drizzle/0012_map_changes.sql):
 * each viewport first reads the log after the last seq it applied (an index
 * range, usually empty) and re-reads just those listings' rows, so a write is
 * on the map at the next request, in every process (read-your-writes for the
 * staff who just edited, whatever the public-content announcements). A gap
 * (the log was trimmed) or a large batch reloads whole.
 */
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db";

export interface MapSnapshot {
  /** Points 0 … size − 1 are live. */
  size: number;
  id: Int32Array;
  /** Microdegrees, as the R*Tree stores them. */
  lat: Int32Array;
  lng: Int32Array;
  /** investments_geo.vis: 2 everyone, 1 members only, 0 nobody on the public site. */
  vis: Uint8Array;
  /** id → point index. */
  at: Map<number, number>;
  /** The last map_changes.seq applied. */
  seq: number;
}

/** More changes than this since the last request: reading everything again is quicker. */
const RELOAD_OVER = 5000;

type GeoRow = { id: number; lat: number; lng: number; vis: number };

const states = new WeakMap<Db, { snapshot?: MapSnapshot; chain: Promise<unknown> }>();

/** The snapshot of `db`, brought up to date with every write committed before this call. */
export function mapSnapshot(db: Db): Promise<MapSnapshot> {
  let state = states.get(db);
  if (!state) {
    state = { chain: Promise.resolve() };
    states.set(db, state);
  }
  const s = state;
  // One refresh at a time; each caller queues its own, so none returns a snapshot older than its call.
  const next = s.chain.then(async () => (s.snapshot = s.snapshot ? await catchUp(db, s.snapshot) : await loadAll(db)));
  s.chain = next.catch(() => undefined);
  return next;
}

function empty(capacity: number, seq: number): MapSnapshot {
  return { size: 0, id: new Int32Array(capacity), lat: new Int32Array(capacity), lng: new Int32Array(capacity), vis: new Uint8Array(capacity), at: new Map(), seq };
}

async function loadAll(db: Db): Promise<MapSnapshot> {
  // The seq first: a write landing during the load is replayed by the next catch-up (re-reading is idempotent).
  const [last] = await db.all<{ seq: number }>(sql`SELECT coalesce(max(seq), 0) AS seq FROM map_changes`);
  const rows = await db.$client.execute("SELECT id, lat_min, lng_min, vis_min FROM investments_geo");
  const s = empty(Math.max(1024, rows.rows.length), last?.seq ?? 0);
  for (const r of rows.rows) put(s, { id: Number(r[0]), lat: Number(r[1]), lng: Number(r[2]), vis: Number(r[3]) });
  return s;
}

async function catchUp(db: Db, s: MapSnapshot): Promise<MapSnapshot> {
  const changes = await db.all<{ seq: number; id: number }>(
    sql`SELECT seq, investment_id AS id FROM map_changes WHERE seq > ${s.seq} ORDER BY seq LIMIT ${RELOAD_OVER + 1}`,
  );
  if (changes.length === 0) return s;
  if (changes.length > RELOAD_OVER || changes[0]!.seq !== s.seq + 1) return loadAll(db);
  const ids = [...new Set(changes.map((c) => c.id))];
  const geo = await db.all<GeoRow>(
    sql`SELECT id, lat_min AS lat, lng_min AS lng, vis_min AS vis FROM investments_geo WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const geoOf = new Map(geo.map((g) => [g.id, g]));
  for (const id of ids) {
    const g = geoOf.get(id);
    if (g) put(s, g);
    else remove(s, id);
  }
  s.seq = changes[changes.length - 1]!.seq;
  return s;
}

function put(s: MapSnapshot, p: GeoRow): void {
  let i = s.at.get(p.id);
  if (i === undefined) {
    if (s.size === s.id.length) grow(s);
    i = s.size++;
    s.at.set(p.id, i);
  }
  s.id[i] = p.id;
  s.lat[i] = p.lat;
  s.lng[i] = p.lng;
  s.vis[i] = p.vis;
}

function grow(s: MapSnapshot): void {
  const bigger = empty(s.id.length * 2, s.seq);
  bigger.id.set(s.id);
  bigger.lat.set(s.lat);
  bigger.lng.set(s.lng);
  bigger.vis.set(s.vis);
  Object.assign(s, { id: bigger.id, lat: bigger.lat, lng: bigger.lng, vis: bigger.vis });
}

function remove(s: MapSnapshot, id: number): void {
  const i = s.at.get(id);
  if (i === undefined) return;
  const last = --s.size;
  s.at.delete(id);
  if (i !== last) {
    s.id[i] = s.id[last]!;
    s.lat[i] = s.lat[last]!;
    s.lng[i] = s.lng[last]!;
    s.vis[i] = s.vis[last]!;
    s.at.set(s.id[i]!, i);
  }
}
