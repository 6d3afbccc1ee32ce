/**
 * One map viewport: the listings an audience may see that match a search
 * query and lie in the bounding box, clustered on a grid (grid.ts), the
 * first cards in the query's sort, how many matches have no position.
 *
 * One synchronous pass over the in-process snapshot (snapshot.ts: typed-array
 * columns kept in step by a write log): visibility (the members-only rule,
 * from the columns, never from the browser), box, conditions (the search plan
 * compiled over the columns, filter.ts; 町名, railway and free words as an id
 * set from SQL, buildTextWhere, cached across viewports by text-ids.ts),
 * binning, the merging of icons that would overlap on screen (merge.ts) and
 * the top cards. A few ms at
 * 100,000 listings where the SQL GROUP BY took 30–170 ms (bench/results/map.md).
 * A per-zoom pre-aggregate was not taken: a cell's height follows the
 * viewport's mid-latitude (grid.ts), so cells are not viewport-independent.
 *
 * Every position here is a listing's public point (src/lib/public-position.ts,
 * a 0.001° grid): investments_geo holds nothing finer (its triggers snap,
 * drizzle/0015_map_public_position.sql), so markers, cluster means, the box
 * test and the nearby map never reveal the stored point (issue 27).
 *
 * The SQL way (sqlView) stays for a snapshot holding a row whose values do
 * not fit its columns: investments_geo (R*Tree, drizzle/0011_map_geo_index.sql)
 * answers the box, its third dimension `vis` the visibility rule, the search's
 * own WHERE the conditions, GROUP BY the grid.
 */
import { sql, type SQL } from "drizzle-orm";
import { isEmptyQuery, type SearchQuery } from "@/schemas/search";
import { MAP_CARDS, type MapCluster, type MapMarker } from "@/schemas/map";
import type { Db } from "@/server/db";
import { investments } from "@/server/db/schema";
import { loadCards, type InvestmentCard } from "@/server/investments";
import { buildSearchWhere, planQuery, searchOrder } from "@/server/search";
import type { Audience } from "@/server/investments";
import { fromPixel, toPixel } from "@/lib/mercator";
import { gridFor, LAT_ORIGIN, LNG_ORIGIN, type Bbox, type Grid } from "./grid";
import { columnFilter, hasTextConditions, pointOrder, type PointFilter } from "./filter";
import { mergeOverlapping, type MapItem } from "./merge";
import { mapSnapshot, type IdSet, type MapSnapshot } from "./snapshot";
import { textIds } from "./text-ids";

export type MapAudience = Exclude<Audience, "admin">;

export interface Viewport {
  bbox: Bbox;
  zoom: number;
  /** A marker the viewer picked: its card comes first when it is in the view. */
  selected?: number;
}

export interface MapViewResult {
  zoom: number;
  clusters: MapCluster[];
  markers: MapMarker[];
  total: number;
  cards: InvestmentCard[];
  unplaced: number;
}

/** Listings without a usable position; word for word the WHERE of investments_unplaced_idx. */
export const UNPLACED = sql.raw("coalesce(json_type(map, '$.lat') IN ('integer', 'real') AND json_type(map, '$.lng') IN ('integer', 'real'), 0) = 0");

/** The lowest `vis` (0011 migration) an audience sees: 2 public, 1 members-only too. */
const minVis = (audience: MapAudience) => (audience === "member" ? 1 : 2);

/**
 * Above this many matches in view, the cards are found walking the search's
 * sort order and checking each row against the box (20 hits come quickly when
 * most matches are in view); below it, from the ids in the box.
 */
const DENSE = 3000;

/** The box and the audience's visibility as R*Tree constraints. */
function inBox(g: Grid, audience: MapAudience, alias = "investments_geo"): SQL {
  const t = sql.raw(alias);
  return sql`${t}.lat_min >= ${int(g.south)} AND ${t}.lat_max <= ${int(g.north)} AND ${t}.lng_min >= ${int(g.west)} AND ${t}.lng_max <= ${int(g.east)} AND ${t}.vis_min >= ${int(minVis(audience))}`;
}

/**
 * Boxes smaller than this (square microdegrees, about a ward) check the
 * conditions point by point; larger ones materialise the matching ids once.
 */
const SMALL_BOX = 0.05 * 0.05 * 1e12;

/** An integer written into the statement: a bound JS number is a REAL to SQLite, and REAL division would not floor. */
function int(n: number): SQL {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return sql.raw(String(n));
}

/** A GROUP BY cell: position sums (merge.ts), the highest id (a single's marker), its grid key. */
type CellRow = MapItem & { id: number };

function conditionOn(g: Grid, cond: SQL | undefined): SQL {
  if (!cond) return sql``;
  if ((g.north - g.south) * (g.east - g.west) <= SMALL_BOX) {
    return sql` AND EXISTS (SELECT 1 FROM investments WHERE investments.id = investments_geo.id AND ${cond})`;
  }
  return sql` AND investments_geo.id IN (SELECT id FROM investments WHERE ${cond})`;
}

async function sqlCells(db: Db, audience: MapAudience, g: Grid, cond: SQL | undefined): Promise<CellRow[]> {
  // One integer group key (row × 2^24 + column): half the sorting work of two keys.
  return db.all<CellRow>(sql`
    SELECT count(*) AS n, sum(lat_min) AS lat, sum(lng_min) AS lng, max(id) AS id, max(vis_min = 1) AS m,
      ((lat_min + ${int(LAT_ORIGIN)}) / ${int(g.stepLat)}) * 16777216 + (lng_min + ${int(LNG_ORIGIN)}) / ${int(g.stepLng)} AS "key"
    FROM investments_geo WHERE ${inBox(g, audience)}${conditionOn(g, cond)}
    GROUP BY "key"`);
}

/** A cell of the snapshot scan (position sums, merge.ts): `at` is the point with the highest id (the marker of a single). */
type ScanCell = MapItem & { at: number };

interface Scan {
  cells: ScanCell[];
  /** The first MAP_CARDS matches in view in the query's sort (point indexes). */
  top: number[];
  /** The selected listing's point when it is in view and matches, else −1. */
  selected: number;
}

/**
 * One pass over the snapshot: visibility, box, conditions; each match binned
 * into its cell exactly as the GROUP BY of sqlCells groups (position sums:
 * exact integers below 2^53, as SQLite's sum(); merge.ts divides) and
 * kept among the first MAP_CARDS of the sort if it belongs there.
 * Synchronous: nothing changes the snapshot while it runs.
 */
function scan(
  s: MapSnapshot,
  audience: MapAudience,
  g: Grid,
  accept: PointFilter | null,
  order: (a: number, b: number) => number,
  selected: number | undefined,
): Scan {
  const min = minVis(audience);
  const { lat: latOf, lng: lngOf, vis: visOf, id: idOf } = s;
  const byCell = new Map<number, ScanCell>();
  const top: number[] = [];
  let sel = -1;
  for (let i = 0; i < s.size; i++) {
    const lat = latOf[i]!;
    const lng = lngOf[i]!;
    const vis = visOf[i]!;
    if (vis < min || lat < g.south || lat > g.north || lng < g.west || lng > g.east) continue;
    if (accept !== null && !accept(i)) continue;
    const key = Math.floor((lat + LAT_ORIGIN) / g.stepLat) * 16777216 + Math.floor((lng + LNG_ORIGIN) / g.stepLng);
    const c = byCell.get(key);
    if (c) {
      c.n++;
      c.lat += lat;
      c.lng += lng;
      if (idOf[i]! > idOf[c.at]!) c.at = i;
      if (vis === 1) c.m = 1;
    } else byCell.set(key, { n: 1, lat, lng, at: i, m: vis === 1 ? 1 : 0, key });
    if (top.length < MAP_CARDS || order(i, top[top.length - 1]!) < 0) {
      let k = top.length < MAP_CARDS ? top.length : top.length - 1;
      while (k > 0 && order(i, top[k - 1]!) < 0) {
        top[k] = top[k - 1]!;
        k--;
      }
      top[k] = i;
    }
    if (selected !== undefined && idOf[i] === selected) sel = i;
  }
  return { cells: [...byCell.values()], top, selected: sel };
}

async function cardIds(db: Db, audience: MapAudience, query: SearchQuery, now: Date, g: Grid, total: number, selected?: number): Promise<number[]> {
  if (total === 0) return [];
  const where = buildSearchWhere(audience, query, now);
  const order = searchOrder(query.sr, { filtered: !isEmptyQuery(query) });
  const box =
    total <= DENSE
      ? sql`${investments.id} IN (SELECT id FROM investments_geo WHERE ${inBox(g, audience)})`
      : sql`EXISTS (SELECT 1 FROM investments_geo g WHERE g.id = ${investments.id} AND ${inBox(g, audience, "g")})`;
  const rows = await db
    .select({ id: investments.id })
    .from(investments)
    .where(sql`${where ?? sql`1`} AND ${box}`)
    .orderBy(...order)
    .limit(MAP_CARDS)
    .all();
  const ids = rows.map((r) => r.id);
  if (selected === undefined || ids[0] === selected) return ids;
  const [hit] = await db.all<{ id: number }>(
    sql`SELECT id FROM investments_geo WHERE id = ${selected} AND ${inBox(g, audience)} AND id IN (SELECT ${investments.id} FROM ${investments} WHERE ${investments.id} = ${selected} AND ${where ?? sql`1`})`,
  );
  return hit ? [selected, ...ids.filter((id) => id !== selected)].slice(0, MAP_CARDS) : ids;
}

/** How many listings the search finds that have no position (never on any map). */
export async function countUnplaced(db: Db, audience: MapAudience, query: SearchQuery, now: Date = new Date()): Promise<number> {
  const where = buildSearchWhere(audience, query, now);
  const [row] = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM investments INDEXED BY investments_unplaced_idx WHERE ${UNPLACED}${where ? sql` AND ${where}` : sql``}`,
  );
  return row?.n ?? 0;
}

/**
 * The unplaced count when the text conditions' ids are at hand: the other
 * conditions in SQL over the unplaced listings (a partial index, few rows),
 * the text ones from the set — their own SQL would repeat the FTS lookup.
 */
async function countUnplacedIn(db: Db, audience: MapAudience, query: SearchQuery, now: Date, ids: Promise<IdSet>): Promise<number> {
  const where = buildSearchWhere(audience, query, now, { text: false });
  const [row] = await db.all<{ ids: string | null }>(
    sql`SELECT group_concat(id) AS ids FROM investments INDEXED BY investments_unplaced_idx WHERE ${UNPLACED}${where ? sql` AND ${where}` : sql``}`,
  );
  const set = await ids;
  let n = 0;
  if (row?.ids) for (const id of row.ids.split(",")) if (set.has(Number(id))) n++;
  return n;
}

/**
 * A viewport for an audience and a query: clusters (cells of 2+ listings, at
 * their mean position), single markers (with their price), the number in
 * view, the first MAP_CARDS cards in view in the query's sort (the selected
 * marker first), and how many matches have no position.
 */
export async function mapView(db: Db, audience: MapAudience, query: SearchQuery, view: Viewport, now: Date = new Date()): Promise<MapViewResult> {
  const g = gridFor(view.bbox, view.zoom);
  const plan = isEmptyQuery(query) ? null : planQuery(query, now);
  // Conditions the snapshot does not hold (町名, railway, free word): their ids from SQL (text-ids.ts, cached
  // across viewports), read once the snapshot has caught up; the rest in the scan.
  const needIds = plan !== null && hasTextConditions(plan);
  const snapshotAndIds = mapSnapshot(db).then((s) => ({ s, ids: needIds ? textIds(db, s, query, now) : null }));
  const [{ s, ids: idsRead }, unplaced] = await Promise.all([
    snapshotAndIds,
    needIds
      ? snapshotAndIds.then(({ ids }) => (ids ? countUnplacedIn(db, audience, query, now, ids) : countUnplaced(db, audience, query, now)))
      : countUnplaced(db, audience, query, now),
  ]);
  const ids = idsRead ? await idsRead : null;
  // From here to the scan's end nothing awaits: the filter holds the snapshot's current arrays.
  // A row that did not fit the columns (never in practice): its sort keys are not to be trusted, all in SQL.
  if (s.odd > 0) return sqlView(db, audience, query, view, g, now, unplaced);
  let accept: PointFilter | null = null;
  if (plan) {
    const columns = columnFilter(s, plan);
    if (!columns) return sqlView(db, audience, query, view, g, now, unplaced);
    const idOf = s.id;
    accept = ids ? (i) => ids.has(idOf[i]!) && columns(i) : columns;
  }
  const found = scan(s, audience, g, accept, pointOrder(s, query.sr), view.selected);
  const clusters: MapCluster[] = [];
  const markers: MapMarker[] = [];
  let total = 0;
  // Icons that would be drawn over each other merged (merge.ts); a single left alone is still its scan cell.
  for (const c of mergeOverlapping(found.cells, view.zoom)) {
    total += c.n;
    if (c.n === 1) {
      const at = (c as ScanCell).at;
      markers.push({ id: s.id[at]!, lat: c.lat / 1e6, lng: c.lng / 1e6, price: s.price[at]!, members: c.m === 1 });
    } else clusters.push({ lat: c.lat / c.n / 1e6, lng: c.lng / c.n / 1e6, count: c.n, members: c.m === 1 });
  }
  let cardIds = found.top.map((i) => s.id[i]!);
  if (found.selected >= 0 && cardIds[0] !== view.selected) cardIds = [view.selected!, ...cardIds.filter((id) => id !== view.selected)].slice(0, MAP_CARDS);
  markers.sort((a, b) => a.id - b.id);
  clusters.sort((a, b) => a.lat - b.lat || a.lng - b.lng);
  return { zoom: view.zoom, clusters, markers, total, cards: await loadCards(db, cardIds, now, audience), unplaced };
}

/**
 * The same view all in SQL (R*Tree box + the search's WHERE, GROUP BY on the
 * grid): for the rare snapshot holding a row whose values do not fit its
 * columns (snapshot.ts `odd`).
 */
async function sqlView(db: Db, audience: MapAudience, query: SearchQuery, view: Viewport, g: Grid, now: Date, unplaced: number): Promise<MapViewResult> {
  const cond = isEmptyQuery(query) ? undefined : buildSearchWhere(audience, query, now);
  const rows = await sqlCells(db, audience, g, cond);
  const clusters: MapCluster[] = [];
  const singles: CellRow[] = [];
  let total = 0;
  for (const r of mergeOverlapping(rows, view.zoom)) {
    total += r.n;
    if (r.n === 1) singles.push(r as CellRow);
    else clusters.push({ lat: r.lat / r.n / 1e6, lng: r.lng / r.n / 1e6, count: r.n, members: r.m === 1 });
  }
  const [prices, ids] = await Promise.all([
    singles.length
      ? db.all<{ id: number; price: number }>(
          sql`SELECT id, price FROM investments WHERE id IN (${sql.join(
            singles.map((s) => sql`${s.id}`),
            sql`, `,
          )})`,
        )
      : Promise.resolve([]),
    cardIds(db, audience, query, now, g, total, view.selected),
  ]);
  const priceOf = new Map(prices.map((p) => [p.id, p.price]));
  const markers: MapMarker[] = singles.map((s) => ({ id: s.id, lat: s.lat / 1e6, lng: s.lng / 1e6, price: priceOf.get(s.id) ?? 0, members: s.m === 1 }));
  markers.sort((a, b) => a.id - b.id);
  clusters.sort((a, b) => a.lat - b.lat || a.lng - b.lng);
  return { zoom: view.zoom, clusters, markers, total, cards: await loadCards(db, ids, now, audience), unplaced };
}

/** A station's position (master data), for placing a listing without one. */
export async function stationPosition(db: Db, stationCd: number): Promise<{ lat: number; lng: number; name: string } | null> {
  const [row] = await db.all<{ lat: number; lon: number; name: string }>(sql`SELECT lat, lon, name FROM stations WHERE station_cd = ${stationCd}`);
  return row ? { lat: row.lat, lng: row.lon, name: row.name } : null;
}

export interface NearbyMap {
  lat: number;
  lng: number;
  zoom: number;
  width: number;
  height: number;
  view: MapViewResult;
}

/**
 * The detail page's small map: a width × height px view at `zoom` centred on
 * the listing's public point (when the audience may see it and it has a position), its
 * neighbours as markers and clusters, the listing itself selected.
 */
export async function nearbyMap(
  db: Db,
  audience: MapAudience,
  id: number,
  opts: { zoom?: number; width?: number; height?: number } = {},
): Promise<NearbyMap | null> {
  const zoom = opts.zoom ?? 15;
  const width = opts.width ?? 640;
  const height = opts.height ?? 320;
  const [row] = await db.all<{ lat: number; lng: number }>(
    sql`SELECT lat_min AS lat, lng_min AS lng FROM investments_geo WHERE id = ${id} AND vis_min >= ${int(minVis(audience))}`,
  );
  if (!row) return null;
  const lat = row.lat / 1e6;
  const lng = row.lng / 1e6;
  const c = toPixel(lat, lng, zoom);
  const nw = fromPixel(c.x - width / 2, c.y - height / 2, zoom);
  const se = fromPixel(c.x + width / 2, c.y + height / 2, zoom);
  const view = await mapView(db, audience, {}, { bbox: [nw.lng, se.lat, se.lng, nw.lat], zoom, selected: id });
  return { lat, lng, zoom, width, height, view: { ...view, cards: [] } };
}
