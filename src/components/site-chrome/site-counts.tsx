import { cn } from "@/lib/cn";
import { SiteCountsLive } from "./site-counts-live";
import { SITE_COUNTS_CLASS, SiteCountsView, type SiteCountsLayout } from "./site-counts-view";
import type { SiteCountsData } from "./types";

/**
 * The three site-wide counts of the header (spec §1): 会員数 / 会員限定物件 / 公開物件.
 * `layout="stack"`: label over number (desktop header); `layout="inline"`: one row (phone strip).
 * A server component: the counts the server rendered go out as plain HTML; without them (the
 * 404 page, or a failed fetch) a small client part fetches them once from the browser.
 */
export function SiteCounts({ initial, layout = "stack", className }: { initial?: SiteCountsData; layout?: SiteCountsLayout; className?: string }) {
  const dlClass = cn(SITE_COUNTS_CLASS[layout], className);
  if (initial === undefined) return <SiteCountsLive layout={layout} className={dlClass} />;
  return <SiteCountsView counts={initial} layout={layout} className={dlClass} />;
}
