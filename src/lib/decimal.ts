/**
 * Exact decimal arithmetic on BigInt for the yield helpers: binary floating
 * point truncates 4.35 × 100 to 434 (4.35 * 100 === 434.99999999999994), so
 * values are kept as `int / 10^scale` and only turned into a number at the end.
 */
import { toHalfWidth } from "@/lib/digits";

export interface Decimal {
  /** the digits as an integer, sign included */
  readonly int: bigint;
  /** the value is int / 10^scale */
  readonly scale: number;
}

const DECIMAL_STRING = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * Parses a number or a numeric string (full-width allowed, commas ignored) into
 * an exact decimal; null for anything else. Numbers are read through their
 * shortest round-trip string, so 4.35 is exactly 4.35 here.
 */
export function parseDecimal(v: string | number | null | undefined): Decimal | null {
  if (v === null || v === undefined) return null;
  let s: string;
  if (typeof v === "number") {
    if (!Number.isFinite(v)) return null;
    s = String(v);
  } else {
    s = toHalfWidth(v)
      .replace(/[\s\u3000]+/g, "")
      .replace(/,/g, "");
    // Exponents are only produced by String(number); reject them in user text.
    if (/e/i.test(s)) return null;
  }
  const m = DECIMAL_STRING.exec(s);
  if (!m) return null;
  const [, sign = "", intPart = "", fracPart = "", exp = "0"] = m;
  if (intPart === "" && fracPart === "") return null;
  let int = BigInt(`${intPart}${fracPart}` || "0");
  let scale = fracPart.length - Number(exp);
  if (scale < 0) {
    int *= 10n ** BigInt(-scale);
    scale = 0;
  }
  if (sign === "-") int = -int;
  return { int, scale };
}

/** a / 10^digits as a number; `a` is a truncated fixed-point result. */
export function fromFixed(a: bigint, digits: number): number {
  // Both operands are exact integers (below 2^53 for any sane amount), so the
  // division is correctly rounded and gives the same double as the literal.
  return Number(a) / 10 ** digits;
}

export const pow10 = (n: number): bigint => 10n ** BigInt(n);
