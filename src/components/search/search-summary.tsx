import { SlidersHorizontal, X } from "@/components/icons";
import Link from "next/link";
import { ChipLink } from "@/components/ui/chip-link";
import { cn } from "@/lib/cn";
import type { QueryChip } from "./query-links";

/**
 * The conditions of the current search as chips, each with a link that
 * removes it, and a link that clears them all. Server component.
 */
export function SearchSummary({ chips, className }: { chips: readonly QueryChip[]; className?: string }) {
  if (chips.length === 0) return null;
  return (
    <section aria-labelledby="search-summary-title" className={cn("rounded-lg border border-border bg-white p-3 sm:p-4", className)} data-slot="search-summary">
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <h2 id="search-summary-title" className="flex shrink-0 items-center gap-1.5 pt-1 text-xs font-bold text-primary-600">
          <SlidersHorizontal className="size-3.5 text-gold-600" aria-hidden="true" />
          検索条件
        </h2>
        <ul className="flex min-w-0 flex-1 basis-40 flex-wrap gap-1.5">
          {chips.map((c) => (
            <li key={c.key} className="min-w-0 max-w-full">
              <ChipLink variant="summary-chip" href={c.removeHref} aria-label={`「${c.label}」の条件を外す`} data-chip={c.key}>
                <span className="min-w-0 truncate">{c.label}</span>
                <span className="flex size-5 items-center justify-center rounded-full text-primary-500 group-hover:bg-white group-hover:text-error">
                  <X className="size-3.5" aria-hidden="true" />
                </span>
              </ChipLink>
            </li>
          ))}
        </ul>
        <Link href="/investments" className="shrink-0 pt-1 text-xs text-primary-600 underline underline-offset-2 hover:text-gold-700">
          すべての条件をクリア
        </Link>
      </div>
    </section>
  );
}
