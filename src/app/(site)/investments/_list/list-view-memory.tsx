"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect } from "react";
import { DEFAULT_LIST_VIEW, DEFAULT_PAGE_SIZE, LIST_VIEW_STORAGE_KEY, parseListView, parsePageSize } from "@/lib/list-view";

/**
 * Remembers the list's view and page size in this browser (localStorage) and
 * puts a remembered choice back into the URL when a list opens without one
 * (a chip, a refine link or the search dialog lead to URLs without vw / pp).
 * The server only ever reads the URL, so the visitors' page cache, which keys
 * by URL, never serves one visitor's choice to another.
 */
export function ListViewMemory({ vw, pp }: { vw: string | null; pp: number | null }) {
  const router = useRouter();
  const pathname = usePathname();
  useEffect(() => {
    try {
      if (vw && pp) {
        localStorage.setItem(LIST_VIEW_STORAGE_KEY, `${vw}|${pp}`);
        return;
      }
      const [sv, sp] = (localStorage.getItem(LIST_VIEW_STORAGE_KEY) ?? "").split("|");
      const view = parseListView(sv);
      const size = parsePageSize(sp);
      if (!view || !size || (view === DEFAULT_LIST_VIEW && size === DEFAULT_PAGE_SIZE)) return;
      const qs = new URLSearchParams(window.location.search);
      if (!vw) qs.set("vw", view);
      if (!pp) qs.set("pp", String(size));
      // Page n of 20 is not page n of 100: a restored size starts from the first page.
      const path = !pp && size !== DEFAULT_PAGE_SIZE ? pathname.replace(/\/page\/\d+\/?$/, "/page/1/") : pathname;
      router.replace(`${path}?${qs.toString()}`, { scroll: false });
    } catch {
      // storage unavailable (private mode, blocked): the defaults stay
    }
  }, [vw, pp, pathname, router]);
  return null;
}
