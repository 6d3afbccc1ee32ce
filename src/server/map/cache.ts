import type { LRUCache } from "lru-cache";
import type { SearchQuery } from "@/schemas/search";
import { dataCaches, memoPublic, publicCache } from "@/server/cache/public-content";
import type { Db } from "@/server/db";
import { mapView, type MapAudience, type MapViewResult, type Viewport } from "./view";

/**
 * Viewports shared like the list's searches (services/investments/public-cache.ts):
 * the same answer for everyone of an audience until public content changes.
 * The map page opens on the same few views (all of Kansai, a city from a
 * link), so those are computed once.
 */
const caches = dataCaches((ttl) => publicCache<MapViewResult>(1000, ttl));

export function cachedMapView(db: Db, audience: MapAudience, query: SearchQuery, view: Viewport): Promise<MapViewResult> {
  const key = `${audience}|${JSON.stringify(query)}|${view.bbox.join(",")}|${view.zoom}|${view.selected ?? ""}`;
  return memoPublic(caches.get() as LRUCache<string, MapViewResult> | undefined, key, () => mapView(db, audience, query, view));
}

/** Tests: forget the cache. */
export function resetMapCacheForTests(): void {
  caches.reset();
}
