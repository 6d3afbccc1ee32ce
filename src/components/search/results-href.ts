/**
 * Where a search goes: the list (default) or another results page such as the
 * map, which keeps some of the current URL's parameters (its view, `c` and
 * `z`, which it updates as the map moves) ahead of the new conditions.
 */
export interface SearchResultsTarget {
  /** The results page; the list's first page when absent. */
  path?: string;
  /** Parameters of the current URL carried over (read when the search is sent). */
  keep?: readonly string[];
  /** `to` of the search pages (area, train, feature) opened from this page, so their forms come back here. */
  via?: string;
}

/** The map page as a search's results: its view (c, z) kept; the search pages opened from it carry `to=map`. */
export const MAP_RESULTS: SearchResultsTarget = { path: "/investments/map", keep: ["c", "z"], via: "map" };

/** The target a search page was opened for, from its URL (`to=map`); the list otherwise. */
export function resultsFor(raw: Record<string, string | string[] | undefined>): SearchResultsTarget | undefined {
  return raw.to === MAP_RESULTS.via ? MAP_RESULTS : undefined;
}

/**
 * A search page (area, train, feature) opened from `target`'s page: the current URL's parameters
 * come along (its conditions start selected; the map's view waits there for the way back) with `to`.
 */
export function entryHref(path: string, target: SearchResultsTarget | undefined): string {
  if (!target?.via) return path;
  const params = new URLSearchParams(typeof window === "undefined" ? "" : window.location.search);
  params.set("to", target.via);
  return `${path}?${params}`;
}

export function resultsHref(target: SearchResultsTarget | undefined, conditions: URLSearchParams | string): string {
  const params = new URLSearchParams(conditions);
  if (!target?.path) {
    const qs = params.toString();
    return qs ? `/investments/page/1/?${qs}` : "/investments";
  }
  const out = new URLSearchParams();
  if (target.keep?.length && typeof window !== "undefined") {
    const current = new URLSearchParams(window.location.search);
    for (const k of target.keep) {
      const v = current.get(k);
      if (v !== null) out.set(k, v);
    }
  }
  for (const [k, v] of params) out.append(k, v);
  const qs = out.toString();
  return qs ? `${target.path}?${qs}` : target.path;
}
