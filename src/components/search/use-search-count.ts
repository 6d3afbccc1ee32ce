"use client";

import { useEffect, useState } from "react";
import { fetchQuery } from "@/trpc/fetch-query";

type Input = Record<string, string[]>;

/** Answers kept for 30 s, as the lists' counts change slowly (same as the former React Query staleTime). */
const FRESH_MS = 30_000;
const cache = new Map<string, { at: number; total: Promise<number> }>();

function countOf(key: string, input: Input, signal: AbortSignal): Promise<number> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < FRESH_MS) return hit.total;
  const total = fetchQuery<{ total: number }>("public.investments.count", input, signal).then((r) => r.total);
  cache.set(key, { at: Date.now(), total });
  total.catch(() => cache.delete(key));
  return total;
}

/**
 * The live total of the search pages (public.investments.count) over plain fetch: those pages ship
 * no tRPC client or React Query (issue 21). While a new count loads the previous one stays;
 * `counting` is true only before the first answer.
 */
export function useSearchCount(input: Input, enabled: boolean): { total: number | undefined; counting: boolean } {
  const key = JSON.stringify(input);
  const [settled, setSettled] = useState<{ total: number | undefined }>();
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    countOf(key, JSON.parse(key) as Input, abort.signal).then(
      (total) => {
        if (!abort.signal.aborted) setSettled({ total });
      },
      () => {
        if (!abort.signal.aborted) setSettled((prev) => ({ total: prev?.total }));
      },
    );
    return () => abort.abort();
  }, [key, enabled]);
  return { total: settled?.total, counting: enabled && settled === undefined };
}
