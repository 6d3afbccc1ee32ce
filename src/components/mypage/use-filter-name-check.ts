"use client";

import { useEffect, useState } from "react";
import { api } from "@/trpc/react";

export const FILTER_NAME_TAKEN_TEXT = "この名前の検索条件は既に保存されています";
export const FILTER_NAME_MAX = 50;

/** The client-side message for a filter name (empty / too long), or null when it may be sent. */
export function filterNameProblem(name: string): string | null {
  const t = name.trim();
  if (!t) return "検索条件名を入力してください";
  if (t.length > FILTER_NAME_MAX) return `検索条件名は${FILTER_NAME_MAX}文字以内で入力してください`;
  return null;
}

/**
 * Live duplicate check (member.filters.nameTaken), debounced: `taken` is true
 * when another of the member's conditions (not `exceptId`) already has the name.
 */
export function useFilterNameCheck(name: string, exceptId = 0, enabled = true) {
  const [debounced, setDebounced] = useState(name.trim());
  useEffect(() => {
    const t = setTimeout(() => setDebounced(name.trim()), 250);
    return () => clearTimeout(t);
  }, [name]);
  const q = api.member.filters.nameTaken.useQuery(
    { id: exceptId, name: debounced },
    { enabled: enabled && debounced.length > 0 && debounced.length <= FILTER_NAME_MAX, retry: false, staleTime: 5_000 },
  );
  const settled = debounced === name.trim() && !q.isFetching;
  return { taken: Boolean(q.data?.exists) && debounced === name.trim(), checking: !settled };
}
