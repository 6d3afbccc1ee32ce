/**
 * Map search (issue 19): the front door of src/server/map. Routers, REST and
 * pages import from here only.
 */
export { mapView, countUnplaced, nearbyMap, stationPosition, UNPLACED, type NearbyMap, type MapAudience, type MapViewResult, type Viewport } from "./view";
export { CELL_PX, MAX_CELLS, cellOf, gridFor, inGrid, micro, type Bbox, type Grid } from "./grid";
export { cachedMapView, resetMapCacheForTests } from "./cache";
export { mapSnapshot, warmMapSnapshot, forgetMapTextIds, SNAPSHOT_BYTES_PER_LISTING } from "./snapshot";
