import { withCommas } from "@/lib/price";
import type { SiteCountsData } from "./types";

const fmt = (n: number | undefined) => (n === undefined ? "—" : withCommas(String(n)));

export type SiteCountsLayout = "stack" | "inline";

/** The <dl>'s own classes for a layout; site-counts.tsx merges a caller's classes into them on the server. */
export const SITE_COUNTS_CLASS: Record<SiteCountsLayout, string> = {
  stack: "flex items-stretch divide-x divide-white/10",
  inline: "flex items-center justify-center gap-x-4 gap-y-1",
};

/**
 * The three counts' markup (spec §1), shared by the server-rendered counts and the browser-fetched
 * ones (site-counts-live.tsx). No hooks and no class merging: `className` is the <dl>'s final
 * class string, so this file costs a client bundle only its few lines.
 */
export function SiteCountsView({ counts, layout, className }: { counts: SiteCountsData | undefined; layout: SiteCountsLayout; className: string }) {
  const items = [
    { key: "members", label: "会員数", value: counts?.members, unit: "名" },
    { key: "investment-members", label: "会員限定物件", value: counts?.investment.members, unit: "件" },
    { key: "investment-public", label: "公開物件", value: counts?.investment.public, unit: "件" },
  ];
  return (
    <dl aria-label="サイトの登録状況" aria-busy={counts ? undefined : true} className={className}>
      {items.map((it) => (
        <div
          key={it.key}
          data-count={it.key}
          className={layout === "stack" ? "flex flex-col items-center px-3.5 leading-tight" : "flex items-baseline gap-1.5 whitespace-nowrap"}
        >
          <dt className={layout === "stack" ? "text-primary-300 text-[0.68rem] tracking-wider" : "text-primary-300 text-[0.7rem]"}>{it.label}</dt>
          <dd className="tabular font-bold text-gold-300">
            <span className={layout === "stack" ? "text-lg" : "text-sm"}>{fmt(it.value)}</span>
            <span className="ml-0.5 text-[0.68rem] font-normal text-primary-200">{it.unit}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
