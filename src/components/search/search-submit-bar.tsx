"use client";

import { Search } from "@/components/icons";
import type * as React from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import { PlainButton } from "@/components/ui/plain-button";
import { withCommas } from "@/lib/price";

/**
 * The submit button: Button's gold look (which already carries GOLD_TEXT's near-black text and hover)
 * that grows on phones. No tailwind-merge here (issue 21): flex-1 sets flex-shrink, so the look's
 * shrink-0 goes, as merging did.
 */
const SUBMIT_CLASS = `${buttonVariants({ variant: "gold", size: "lg" }).replace(/^(.*?) shrink-0 /, "$1 ")} min-w-52 flex-1 sm:flex-none`;

/**
 * The bar at the foot of a search entry page: what is selected, how many
 * listings it finds and the submit button. Sticks to the bottom of the
 * viewport while the form scrolls.
 */
export function SearchSubmitBar({
  summary,
  total,
  counting = false,
  disabled = false,
  onClear,
  children,
  className,
}: {
  summary: React.ReactNode;
  /** Listings found by the current selection (undefined: not known yet). */
  total?: number;
  counting?: boolean;
  disabled?: boolean;
  onClear?: () => void;
  children?: React.ReactNode;
  className?: string;
}) {
  // min-w-0: as a grid item of the form, the one-line (truncated) summary would otherwise widen the page on a phone.
  return (
    <div
      className={`sticky bottom-0 z-20 -mx-4 min-w-0 border-t border-border bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur sm:-mx-5 sm:px-5${className ? ` ${className}` : ""}`}
      data-slot="search-submit-bar"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 text-sm">
          <div className="truncate text-primary-600">{summary}</div>
          {children}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {onClear && (
            <PlainButton type="button" variant="ghost" onClick={onClear} disabled={disabled}>
              クリア
            </PlainButton>
          )}
          <button data-slot="button" type="submit" className={SUBMIT_CLASS} disabled={disabled}>
            <Search aria-hidden="true" />
            この条件で検索
            {total !== undefined && (
              <span className="tabular rounded-sm bg-white/60 px-1.5 text-sm" aria-live="polite">
                {counting ? "…" : `${withCommas(String(total))}件`}
              </span>
            )}
          </button>
        </div>
      </div>
    </div>
  );
}
