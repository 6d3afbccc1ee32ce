import type { LRUCache } from "lru-cache";
import { memoPublic, publicCache } from "@/server/cache/public-content";
import type { Db } from "@/server/db";
import { env } from "@/server/env";
import { getHolidayNote, getSiteCounts, type SiteCounts } from "./counts";

/**
 * The site options every public page shows in its chrome (the header counts
 * and the holiday note), cached like the public lists (spec §4): read by the
 * layout and the page on every render, changed only by staff (announced) or
 * by the worker's count refresh (announced), with DATA_CACHE_TTL_SECONDS for
 * what moves without an announcement (a member signing up).
 */
let cache: LRUCache<string, { counts?: SiteCounts; note?: string }> | null | undefined;

function store() {
  if (cache === undefined) {
    const ttl = env().DATA_CACHE_TTL_SECONDS * 1000;
    cache = ttl > 0 ? publicCache(4, ttl) : null;
  }
  return cache ?? undefined;
}

export async function cachedSiteCounts(db: Db): Promise<SiteCounts> {
  const box = await memoPublic(store(), "counts", async () => ({ counts: await getSiteCounts(db) }));
  return box.counts as SiteCounts;
}

export async function cachedHolidayNote(db: Db): Promise<string> {
  const box = await memoPublic(store(), "note", async () => ({ note: await getHolidayNote(db) }));
  return box.note ?? "";
}

/** Tests: forget the cache (and re-read the TTL). */
export function resetOptionsCacheForTests(): void {
  cache = undefined;
}
