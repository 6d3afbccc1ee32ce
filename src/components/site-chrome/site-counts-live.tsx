"use client";

import { useEffect, useState } from "react";
import { fetchQuery } from "@/trpc/fetch-query";
import { SiteCountsView, type SiteCountsLayout } from "./site-counts-view";
import type { SiteCountsData } from "./types";

/** One request per page for the header's two count blocks (the 404 page, or a failed server fetch). */
let fetched: Promise<SiteCountsData> | undefined;

/** Fetched once from the browser. Plain fetch, no React Query: the header is on every page (issue 21). */
function useCounts(): SiteCountsData | undefined {
  const [loaded, setLoaded] = useState<SiteCountsData>();
  useEffect(() => {
    let live = true;
    fetched ??= fetchQuery<SiteCountsData>("public.options.get").catch((e: unknown) => {
      fetched = undefined;
      throw e;
    });
    fetched.then(
      (c) => {
        if (live) setLoaded(c);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return loaded;
}

/** The counts when the server sent none: "—" until the browser has them. `className`: the <dl>'s merged classes. */
export function SiteCountsLive({ layout, className }: { layout: SiteCountsLayout; className: string }) {
  return <SiteCountsView counts={useCounts()} layout={layout} className={className} />;
}
