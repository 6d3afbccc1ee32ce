/**
 * Map search (issue 19): the front door of src/server/map. Routers, REST and
 * pages import from here only.
 */
export { mapView, nearbyMap, stationPosition } from "./view";
export { type Bbox, cellOf, gridFor, inGrid } from "./grid";
export { cachedMapView, resetMapCacheForTests } from "./cache";
export { forgetMapTextIds, mapSnapshot, SNAPSHOT_BYTES_PER_LISTING, warmMapSnapshot } from "./snapshot";
export { micro } from "@/lib/public-position";
