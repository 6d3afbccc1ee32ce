"use client";

import { api } from "@/trpc/react";

export interface SavedFilter {
  id: string;
  name: string;
  /** The saved search parameters (the list page's query). */
  query: Record<string, unknown>;
}

/** A saved query as URL parameters (arrays repeat the key). */
export function savedQueryParams(query: Record<string, unknown>): URLSearchParams {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (k === "page" || v === null || v === undefined || v === "") continue;
    if (Array.isArray(v)) for (const item of v) qs.append(k, String(item));
    else if (v === true) qs.append(k, "1");
    else if (typeof v === "string" || typeof v === "number") qs.append(k, String(v));
  }
  return qs;
}

/**
 * The member's saved search conditions (member.filters.list). `available` is
 * false until they load, or when the call fails: the dropdown then hides.
 */
export function useSavedFilters(enabled: boolean): { filters: SavedFilter[]; available: boolean } {
  const q = api.member.filters.list.useQuery(undefined, { enabled, staleTime: 60_000, retry: false });
  const filters = (q.data ?? []).map((f) => ({ id: String(f._id), name: f.name, query: f.query as Record<string, unknown> }));
  return { filters, available: enabled && q.isSuccess };
}
