import type * as React from "react";
import { Breadcrumbs, type BreadcrumbItem } from "@/components/site-chrome/breadcrumbs";
import { cn } from "@/lib/cn";

/**
 * Frame of a content page under the site chrome: breadcrumbs, a title band
 * (English kicker, the h1, an optional lead) and the body column.
 * `aside` adds a side column on wide screens (blog).
 */
export function ContentLayout({
  breadcrumbs,
  kicker,
  title,
  lead,
  aside,
  width = "default",
  children,
  headerExtra,
}: {
  breadcrumbs: readonly BreadcrumbItem[];
  kicker?: string;
  title: React.ReactNode;
  lead?: React.ReactNode;
  aside?: React.ReactNode;
  width?: "narrow" | "default" | "wide";
  children: React.ReactNode;
  /** Rendered under the title inside the band (dates, badges). */
  headerExtra?: React.ReactNode;
}) {
  const max = { narrow: "max-w-3xl", default: "max-w-5xl", wide: "max-w-6xl" }[aside ? "wide" : width];
  return (
    <div data-slot="content-page">
      <div className="border-b border-border bg-muted/70">
        <div className={cn("mx-auto px-4 pt-3 sm:px-5", aside ? "max-w-6xl" : max)}>
          <Breadcrumbs items={breadcrumbs} />
        </div>
        <header className={cn("mx-auto px-4 pb-8 pt-6 sm:px-5 md:pb-10 md:pt-8", aside ? "max-w-6xl" : max)}>
          {kicker && (
            <p className="text-xs font-bold tracking-[0.3em] text-gold-700" aria-hidden="true">
              {kicker}
            </p>
          )}
          <h1 className="mt-1 text-2xl font-bold tracking-wider text-primary md:text-3xl">{title}</h1>
          <span className="mt-3 block h-0.5 w-12 bg-gold" aria-hidden="true" />
          {headerExtra}
          {lead && <div className="mt-4 max-w-3xl text-sm leading-relaxed text-primary-600 md:text-[15px]">{lead}</div>}
        </header>
      </div>
      {aside ? (
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-5 md:py-14 lg:grid-cols-[minmax(0,1fr)_300px] lg:gap-12">
          <div className="min-w-0">{children}</div>
          <aside className="min-w-0 space-y-8">{aside}</aside>
        </div>
      ) : (
        <div className={cn("mx-auto px-4 py-10 sm:px-5 md:py-14", max)}>{children}</div>
      )}
    </div>
  );
}

/** A section heading inside a content page (h2 with the gold rule). */
export function SectionTitle({ id, children, className }: { id?: string; children: React.ReactNode; className?: string }) {
  return (
    <h2 id={id} className={cn("border-l-4 border-gold pl-3 text-lg font-bold leading-snug text-primary md:text-xl", className)}>
      {children}
    </h2>
  );
}
