"use client";

import { withCommas } from "@/lib/price";
import { cn } from "@/lib/cn";
import type { SiteCountsData } from "./types";
import { useSiteCounts } from "./use-visitor";

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
  const counts = useSiteCounts(initial);
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
