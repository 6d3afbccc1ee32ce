"use client";

import { useEffect, useState } from "react";
import { withCommas } from "@/lib/price";
import { cn } from "@/lib/cn";
import { fetchQuery } from "@/trpc/fetch-query";
import type { SiteCountsData } from "./types";

/** One request per page for the header's two count blocks, when the server sent no counts (the 404 page). */
let fetched: Promise<SiteCountsData> | undefined;

/**
 * The counts the server rendered; without them (or while they failed), fetched once from the
 * browser. Plain fetch, no React Query: the header is on every page (issue 21).
 */
function useCounts(initial?: SiteCountsData): SiteCountsData | undefined {
  const [loaded, setLoaded] = useState<SiteCountsData>();
  const missing = initial === undefined;
  useEffect(() => {
    if (!missing) return;
    let live = true;
    fetched ??= fetchQuery<SiteCountsData>("public.options.get").catch((e: unknown) => {
      fetched = undefined;
      throw e;
    });
    fetched.then((c) => {
      if (live) setLoaded(c);
    }, () => undefined);
    return () => {
      live = false;
    };
  }, [missing]);
  return initial ?? loaded;
}

const fmt = (n: number | undefined) => (n === undefined ? "—" : withCommas(String(n)));

/**
 * The three site-wide counts of the header (spec §1): 会員数 / 会員限定物件 / 公開物件.
 * `layout="stack"`: label over number (desktop header); `layout="inline"`: one row (phone strip).
 */
export function SiteCounts({
  initial,
  layout = "stack",
  className,
}: {
  initial?: SiteCountsData;
  layout?: "stack" | "inline";
  className?: string;
}) {
  const counts = useCounts(initial);
  const items = [
    { key: "members", label: "会員数", value: counts?.members, unit: "名" },
    { key: "investment-members", label: "会員限定物件", value: counts?.investment.members, unit: "件" },
    { key: "investment-public", label: "公開物件", value: counts?.investment.public, unit: "件" },
  ];
  return (
    <dl
      aria-label="サイトの登録状況"
      aria-busy={counts ? undefined : true}
      className={cn(layout === "stack" ? "flex items-stretch divide-x divide-white/10" : "flex items-center justify-center gap-x-4 gap-y-1", className)}
    >
      {items.map((it) => (
        <div
          key={it.key}
          data-count={it.key}
          className={cn(layout === "stack" ? "flex flex-col items-center px-3.5 leading-tight" : "flex items-baseline gap-1.5 whitespace-nowrap")}
        >
          <dt className={cn("text-primary-300", layout === "stack" ? "text-[0.68rem] tracking-wider" : "text-[0.7rem]")}>{it.label}</dt>
          <dd className="tabular font-bold text-gold-300">
            <span className={layout === "stack" ? "text-lg" : "text-sm"}>{fmt(it.value)}</span>
            <span className="ml-0.5 text-[0.68rem] font-normal text-primary-200">{it.unit}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
