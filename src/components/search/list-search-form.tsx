"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import type * as React from "react";
import { LazyLoadingOverlay } from "./lazy-loading-overlay";
import { resultsFor, resultsHref, type SearchResultsTarget } from "./results-href";

/** The list URL for search parameters (the bare list when there are none). */
export function listPageHref(params: URLSearchParams): string {
  const qs = params.toString();
  return qs ? `/investments/page/1/?${qs}` : "/investments";
}

/**
 * A search page's form: a plain GET to the list, so it works before hydration; in the browser it
 * goes to `hrefOf(form)` (a list URL) in a transition, under the loading overlay — or, with
 * `results` or when the page was opened from the map (`to=map` in its URL), to that page with
 * the same conditions.
 */
export function ListSearchForm({
  hrefOf,
  results,
  children,
  ...form
}: { hrefOf: (form: HTMLFormElement) => string; results?: SearchResultsTarget } & Omit<React.ComponentProps<"form">, "action" | "method" | "onSubmit">) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <form
      action={results?.path ?? "/investments/page/1/"}
      method="get"
      onSubmit={(e) => {
        e.preventDefault();
        const list = hrefOf(e.currentTarget);
        // opened from the map (`to=map`, search-dialog-panel.tsx): back to it, at its view
        const target = results ?? resultsFor(Object.fromEntries(new URLSearchParams(window.location.search)));
        const href = target?.path ? resultsHref(target, list.split("?")[1] ?? "") : list;
        startTransition(() => router.push(href));
      }}
      {...form}
    >
      {children}
      <LazyLoadingOverlay show={pending} label="検索しています" />
    </form>
  );
}
