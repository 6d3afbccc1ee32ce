/**
 * Links between search states that client components build (refine links): the list URL of a
 * query and the query with one condition changed. Pure, and without the search schemas or zod
 * (query-links.ts, which re-exports these, adds the chips that need them), so a client
 * component importing these does not download them (issue 21).
 */
import { pageHref } from "@/lib/pagination";
import type { SearchQuery } from "@/schemas/search";
import { MULTI_PARAM_KEYS, toSearchParams } from "@/schemas/search-params";

export const LIST_PATH = "/investments";

/** Parameters that hold several values (each value is its own chip). */
export const MULTI_KEYS = MULTI_PARAM_KEYS;

type Loose = Record<string, unknown>;
const loose = (q: SearchQuery): Loose => q as unknown as Loose;
const fromLoose = (r: Loose): SearchQuery => r as unknown as SearchQuery;

/** The query's parameters without the page (the page lives in the path). */
export function queryParams(q: SearchQuery): URLSearchParams {
  const qs = toSearchParams(q);
  qs.delete("page");
  return qs;
}

/**
 * The list page of a query: /investments when it has no parameters at all,
 * otherwise /investments/page/{n}/?{query}.
 */
export function listHref(q: SearchQuery, page = 1): string {
  const qs = queryParams(q);
  if (page <= 1 && [...qs.keys()].length === 0) return LIST_PATH;
  return pageHref(LIST_PATH, page, qs);
}

/** A query with every condition removed (page 1, default sort). */
export function emptyQuery(): SearchQuery {
  return {};
}

/** The query with `patch` applied (keys set to the given values), back on page 1. */
export function patchQuery(q: SearchQuery, patch: Record<string, unknown>): SearchQuery {
  return fromLoose({ ...loose(q), ...patch, page: undefined });
}

/** Whether a multi-valued parameter holds `value`. */
export function hasValue(q: SearchQuery, key: (typeof MULTI_KEYS)[number], value: number | string): boolean {
  const v = loose(q)[key];
  return Array.isArray(v) && (v as unknown[]).some((x) => String(x) === String(value));
}

/** The query with `value` added to or removed from a multi-valued parameter, back on page 1. */
export function toggleValue(q: SearchQuery, key: (typeof MULTI_KEYS)[number], value: number | string): SearchQuery {
  const cur = loose(q)[key];
  const list = Array.isArray(cur) ? (cur as unknown[]) : [];
  const next = hasValue(q, key, value) ? list.filter((x) => String(x) !== String(value)) : [...list, value];
  return patchQuery(q, { [key]: next.length ? next : undefined });
}

/** A scalar parameter's value as text ("" when absent). */
export function scalarValue(q: SearchQuery, key: string): string {
  const v = loose(q)[key];
  return v === undefined || v === null ? "" : String(v);
}
