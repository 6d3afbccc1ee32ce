/**
 * The way into a search page (area, train, feature) from a list: the list's conditions come along,
 * so refining never starts from nothing (issue 30). No zod: the list's side panel and the search
 * dialog build these too.
 */
import { toSearchParams, type SearchParamRecord } from "@/schemas/search-params";

/** `path?{conditions}` (without the page), plus `to` (the map, when the search goes back there). */
export function entryPageHref(path: string, query: SearchParamRecord | URLSearchParams | string, to?: string): string {
  const qs = typeof query === "string" || query instanceof URLSearchParams ? conditionsOf(new URLSearchParams(query)) : toSearchParams(query);
  qs.delete("page");
  if (to) qs.set("to", to);
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

/** Keys of a list URL that are not search conditions: the display (vw, pp), a saved filter's id and the page. */
const NOT_CONDITIONS = new Set(["vw", "pp", "filter", "page", "to", "c", "z"]);

/** A list URL's query (location.search) without what is not a condition. */
export function conditionsOf(params: URLSearchParams): URLSearchParams {
  return new URLSearchParams([...params].filter(([k]) => !NOT_CONDITIONS.has(k)));
}

/** Whether a path is one of the list pages (/investments, /investments/page/{n}). */
export function isListPath(pathname: string): boolean {
  return /^\/investments(\/page\/\d+)?\/?$/.test(pathname);
}
