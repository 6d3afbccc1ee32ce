import { LRUCache } from "lru-cache";
import { env } from "@/server/env";

/**
 * What visitors and members can see changes only when staff (or the worker)
 * change it. Caches of public content (rendered pages, search results and
 * counts) key their entries by this version and are used only while `live`:
 * while this process is subscribed to the change announcements
 * (src/server/cache/invalidation.ts), so no change can go unnoticed.
 *
 * The caches, one job each:
 *  - this module: the version/live state and the memo the data caches share;
 *  - src/server/investments/cached.ts: lists, counts, facets, details (data);
 *  - src/server/options/cached.ts: header counts and the holiday note (data);
 *  - src/server/http/page-cache.ts: rendered pages for visitors (HTTP), cleared
 *    by the same announcements (src/server/cache/invalidation.ts).
 *
 * Kept on globalThis because the server entry (src/server/http/main.ts) and
 * Next's server bundle load separate copies of this module in one process.
 */
interface PublicContentState {
  live: boolean;
  version: number;
}

const KEY = Symbol.for("kir.public-content");

export function publicContent(): PublicContentState {
  const g = globalThis as { [KEY]?: PublicContentState };
  g[KEY] ??= { live: false, version: 0 };
  return g[KEY];
}

/** Something public changed (or announcements may have been missed): every cached entry is stale. */
export function publicContentChanged(): void {
  publicContent().version++;
}

export function setPublicContentLive(live: boolean): void {
  const state = publicContent();
  state.live = live;
  state.version++;
}

/**
 * A set of data caches built on first use with DATA_CACHE_TTL_SECONDS as their
 * lifetime, or none when it is 0; `reset()` forgets them so the next use
 * re-reads the setting (tests).
 */
export function dataCaches<C>(build: (ttlMs: number) => C): { get(): C | undefined; reset(): void } {
  let built: C | null | undefined;
  return {
    get() {
      if (built === undefined) {
        const ttlMs = env().DATA_CACHE_TTL_SECONDS * 1000;
        built = ttlMs > 0 ? build(ttlMs) : null;
      }
      return built ?? undefined;
    },
    reset() {
      built = undefined;
    },
  };
}

/** An LRU for one kind of public data (entries expire after ttlMs as well). */
export function publicCache<T extends object>(max: number, ttlMs: number): LRUCache<string, T> {
  return new LRUCache<string, T>({ max, ttl: Math.max(1, ttlMs) });
}

/**
 * `compute()` through `cache` under `key` while the process is live; straight
 * through otherwise. A result computed across a change is returned but not
 * stored. Callers must treat the result as read-only: it is shared.
 */
export async function memoPublic<T extends object>(cache: LRUCache<string, T> | undefined, key: string, compute: () => Promise<T>): Promise<T> {
  const state = publicContent();
  if (!cache || !state.live) return compute();
  const version = state.version;
  const full = `${version}\u0000${key}`;
  const hit = cache.get(full);
  if (hit) return hit;
  const value = await compute();
  if (state.version === version && state.live) cache.set(full, value);
  return value;
}
