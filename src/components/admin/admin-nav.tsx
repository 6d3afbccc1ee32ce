"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { ChevronDown, Menu } from "@/components/icons";
import { publicAdminPathname } from "@/lib/admin-path";

export interface AdminNavLink {
  href: string;
  label: string;
}

/** The link for the current page: the one whose path is the longest prefix of it (管理トップ only on itself). */
function currentHref(links: readonly AdminNavLink[], pathname: string, home: string): string | undefined {
  if (pathname === home) return home;
  let best: string | undefined;
  for (const l of links) {
    if (l.href === home) continue;
    if ((pathname === l.href || pathname.startsWith(l.href + "/")) && (!best || l.href.length > best.length)) best = l.href;
  }
  return best;
}

/** One rendering of the menu's links (a row on desktops, the grid inside the phone's disclosure). */
function NavLinks({
  links,
  current,
  className,
  linkClassName,
}: {
  links: readonly AdminNavLink[];
  current: string | undefined;
  className: string;
  linkClassName: string;
}) {
  return (
    <nav aria-label="管理メニュー" className={className}>
      {links.map((l) => (
        <Link key={l.href} href={l.href} aria-current={l.href === current ? "page" : undefined} className={linkClassName}>
          {l.label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * The admin menu. On a desktop, one row of links; on a phone, the ten links stacked four rows
 * deep under the title and were small to tap, so they fold into a メニュー disclosure (details:
 * it opens without waiting for scripts) with full-width 44 px rows, closed again when a link has
 * navigated (the admin layout, and with it this menu, stays mounted across pages).
 */
export function AdminNav({ links, home }: { links: readonly AdminNavLink[]; home: string }) {
  const pathname = usePathname();
  // The server sees the internal /admin-area path, the browser the base path: the same link must be current on both.
  const current = currentHref(links, publicAdminPathname(pathname, home), home);
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [pathname]);

  return (
    <>
      <NavLinks
        links={links}
        current={current}
        className="hidden flex-1 flex-wrap gap-x-4 gap-y-1 text-sm md:flex"
        linkClassName="rounded px-1 py-1 hover:text-gold-300 aria-[current=page]:font-bold aria-[current=page]:text-gold-300"
      />
      <details ref={details} className="group order-last w-full md:hidden">
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md border border-white/30 px-3 text-sm font-bold hover:bg-white/10 [&::-webkit-details-marker]:hidden">
          <Menu className="size-4" aria-hidden="true" />
          メニュー
          {current && <span className="truncate font-normal text-primary-200">（{links.find((l) => l.href === current)?.label}）</span>}
          <ChevronDown className="ml-auto size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
        </summary>
        <NavLinks
          links={links}
          current={current}
          className="mt-2 grid grid-cols-2 gap-1.5 pb-1 text-sm"
          linkClassName="flex min-h-11 items-center rounded-md bg-white/5 px-3 hover:bg-white/15 aria-[current=page]:bg-white/15 aria-[current=page]:font-bold aria-[current=page]:text-gold-300"
        />
      </details>
    </>
  );
}
