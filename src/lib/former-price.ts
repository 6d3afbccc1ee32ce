/**
 * 二重価格表示: when a listing's former price may stand beside its current one.
 *
 * 不動産の表示に関する公正競争規約 第20条 (不当な二重価格表示) and its 施行規則's article
 * 「過去の販売価格を比較対照価格とする二重価格表示」, as amended 2022-09-01 (cited by title: it
 * was 第13条 before the amendment, and its number after it could not be confirmed here). A former
 * price may be shown only when ALL hold:
 *   1. it is the price immediately before the current one (the last change was a cut);
 *   2. it had been offered (公表) for at least two months before the cut;
 *   3. the cut is at most six months old (shown while today < cut day + 6 months);
 *   4. its 公表日 and the 値下げ日 are shown with it (formerPriceText).
 * Conditions 1–2 are fixed at cut time, condition 3 moves with the clock, so
 * callers always pass `now`. Dates are calendar days in Japan time.
 *
 * The one rule for every surface: formerPriceDisplay decides from the price
 * history (the editor's save and the data migration); storedFormerPrice reads the
 * columns that save stored from it (cards, detail, matching, REST) and applies
 * the six-month window again, so nothing stale is ever shown. Pure and
 * isomorphic: no database, no clock of its own.
 */
import { jstDay } from "@/lib/jst-date";
import { formatPrice } from "@/lib/price";

/** 施行規則 (過去の販売価格を比較対照価格とする二重価格表示): the former price must have been offered this many months before the cut. */
export const FORMER_PRICE_MIN_MONTHS = 2;
/** 施行規則 (過去の販売価格を比較対照価格とする二重価格表示): a former price may be shown for this many months after the cut. */
export const FORMER_PRICE_SHOW_MONTHS = 6;

/** A former price that may be shown now, with the dates that must go with it ('YYYY-MM-DD', Japan time). */
export interface FormerPrice {
  /** 万円 */
  formerPrice: number;
  /** 公表日: the day the former price started being offered. */
  formerSince: string;
  /** The last day it was offered (the day before the cut). */
  formerUntil: string;
  /** 値下げ日 */
  cutAt: string;
}

export interface PriceChangeLike {
  price: number;
  price_before?: number | null;
  changed_at: Date | string;
}

const DAY_MS = 86_400_000;
const pad = (n: number, w = 2) => String(n).padStart(w, "0");

const toDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

// The Japan-time day of an instant is src/lib/jst-date.ts's; re-exported for the rule's callers.
export { jstDay };

/** 'YYYY-MM-DD' + n calendar months; a day the target month lacks becomes its last day (12-31 + 2 → 02-28/29). */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return `${pad(first.getUTCFullYear(), 4)}-${pad(first.getUTCMonth() + 1)}-${pad(Math.min(d, last))}`;
}

function previousDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const p = new Date(Date.UTC(y, m - 1, d) - DAY_MS);
  return `${pad(p.getUTCFullYear(), 4)}-${pad(p.getUTCMonth() + 1)}-${pad(p.getUTCDate())}`;
}

/** Conditions 2 and 3 on calendar days (the texts compare as dates). */
function offeredLongEnough(sinceDay: string, cutDay: string): boolean {
  return cutDay >= addMonths(sinceDay, FORMER_PRICE_MIN_MONTHS);
}
function stillShown(cutDay: string, now: Date): boolean {
  return jstDay(now) < addMonths(cutDay, FORMER_PRICE_SHOW_MONTHS);
}

/**
 * The cut that may carry a former price, judged at cut time (conditions 1 and 2),
 * from the full history (any order) and the listing's first publication: the
 * former price's 公表日 is the previous change's date, or public_at when there
 * was none (and never before public_at: nothing was offered before publication).
 * Also the instant 公表日 began, for storing.
 */
export function qualifyingCut(input: {
  history: readonly PriceChangeLike[];
  publicAt: Date | string | null;
  currentPrice: number;
}): (FormerPrice & { sinceAt: Date; cutAtInstant: Date }) | null {
  if (input.publicAt === null) return null;
  const asc = [...input.history].sort((a, b) => toDate(a.changed_at).getTime() - toDate(b.changed_at).getTime());
  const last = asc[asc.length - 1];
  if (!last || last.price !== input.currentPrice) return null;
  if (last.price_before == null || !(last.price < last.price_before)) return null;
  const previous = asc[asc.length - 2];
  const publicAt = toDate(input.publicAt);
  const sinceAt = previous && toDate(previous.changed_at).getTime() > publicAt.getTime() ? toDate(previous.changed_at) : publicAt;
  const cutAtInstant = toDate(last.changed_at);
  const since = jstDay(sinceAt);
  const cut = jstDay(cutAtInstant);
  if (!offeredLongEnough(since, cut)) return null;
  return { formerPrice: last.price_before, formerSince: since, formerUntil: previousDay(cut), cutAt: cut, sinceAt, cutAtInstant };
}

/** Which former price (if any) may be shown at `now`, from the history. */
export function formerPriceDisplay(
  input: { history: readonly PriceChangeLike[]; publicAt: Date | string | null; currentPrice: number },
  now: Date,
): FormerPrice | null {
  const q = qualifyingCut(input);
  if (!q || !stillShown(q.cutAt, now)) return null;
  return { formerPrice: q.formerPrice, formerSince: q.formerSince, formerUntil: q.formerUntil, cutAt: q.cutAt };
}

/** The listing columns the editor's save stores from qualifyingCut. */
export interface StoredPriceState {
  price: number;
  price_down: boolean;
  price_before: number | null;
  price_before_since: Date | string | null;
  price_down_at: Date | string | null;
}

/** The same answer from the stored columns: the six-month window (and the rest, defensively) checked at `now`. */
export function storedFormerPrice(row: StoredPriceState, now: Date): FormerPrice | null {
  if (!row.price_down || row.price_before === null || !(row.price < row.price_before)) return null;
  if (row.price_before_since === null || row.price_down_at === null) return null;
  const since = jstDay(row.price_before_since);
  const cut = jstDay(row.price_down_at);
  if (!offeredLongEnough(since, cut) || !stillShown(cut, now)) return null;
  return { formerPrice: row.price_before, formerSince: since, formerUntil: previousDay(cut), cutAt: cut };
}

/** 'YYYY-MM-DD' → '2026年5月1日'. */
export function jpDate(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return `${y}年${m}月${d}日`;
}

/** 「値下げ前価格 6,280万円（2026年5月1日〜2026年9月30日）／2026年10月1日 価格変更」: the former price always with both dates (condition 4). */
export function formerPriceText(f: FormerPrice): string {
  return `値下げ前価格 ${formatPrice(f.formerPrice)}（${jpDate(f.formerSince)}〜${jpDate(f.formerUntil)}）／${jpDate(f.cutAt)} 価格変更`;
}

/**
 * A former price recorded earlier (a matching's price and price_before) may be shown
 * only while it is still the listing's allowed former price: same current price,
 * same former price, inside the six months, with the listing's dates.
 */
export function recordedFormerPrice(recorded: { price: number; price_before: number | null }, listing: StoredPriceState, now: Date): FormerPrice | null {
  if (recorded.price_before === null || recorded.price !== listing.price) return null;
  const f = storedFormerPrice(listing, now);
  return f && f.formerPrice === recorded.price_before ? f : null;
}
