/**
 * The clustering grid: positions as integer microdegrees (the R*Tree's
 * rtree_i32 values), cells anchored at (−90°, −180°) so a cell stays put while
 * the map pans. Pure functions, shared by the SQL (view.ts) and the in-memory
 * reference of the tests.
 */

/** Width of a cell on screen at the asked zoom (Web Mercator tiles of 256 px): about a price pin and a half, so pins seldom overlap. */
export const CELL_PX = 80;
/** At most this many cells per viewport (bounds the payload whatever bbox a caller sends). */
export const MAX_CELLS = 400;
/** Offsets making every cell index non-negative (SQLite's integer division truncates toward zero). */
export const LAT_ORIGIN = 90_000_000;
export const LNG_ORIGIN = 180_000_000;

export type Bbox = readonly [west: number, south: number, east: number, north: number];

/** Degrees → microdegrees as the R*Tree stores them (defined with the public position's rule). */
export { micro } from "@/lib/public-position";

export interface Grid {
  /** Inclusive bounds in microdegrees: a position is in view when south ≤ lat ≤ north and west ≤ lng ≤ east. */
  south: number;
  north: number;
  west: number;
  east: number;
  /** Cell size in microdegrees. */
  stepLat: number;
  stepLng: number;
}

/**
 * The viewport's bounds and cell size: CELL_PX at this zoom (a cell's height
 * is its width × cos(latitude), square on a Mercator map), enlarged when the
 * bbox would hold more than MAX_CELLS cells.
 */
export function gridFor(bbox: Bbox, zoom: number): Grid {
  const [w, s, e, n] = bbox;
  let stepLng = (CELL_PX * 360_000_000) / (256 * 2 ** zoom);
  let stepLat = stepLng * Math.cos((((s + n) / 2) * Math.PI) / 180);
  const cells = (((e - w) * 1e6) / stepLng) * (((n - s) * 1e6) / stepLat);
  if (cells > MAX_CELLS) {
    const k = Math.sqrt(cells / MAX_CELLS);
    stepLng *= k;
    stepLat *= k;
  }
  return {
    south: Math.ceil(s * 1e6 - 1e-6),
    north: Math.floor(n * 1e6 + 1e-6),
    west: Math.ceil(w * 1e6 - 1e-6),
    east: Math.floor(e * 1e6 + 1e-6),
    stepLat: Math.max(1, Math.round(stepLat)),
    stepLng: Math.max(1, Math.round(stepLng)),
  };
}

/** The cell of a position (microdegrees). */
export function cellOf(grid: Grid, lat: number, lng: number): string {
  return `${Math.floor((lat + LAT_ORIGIN) / grid.stepLat)}:${Math.floor((lng + LNG_ORIGIN) / grid.stepLng)}`;
}

export function inGrid(grid: Grid, lat: number, lng: number): boolean {
  return lat >= grid.south && lat <= grid.north && lng >= grid.west && lng <= grid.east;
}
