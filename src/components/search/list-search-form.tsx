"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import type * as React from "react";
import { LoadingOverlay } from "@/components/site-chrome/loading-overlay";

/** The list URL for search parameters (the bare list when there are none). */
export function listPageHref(params: URLSearchParams): string {
  const qs = params.toString();
  return qs ? `/investments/page/1/?${qs}` : "/investments";
}

/**
 * A search page's form: a plain GET to the list, so it works before hydration; in the browser it
 * goes to `hrefOf(form)` in a transition, under the loading overlay.
 */
export function ListSearchForm({
  hrefOf,
  children,
  ...form
}: { hrefOf: (form: HTMLFormElement) => string } & Omit<React.ComponentProps<"form">, "action" | "method" | "onSubmit">) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <form
      action="/investments/page/1/"
      method="get"
      onSubmit={(e) => {
        e.preventDefault();
        const href = hrefOf(e.currentTarget);
        startTransition(() => router.push(href));
      }}
      {...form}
    >
      {children}
      <LoadingOverlay show={pending} label="検索しています" />
    </form>
  );
}
