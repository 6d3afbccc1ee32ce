import { ChevronRight, House } from "@/components/icons";
import Link from "next/link";
import { cn } from "@/lib/cn";
import { breadcrumbItem, breadcrumbJsonLd, type BreadcrumbItem } from "@/lib/seo";
import { env } from "@/server/env";

export type { BreadcrumbItem };

/**
 * Breadcrumbs (spec §2): a home icon, then the items ({name default ホーム,
 * path default /}); the last item is plain text. Also emits the
 * schema.org BreadcrumbList (home first) as JSON-LD.
 * Server component (reads APP_URL for the absolute URLs in the JSON-LD).
 */
export function Breadcrumbs({ items, className }: { items: readonly BreadcrumbItem[]; className?: string }) {
  const list = items.map((i) => breadcrumbItem(i));
  const jsonLd = breadcrumbJsonLd(env().APP_URL, [{ name: "ホーム", path: "/" }, ...list]);
  // The current page (last item) given without a path: leave its URL out rather than point it at "/".
  const lastRaw = items[items.length - 1];
  const data =
    lastRaw && lastRaw.path === undefined
      ? {
          ...jsonLd,
          itemListElement: jsonLd.itemListElement.map((e, i, all) => (i === all.length - 1 ? { ...e, item: undefined } : e)),
        }
      : jsonLd;
  return (
    <nav aria-label="パンくずリスト" className={cn("text-xs text-primary-500 sm:text-sm", className)}>
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        <li className="flex items-center">
          <Link
            href="/"
            className="flex items-center rounded-sm p-0.5 hover:text-gold-700 focus-visible:outline-2 focus-visible:outline-gold-500"
            aria-label="ホーム"
          >
            <House className="size-4" aria-hidden="true" />
          </Link>
        </li>
        {list.map((item, i) => {
          const last = i === list.length - 1;
          return (
            <li key={`${item.path}-${i}`} className="flex min-w-0 items-center gap-1.5">
              <ChevronRight className="size-3.5 shrink-0 text-primary-300" aria-hidden="true" />
              {last ? (
                <span aria-current="page" className="truncate font-bold text-primary-700">
                  {item.name}
                </span>
              ) : (
                <Link href={item.path} className="truncate hover:text-gold-700 hover:underline">
                  {item.name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
      <script
        type="application/ld+json"
        // JSON.stringify output with "<" escaped cannot close the script element.
        dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
      />
    </nav>
  );
}
