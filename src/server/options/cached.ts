import { cache } from "react";
import { dataCaches, memoPublic, publicCache } from "@/server/cache/public-content";
import type { Db } from "@/server/db";
import { getSiteCounts, holidayNoteOf, readOptions, type SiteCounts } from "./counts";

/**
 * The site options every public page shows in its chrome (the header counts
 * and the holiday note), cached like the public lists (spec §4): read by the
 * layout and the page on every render, changed only by staff (announced) or
 * by the worker's count refresh (announced), with DATA_CACHE_TTL_SECONDS for
 * what moves without an announcement (a member signing up).
 */
const caches = dataCaches((ttl) => ({
  counts: publicCache<{ value: SiteCounts }>(1, ttl),
  note: publicCache<{ value: string }>(1, ttl),
}));

/**
 * One read of the options per page render, whatever asks (React's per-request memo; outside a render it
 * reads each time): the layout shows the counts and the note, a list or map page the counts again. With
 * the data cache off that was three reads a page, three round trips on a libSQL server.
 */
const optionsOfThisRender = cache(readOptions);

export async function cachedSiteCounts(db: Db): Promise<SiteCounts> {
  return (await memoPublic(caches.get()?.counts, "counts", async () => ({ value: await getSiteCounts(db, await optionsOfThisRender(db)) }))).value;
}

export async function cachedHolidayNote(db: Db): Promise<string> {
  return (await memoPublic(caches.get()?.note, "note", async () => ({ value: holidayNoteOf(await optionsOfThisRender(db)) }))).value;
}

/** Tests: forget the cache (and re-read the TTL). */
export const resetOptionsCacheForTests = caches.reset;
