import type { LRUCache } from "lru-cache";
import { isEmptyQuery, type SearchQuery } from "@/schemas/search";
import { dataCaches, memoPublic, publicCache } from "@/server/cache/public-content";
import type { Db } from "@/server/db";
import { getInvestmentDetail } from "./detail";
import { areaFacetConditions, areaFacets, featureFacets, trainFacets, type AreaFacets } from "./facets";
import { homeListings } from "./home";
import { countInvestments, countMembersOnly, searchInvestments, type MembersOnlyCount } from "@/server/search";
import type { Audience } from "@/server/listings";

/**
 * Lists and counts for visitors and members, cached (spec §4): the same
 * answers for everyone of an audience, refreshed after every change to public
 * content (src/server/cache/public-content.ts) and after DATA_CACHE_TTL_SECONDS
 * at the latest (what changes with the clock alone: "new within N days",
 * next-update dates). Admin searches are never cached. Results are shared:
 * read-only for callers.
 */
const caches = dataCaches((ttl) => ({
  search: publicCache<object>(2000, ttl),
  count: publicCache<object>(5000, ttl),
  facets: publicCache<object>(50, ttl),
  /** area facets under a list's carried conditions (issue 30), one entry per audience and conditions */
  areaFacets: publicCache<object>(500, ttl),
  detail: publicCache<object>(2000, ttl),
}));
const store = caches.get;

const keyOf = (audience: Audience, query: SearchQuery) => `${audience}|${JSON.stringify(query)}`;

export function cachedSearch(db: Db, audience: Exclude<Audience, "admin">, query: SearchQuery, pageSize?: number) {
  const key = pageSize === undefined ? keyOf(audience, query) : `${keyOf(audience, query)}|${pageSize}`;
  return memoPublic(store()?.search as LRUCache<string, Awaited<ReturnType<typeof searchInvestments>>> | undefined, key, () =>
    searchInvestments(db, audience, query, { pageSize }),
  );
}

export async function cachedCount(db: Db, audience: Exclude<Audience, "admin">, query: SearchQuery): Promise<number> {
  const box = await memoPublic(store()?.count as LRUCache<string, { n: number }> | undefined, keyOf(audience, query), async () => ({
    n: await countInvestments(db, audience, query),
  }));
  return box.n;
}

/** countMembersOnly, shared like the counts (the same for every visitor). Page and sort do not change it, so they are not part of the key. */
export async function cachedMembersOnlyCount(db: Db, query: SearchQuery): Promise<MembersOnlyCount | null> {
  const { page: _page, sr: _sr, ...conditions } = query;
  const box = await memoPublic(
    store()?.count as LRUCache<string, { n: MembersOnlyCount | null }> | undefined,
    `membersOnly|${JSON.stringify(conditions)}`,
    async () => ({
      n: await countMembersOnly(db, conditions),
    }),
  );
  return box.n;
}

export function cachedFacets<K extends "area" | "train" | "feature" | "home">(db: Db, audience: Exclude<Audience, "admin">, kind: K) {
  const compute = {
    area: () => areaFacets(db, audience),
    train: () => trainFacets(db, audience),
    feature: () => featureFacets(db, audience),
    home: () => homeListings(db, audience),
  }[kind] as () => Promise<FacetsOf<K>>;
  return memoPublic(store()?.facets as LRUCache<string, FacetsOf<K>> | undefined, `${kind}|${audience}`, compute);
}

/** The area page's counts, under the conditions a list carried there (none: the shared facets). */
export async function cachedAreaFacets(db: Db, audience: Exclude<Audience, "admin">, query: SearchQuery): Promise<AreaFacets> {
  const conditions = areaFacetConditions(query);
  if (isEmptyQuery(conditions)) return cachedFacets(db, audience, "area");
  return memoPublic(store()?.areaFacets as LRUCache<string, AreaFacets> | undefined, keyOf(audience, conditions), () => areaFacets(db, audience, conditions));
}

type Detail = NonNullable<Awaited<ReturnType<typeof getInvestmentDetail>>>;

/**
 * A listing's detail as the audience sees it, without anyone's own data
 * (userId null: no bookmark state), so one copy serves every visitor (or
 * every member) of the audience. A listing nobody of the audience may see is
 * not cached (null passes through).
 */
export async function cachedDetail(db: Db, audience: Exclude<Audience, "admin">, id: number): Promise<Detail | null> {
  const box = await memoPublic(store()?.detail as LRUCache<string, { d: Detail | null }> | undefined, `${audience}|${id}`, async () => ({
    d: await getInvestmentDetail(db, audience, id, { userId: null }),
  }));
  return box.d;
}

type FacetsOf<K> = K extends "area"
  ? Awaited<ReturnType<typeof areaFacets>>
  : K extends "train"
    ? Awaited<ReturnType<typeof trainFacets>>
    : K extends "feature"
      ? Awaited<ReturnType<typeof featureFacets>>
      : Awaited<ReturnType<typeof homeListings>>;

/** Tests: forget the caches (and re-read the TTL). */
export function resetPublicCachesForTests(): void {
  caches.reset();
}
