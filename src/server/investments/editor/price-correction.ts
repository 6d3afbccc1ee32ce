/**
 * 訂正: a listing's price replaced because it was typed wrong (issue 30: fixing a typo sent members
 * three 値下げ mails in 90 s). A correction is not a price change anyone is told about:
 *  - no matching (the caller queues nothing) and no new investment_price_histories entry;
 *  - if the current price came from the last recorded change (that change was the typo), that entry is
 *    amended to the corrected price, or dropped when the correction restores the price before it, so
 *    the history says what really happened and src/lib/former-price.ts keeps reading a true history;
 *  - it never sets price_down / the former price: an existing one is kept only while it is still a
 *    cut (corrected price below the former price), with its dates, else cleared.
 * Real cuts keep going through applyPriceChange (derive.ts) and the 表示規約 rule.
 */
import type { PriceState } from "../derive";

export interface LastPriceEntry {
  id: number;
  price: number;
  price_before: number | null;
}

export interface PriceCorrection {
  price: number;
  price_down: boolean;
  price_before: number | null;
  price_down_at: Date | null;
  price_before_since: Date | null;
  /** What to do to the last history entry: amend its price, drop it, or nothing. */
  history: { kind: "amend"; id: number; price: number } | { kind: "drop"; id: number } | null;
}

export function applyPriceCorrection(old: PriceState, newPrice: number, last: LastPriceEntry | null): PriceCorrection {
  const keepFormer = Boolean(old.price_down) && old.price_before != null && newPrice < old.price_before;
  const former = keepFormer
    ? { price_down: true, price_before: old.price_before ?? null, price_down_at: old.price_down_at ?? null, price_before_since: old.price_before_since ?? null }
    : { price_down: false, price_before: null, price_down_at: null, price_before_since: null };
  let history: PriceCorrection["history"] = null;
  if (last && last.price === old.price && newPrice !== old.price) {
    history = last.price_before === newPrice ? { kind: "drop", id: last.id } : { kind: "amend", id: last.id, price: newPrice };
  }
  return { price: newPrice, ...former, history };
}
