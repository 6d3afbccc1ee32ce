/**
 * The finest position of a listing that leaves the server for anyone outside
 * the admin (issue 27): visitors, members, and staff browsing the public site
 * alike, over every transport (tRPC public.map.*, GET /api/investments/map,
 * the detail page's nearby map). Staff keep the exact stored point (the
 * listing's `map` column) in the editor only.
 *
 * Why: the detail page names the place down to the 町名 and gives the 番地 on
 * inquiry (src/server/investments/detail.ts). A pin at the stored point (to
 * 0.1 m) would be the 番地 one click away, so the public point is the stored
 * one snapped to a grid of 0.001° — at Kansai's latitude (~34.7°N) a cell of
 * about 111 m (north–south) × 91 m (east–west): a block or so, which holds
 * many 番地 and is still well inside the 町名 the page shows.
 *
 * The rule, in the microdegrees the geo index (investments_geo) has always
 * stored (`micro`: round half away from zero, as SQLite's round()): the
 * nearest multiple of 1000 µ°, halves upward. It is deterministic, so a
 * listing's marker never moves between requests, and it is applied once,
 * where the point is indexed: the triggers of drizzle/0015_map_public_position.sql
 * write the snapped point into investments_geo, which every public path reads
 * (the map snapshot, the SQL fallback, box filtering, clustering, the nearby
 * map), so not even a bounding-box probe sees finer than the grid. The SQL
 * there spells this function out and tests/integration/map/public-position.test.ts
 * checks the two agree on many points.
 */

/** The grid step in microdegrees (0.001°). */
export const PUBLIC_POSITION_STEP = 1000;

/** How far (m) the true point may lie from its public point, rounded up: half the cell's diagonal is ≈ 72 m. Drawn as an area, never a pin. */
export const PUBLIC_POSITION_RADIUS_M = 100;

/** Degrees → microdegrees as the geo index stores them (round half away from zero, like SQLite's round()). */
export function micro(deg: number): number {
  const v = Math.round(Math.abs(deg) * 1_000_000);
  return deg < 0 ? -v : v;
}

/**
 * A stored microdegree value → its public one: the nearest multiple of
 * PUBLIC_POSITION_STEP, halves upward (floor of m + 500, written with a
 * non-negative remainder so it holds below zero too, as the SQL writes it).
 */
export function publicMicro(m: number): number {
  const x = m + PUBLIC_POSITION_STEP / 2;
  return x - (((x % PUBLIC_POSITION_STEP) + PUBLIC_POSITION_STEP) % PUBLIC_POSITION_STEP);
}

/** A stored position (degrees) → the position the public site may be sent (degrees). */
export function publicPosition(lat: number, lng: number): { lat: number; lng: number } {
  return { lat: publicMicro(micro(lat)) / 1e6, lng: publicMicro(micro(lng)) / 1e6 };
}
