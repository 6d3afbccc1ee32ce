import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from "@/components/icons";
import Link from "next/link";
import type * as React from "react";
import { cn } from "@/lib/cn";
import { withCommas } from "@/lib/price";
import { pageHref, paginate, type PageItem, type QueryInput } from "@/lib/pagination";

export interface PaginationBarProps {
  current: number;
  last: number;
  total: number;
  /** The total was counted to a bound (「1,000件以上」): `last` is only the last page known to exist. */
  bounded?: boolean;
  /** List path without the page part, e.g. "/investments" → /investments/page/{n}/?{query}. */
  basePath: string;
  /** The router query to keep on every link (page is dropped). */
  query?: QueryInput;
  /**
   * Optional click callback (spec §3). Only usable from a client component;
   * the links still carry real hrefs, the default navigation is prevented.
   */
  onPageChange?: (page: number) => void;
  className?: string;
}

const LABELS: Record<Exclude<PageItem["type"], "page" | "ellipsis">, { text: string; aria: string; icon: React.ReactNode }> = {
  first: { text: "最初", aria: "最初のページ", icon: <ChevronsLeft aria-hidden="true" className="size-4" /> },
  prev: { text: "前へ", aria: "前のページ", icon: <ChevronLeft aria-hidden="true" className="size-4" /> },
  next: { text: "次へ", aria: "次のページ", icon: <ChevronRight aria-hidden="true" className="size-4" /> },
  last: { text: "最後", aria: "最後のページ", icon: <ChevronsRight aria-hidden="true" className="size-4" /> },
};

const box =
  "inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md border px-2.5 text-sm font-bold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-500";

/**
 * Pagination bar (spec §4): renders the pure model of src/lib/pagination.ts.
 * Total 0 shows 検索内容に合致するデータがありません。. No hooks and no "use client": the list
 * pages render it on the server as plain links, so they ship none of its code (issue 21); a client
 * component may still import it to pass onPageChange.
 */
export function PaginationBar({ current, last, total, bounded = false, basePath, query, onPageChange, className }: PaginationBarProps) {
  const model = paginate({ current, last, total, open: bounded });
  if (model.empty) {
    return (
      <p role="status" className={cn("rounded-lg bg-muted px-4 py-10 text-center text-sm text-primary-600", className)}>
        {model.message}
      </p>
    );
  }

  const link = (page: number, children: React.ReactNode, props: { className: string; "aria-label"?: string }) => (
    <Link
      href={pageHref(basePath, page, query)}
      {...props}
      {...(onPageChange
        ? {
            onClick: (e: React.MouseEvent<HTMLAnchorElement>) => {
              if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
              e.preventDefault();
              onPageChange(page);
            },
          }
        : {})}
    >
      {children}
    </Link>
  );

  return (
    <nav aria-label="ページ送り" className={cn("flex flex-col items-center gap-2", className)} data-slot="pagination">
      <p className="text-xs text-primary-500">
        全<span className="tabular mx-0.5 font-bold text-primary">{withCommas(String(total))}</span>
        {model.open ? `件以上（${model.current}ページ目）` : `件（${model.current} / ${model.last}ページ）`}
      </p>
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        {model.items.map((item) => {
          if (item.type === "ellipsis") {
            return (
              <li key={`ellipsis-${item.position}`} aria-hidden="true" className="px-1 text-primary-400">
                …
              </li>
            );
          }
          if (item.type === "page") {
            return (
              <li key={`page-${item.page}`}>
                {item.current ? (
                  <span aria-current="page" className={cn(box, "border-primary bg-primary text-white")}>
                    <span className="sr-only">ページ</span>
                    {item.page}
                  </span>
                ) : (
                  link(item.page, item.page, {
                    className: cn(box, "border-primary-200 bg-white text-primary hover:border-gold hover:text-gold-700"),
                    "aria-label": `${item.page}ページ`,
                  })
                )}
              </li>
            );
          }
          const l = LABELS[item.type];
          const iconFirst = item.type === "first" || item.type === "prev";
          return (
            <li key={item.type}>
              {link(
                item.page,
                <>
                  {iconFirst && l.icon}
                  <span className="hidden sm:inline">{l.text}</span>
                  {!iconFirst && l.icon}
                </>,
                { className: cn(box, "border-primary-200 bg-white text-primary-700 hover:border-gold hover:text-gold-700"), "aria-label": l.aria },
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
