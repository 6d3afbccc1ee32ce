import Link from "next/link";
import { cn } from "@/lib/cn";
import { LIST_VIEWS, PAGE_SIZES, type ListDisplay } from "@/lib/list-view";
import { pageHref } from "@/lib/pagination";

const seg = "inline-flex h-8 items-center rounded-md px-2.5 text-xs font-bold transition-colors focus-visible:outline-2 focus-visible:outline-gold-500";
const on = "bg-primary text-white";
const off = "text-primary-600 hover:bg-primary-50";

/**
 * カード / 一覧表 and 20 / 50 / 100件: plain links (no JavaScript) to the same
 * search with vw / pp set. Changing the page size goes back to page 1; the
 * view keeps the page.
 */
export function ListViewSwitch({ page, search, display, className }: { page: number; search: URLSearchParams; display: ListDisplay; className?: string }) {
  const href = (n: number, vw: string, pp: number) => {
    const qs = new URLSearchParams(search);
    qs.set("vw", vw);
    qs.set("pp", String(pp));
    return pageHref("/investments", n, qs);
  };
  return (
    <div className={cn("flex flex-wrap items-center gap-2", className)} data-slot="list-view-switch">
      <nav aria-label="表示形式" className="flex rounded-lg border border-border bg-white p-0.5">
        {LIST_VIEWS.map((v) => (
          <Link
            key={v.key}
            href={href(page, v.key, display.pageSize)}
            className={cn(seg, display.view === v.key ? on : off)}
            aria-current={display.view === v.key ? "page" : undefined}
            data-view={v.key}
            scroll={false}
          >
            {v.name}
          </Link>
        ))}
      </nav>
      <nav aria-label="表示件数" className="flex rounded-lg border border-border bg-white p-0.5">
        {PAGE_SIZES.map((n) => (
          <Link
            key={n}
            href={href(1, display.view, n)}
            className={cn(seg, display.pageSize === n ? on : off)}
            aria-current={display.pageSize === n ? "page" : undefined}
            aria-label={`${n}件ずつ表示`}
            data-page-size={n}
          >
            {n}件
          </Link>
        ))}
      </nav>
    </div>
  );
}
