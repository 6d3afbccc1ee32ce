import Link from "next/link";
import type * as React from "react";
import { Breadcrumbs } from "@/components/site-chrome/breadcrumbs";
import { ChipLink } from "@/components/ui/chip-link";
import { describeQuery, parseSearchParams } from "@/schemas/search";
import { entryPageHref } from "./entry-href";
import { ENTRY_LINKS } from "./refine-options";

export type RawSearchParams = Record<string, string | string[] | undefined>;

/**
 * Frame of the three search entry pages: breadcrumbs, the title band with
 * a lead, the conditions brought from the list (with a link that clears them
 * on purpose), tabs between the entries that keep those conditions, then the form.
 */
export function SearchEntryPage({
  path,
  title,
  lead,
  raw = {},
  children,
}: {
  path: string;
  title: string;
  lead: React.ReactNode;
  /** The page's URL parameters: the list's conditions (and `to=map`) it was opened with. */
  raw?: RawSearchParams;
  children: React.ReactNode;
}) {
  const query = parseSearchParams(raw);
  const chips = describeQuery(query);
  const to = raw.to === "map" ? "map" : undefined;
  const clearHref = to ? `${path}?to=${to}` : path;
  return (
    <div data-slot="search-entry">
      <div className="border-b border-border bg-muted/70">
        <div className="mx-auto max-w-7xl px-4 pt-3 sm:px-5">
          <Breadcrumbs items={[{ name: "物件一覧", path: "/investments" }, { name: title }]} />
        </div>
        <header className="mx-auto max-w-7xl px-4 pb-4 pt-4 sm:px-5 md:pt-6">
          <p className="text-xs font-bold tracking-[0.3em] text-gold-700" aria-hidden="true">
            SEARCH
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-wider md:text-3xl">{title}</h1>
          <div className="mt-2 max-w-3xl text-sm leading-relaxed text-primary-600">{lead}</div>
          {chips.length > 0 && (
            <p
              className="mt-3 flex max-w-3xl flex-wrap items-baseline gap-x-3 gap-y-1 rounded-md border border-gold-300 bg-gold-50 px-3 py-2 text-sm"
              data-slot="carried-conditions"
            >
              <span className="min-w-0">
                <span className="font-bold">引き継いだ条件：</span>
                {chips.join("・")}
              </span>
              <Link
                href={clearHref}
                className="shrink-0 font-bold text-primary-700 underline underline-offset-4 hover:text-gold-700"
                data-slot="clear-conditions"
              >
                条件をクリア
              </Link>
            </p>
          )}
        </header>
        <nav aria-label="検索方法" className="mx-auto max-w-7xl px-4 sm:px-5">
          <ul className="-mb-px flex gap-1 overflow-x-auto">
            {ENTRY_LINKS.map((e) => {
              const current = e.path === path;
              return (
                <li key={e.path} className="shrink-0">
                  <ChipLink variant="tab" href={entryPageHref(e.path, query, to)} active={current} current="page" icon={e.icon}>
                    {e.name}
                  </ChipLink>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
      <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-5 md:pt-8">{children}</div>
    </div>
  );
}
