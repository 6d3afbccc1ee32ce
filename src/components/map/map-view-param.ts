/**
 * The map's view in its URL (shared links, saved searches opened on the map):
 * `c=lat,lng` (centre, 5 decimals) and `z` (zoom). Parsing never throws: a
 * missing or bad value falls back to all of Kansai. No zod: the map page's
 * client code imports this too.
 */
import { fromPixel, toPixel } from "@/lib/mercator";

export interface MapViewParam {
  lat: number;
  lng: number;
  zoom: number;
}

/** Kansai (Kobe to Nara, Kyoto to Wakayama) on a phone or a desktop. */
export const KANSAI_VIEW: MapViewParam = { lat: 34.72, lng: 135.4, zoom: 9 };
export const MIN_ZOOM = 5;
export const MAX_ZOOM = 18;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export function parseMapView(raw: Record<string, string | string[] | undefined>): MapViewParam {
  const [lat, lng] = (first(raw.c) ?? "").split(",").map(Number);
  const zoom = Number(first(raw.z));
  const okCentre = lat !== undefined && lng !== undefined && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 85 && Math.abs(lng) <= 180;
  return {
    lat: okCentre ? lat : KANSAI_VIEW.lat,
    lng: okCentre ? lng : KANSAI_VIEW.lng,
    zoom: Number.isInteger(zoom) && zoom >= MIN_ZOOM && zoom <= MAX_ZOOM ? zoom : KANSAI_VIEW.zoom,
  };
}

/** `c` and `z` for a view, then the conditions (the list page's parameters). */
export function mapHref(view: MapViewParam, conditions = ""): string {
  const qs = new URLSearchParams({ c: `${view.lat.toFixed(5)},${view.lng.toFixed(5)}`, z: String(view.zoom) });
  return `/investments/map?${qs}${conditions ? `&${conditions}` : ""}`;
}

/** Where the map looks for a search's results before it knows them: Kansai and around it (west, south, east, north). */
export const RESULTS_PROBE_BBOX = "134.0,33.4,136.9,35.9";
/** Zoom of that probe (only the clusters' positions matter, not their size). */
export const RESULTS_PROBE_ZOOM = 9;
/**
 * Closest the map opens on a search's results: the probe's clusters are cells of about 20 km, so a
 * city's results may be one point; zoom 12 shows a city (about 30 km across a desktop map).
 */
export const FIT_MAX_ZOOM = 12;

/** [[south, west], [north, east]]: a Leaflet LatLngBounds expression. */
export type FitBounds = [[number, number], [number, number]];

/**
 * The bounds of a search's results (the map's clusters and markers for the probe), so the map opens
 * on what was searched (issue 30: Kyoto results open on Kyoto, not on Osaka at zoom 9); null without
 * any.
 */
export function boundsOf(points: readonly { lat: number; lng: number }[]): FitBounds | null {
  if (points.length === 0) return null;
  let s = Infinity;
  let w = Infinity;
  let n = -Infinity;
  let e = -Infinity;
  for (const p of points) {
    s = Math.min(s, p.lat);
    n = Math.max(n, p.lat);
    w = Math.min(w, p.lng);
    e = Math.max(e, p.lng);
  }
  return [
    [s, w],
    [n, e],
  ];
}

/**
 * The map box the server draws a search's first view for (issue 31): a phone's map (390 px wide less
 * the page's padding, 58vh of an 844 px screen). The server cannot know the screen; a phone is where the
 * first view's weight matters, and a desktop's larger map shows the same view with more around it.
 */
export const PREVIEW_BOX = { width: 358, height: 490 } as const;
/** How far around the centre the server draws tiles and pins, so a desktop's map is filled too. */
export const PREVIEW_REACH = { width: 1280, height: 1024 } as const;

/**
 * The view Leaflet's fitBounds gives for `fit` in a box (padding 24 px each side, at most FIT_MAX_ZOOM):
 * the centre of the bounds in Mercator pixels and the highest whole zoom at which they fit. The map
 * page computes it on the server for PREVIEW_BOX, so the first view drawn there and the one the map
 * opens on are the same.
 */
export function fitView(fit: FitBounds, box: { width: number; height: number } = PREVIEW_BOX): MapViewParam {
  const [[s, w], [n, e]] = fit;
  const a = toPixel(n, w, 0);
  const b = toPixel(s, e, 0);
  const dx = Math.max(b.x - a.x, 1e-9);
  const dy = Math.max(b.y - a.y, 1e-9);
  const fits = Math.floor(Math.log2(Math.min((box.width - 48) / dx, (box.height - 48) / dy)));
  const zoom = Math.max(MIN_ZOOM, Math.min(FIT_MAX_ZOOM, fits));
  const centre = fromPixel((a.x + b.x) / 2, (a.y + b.y) / 2, 0);
  return { lat: centre.lat, lng: centre.lng, zoom };
}

/** The map API's `bbox` (west,south,east,north, 6 decimals), clamped into the ranges it accepts (src/schemas/map.ts). */
export function bboxOf(west: number, south: number, east: number, north: number): string {
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  return [clamp(west, -180, 179.9999), clamp(south, -85, 84.9999), clamp(east, -179.9999, 180), clamp(north, -84.9999, 85)].map((v) => v.toFixed(6)).join(",");
}

/** The `bbox` of a box of `size` pixels centred on a view. */
export function bboxAround(view: MapViewParam, size: { width: number; height: number }): string {
  const c = toPixel(view.lat, view.lng, view.zoom);
  const nw = fromPixel(c.x - size.width / 2, c.y - size.height / 2, view.zoom);
  const se = fromPixel(c.x + size.width / 2, c.y + size.height / 2, view.zoom);
  return bboxOf(nw.lng, se.lat, se.lng, nw.lat);
}
