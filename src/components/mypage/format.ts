/** Shared (server and client) helpers of the member area. */
import { formatPrice } from "@/lib/price";
import { formerPriceText, type FormerPrice } from "@/lib/former-price";
import { toSearchParams, type SearchQuery } from "@/schemas/search";

/**
 * The member's own record since saving a listing, e.g. 「保存時の価格 8,000万円（現在 7,500万円）」:
 * worded as what the member saved, never as the seller's former price (表示規約).
 * "" when the price has not changed.
 */
export function savedPriceText(priceAtBookmark: number, price: number): string {
  if (priceAtBookmark === price) return "";
  return `保存時の価格 ${formatPrice(priceAtBookmark)}（現在 ${formatPrice(price)}）`;
}

/**
 * 新着 / 値下げ 7,500万円（値下げ前価格 8,000万円（…〜…）／… 価格変更）/ 価格変更 7,500万円:
 * a former price only as 表示規約 allows it (former_price, with its dates); a cut that
 * may not carry one is a plain 価格変更.
 */
export function matchingReasonText(m: { reason: string; price: number; former_price: FormerPrice | null }): string {
  const detail = matchingPriceText(m);
  return detail ? `${matchingReasonLabel(m)} ${detail}` : matchingReasonLabel(m);
}

/** The badge's short word: 新着 / 値下げ (only with an allowed former price) / 価格変更. */
export function matchingReasonLabel(m: { reason: string; former_price: FormerPrice | null }): string {
  if (m.reason !== "price_down") return "新着";
  return m.former_price ? "値下げ" : "価格変更";
}

/** What follows the badge, as wrapping text (the former price with its dates is long on a phone); "" for 新着. */
export function matchingPriceText(m: { reason: string; price: number; former_price: FormerPrice | null }): string {
  if (m.reason !== "price_down") return "";
  return m.former_price ? `${formatPrice(m.price)}（${formerPriceText(m.former_price)}）` : formatPrice(m.price);
}

/** The list URL of a saved condition; `filterId` makes the save button offer 上書き保存. */
export function filterSearchHref(query: SearchQuery, filterId?: number): string {
  const qs = toSearchParams(query);
  qs.delete("page");
  if (filterId) qs.set("filter", String(filterId));
  const s = qs.toString();
  return s ? `/investments?${s}` : "/investments";
}
