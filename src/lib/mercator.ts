/** Web Mercator maths of the map pages (256 px tiles), shared by the server (src/server/map) and the static detail map. */

/** Web Mercator: a position as global pixels at a zoom (256 px tiles). */
export function toPixel(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const size = 256 * 2 ** zoom;
  const s = Math.sin((lat * Math.PI) / 180);
  return { x: ((lng + 180) / 360) * size, y: (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * size };
}

/** Global pixels back to a position. */
export function fromPixel(x: number, y: number, zoom: number): { lat: number; lng: number } {
  const size = 256 * 2 ** zoom;
  const n = Math.PI - (2 * Math.PI * y) / size;
  return { lng: (x / size) * 360 - 180, lat: (180 / Math.PI) * Math.atan(Math.sinh(n)) };
}

/** Ground metres one pixel spans at a latitude and zoom (WGS 84 equator, 256 px tiles). */
export function metersPerPixel(lat: number, zoom: number): number {
  return (40_075_016.686 * Math.cos((lat * Math.PI) / 180)) / (256 * 2 ** zoom);
}
