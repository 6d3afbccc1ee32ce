/** Shared (server and client) helpers of the member area. */
import { formatPrice } from "@/lib/price";
import { toSearchParams, type SearchQuery } from "@/schemas/search";

/** "300万円値下げ" / "200万円値上げ" / "" for no change. */
export function priceChangeText(change: number): string {
  if (change === 0) return "";
  return change < 0 ? `${formatPrice(-change)}値下げ` : `${formatPrice(change)}値上げ`;
}

/** 新着 / 値下げ 8,000万円 → 7,500万円 */
export function matchingReasonText(m: { reason: string; price: number; price_before: number | null }): string {
  if (m.reason === "price_down") return m.price_before !== null ? `値下げ ${formatPrice(m.price_before)} → ${formatPrice(m.price)}` : `値下げ ${formatPrice(m.price)}`;
  return "新着";
}

/** The list URL of a saved condition; `filterId` makes the save button offer 上書き保存. */
export function filterSearchHref(query: SearchQuery, filterId?: number): string {
  const qs = toSearchParams(query);
  qs.delete("page");
  if (filterId) qs.set("filter", String(filterId));
  const s = qs.toString();
  return s ? `/investments?${s}` : "/investments";
}
