import type * as React from "react";
import { Breadcrumbs } from "@/components/site-chrome/breadcrumbs";
import { ChipLink } from "@/components/ui/chip-link";
import { ENTRY_LINKS } from "./refine-options";

/**
 * Frame of the three search entry pages: breadcrumbs, the title band with
 * a lead, tabs between the entries, then the form.
 */
export function SearchEntryPage({
  path,
  title,
  lead,
  children,
}: {
  path: string;
  title: string;
  lead: React.ReactNode;
  children: React.ReactNode;
}) {
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
        </header>
        <nav aria-label="検索方法" className="mx-auto max-w-7xl px-4 sm:px-5">
          <ul className="-mb-px flex gap-1 overflow-x-auto">
            {ENTRY_LINKS.map((e) => {
              const current = e.path === path;
              return (
                <li key={e.path} className="shrink-0">
                  <ChipLink variant="tab" href={e.path} active={current} current="page" icon={e.icon}>
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
