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

/** What an estimated net yield needs: the price (万円), the rent roll and the monthly running costs (円). */
export interface NetYieldInputs {
  /** 万円 */
  price: NumLike;
  /** 想定年収 / 月収 in 円 (year wins; else 12 × month). */
  income: { month?: NumLike; year?: NumLike } | null | undefined;
  /** 管理費 (月額, 円) */
  service_charge: NumLike;
  /** 修繕積立金 (月額, 円) */
  maintenance_fee: NumLike;
  /** 地代 (月額, 円), for leasehold land */
  land_fee?: NumLike;
}

/**
 * 実質利回り（概算）: (annual income − 12 × the monthly running costs the
 * listing states: 管理費 + 修繕積立金 + 地代) ÷ price × 100, truncated to 2
 * decimals like every yield (spec §9). Taxes, insurance, vacancy and letting
 * costs are not in the data, so this is an estimate, and it is null when the
 * listing states no running cost at all (a net yield equal to the gross one
 * would mislead), no income or no price.
 */
export function netYield(v: NetYieldInputs): number | null {
  const costs = [v.service_charge, v.maintenance_fee, v.land_fee ?? null].map(parseDecimal).filter((d) => d !== null && d.int > 0n);
  if (costs.length === 0) return null;
  const yearly = parseDecimal(v.income?.year ?? null);
  const income = yearly && yearly.int > 0n ? yearly : parseDecimal(annual(v.income?.month ?? null));
  const price = parseDecimal(v.price);
  if (!income || income.int <= 0n || !price || price.int <= 0n) return null;
  // Everything as integers over one common scale, so the subtraction stays exact.
  const scale = Math.max(income.scale, ...costs.map((c) => c!.scale));
  const at = (d: { int: bigint; scale: number }) => d.int * pow10(scale - d.scale);
  const monthlyCosts = costs.reduce((sum, c) => sum + at(c!), 0n);
  const net = at(income) - 12n * monthlyCosts;
  // (net / 10^scale) / (price × 10,000 / 10^price.scale) × 100 × 10^2 as one integer division,
  // truncated toward zero (also when the costs exceed the income)
  return fromFixed((net * pow10(price.scale) * 10_000n) / (price.int * 10_000n * pow10(scale)), 2);
}

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
