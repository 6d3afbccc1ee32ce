/**
 * Yield helpers (spec §9). Inputs may be numbers or strings with full-width
 * digits; results are truncated toward zero (never rounded), computed exactly
 * with decimal arithmetic. Non-numeric input (or division by zero) → null.
 */
import { fromFixed, parseDecimal, pow10 } from "@/lib/decimal";

type NumLike = string | number | null | undefined;

function numberOf(v: NumLike): number | null {
  const d = parseDecimal(v);
  return d ? fromFixed(d.int, d.scale) : null;
}

/** a / b × 100, truncated to 2 decimals (e.g. gross yield from income and price). */
export function percentage(a: NumLike, b: NumLike): number | null {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (!x || !y || y.int === 0n) return null;
  // (x.int / 10^xs) / (y.int / 10^ys) × 100 × 10^2, as one integer division
  const q = (x.int * pow10(y.scale + 4)) / (y.int * pow10(x.scale));
  return fromFixed(q, 2);
}

/** 12 × monthly, truncated to 4 decimals. */
export function annual(monthly: NumLike): number | null {
  const m = parseDecimal(monthly);
  if (!m) return null;
  const q = (12n * m.int * pow10(4)) / pow10(m.scale);
  return fromFixed(q, 4);
}

/** amount × percent / 100, truncated to 4 decimals. */
export function amountByPercent(amount: NumLike, percent: NumLike): number | null {
  const a = parseDecimal(amount);
  const p = parseDecimal(percent);
  if (!a || !p) return null;
  const q = (a.int * p.int * pow10(4)) / pow10(a.scale + p.scale + 2);
  return fromFixed(q, 4);
}

// 実質利回り is the economics model's (src/lib/economics.ts netYield: NOI ÷ 価格); its wording is in src/lib/yield-wording.ts.

/**
 * A listing's annual income and gross yield from its price (万円) and income
 * fields, the one rule every save path and the editor's live display follow:
 * the annual figure is the typed one, else 12 × monthly; the yield is
 * annual ÷ price whenever both are known, so a price cut (or a new rent)
 * moves it, and a typed yield only stands when there is no income to derive it from.
 */
export function grossIncomeYield(
  priceMan: NumLike,
  income: { month?: NumLike; year?: NumLike },
  typedYield?: NumLike,
): { year: number | null; yield: number | null } {
  const year = numberOf(income.year) ?? annual(income.month);
  const priceYen = amountByPercent(priceMan, 1_000_000);
  const derived = year !== null && year > 0 && priceYen !== null && priceYen > 0 ? percentage(year, priceYen) : null;
  return { year, yield: derived ?? numberOf(typedYield) };
}
