/**
 * Full-width → half-width normalisation and a tolerant number parser.
 *
 * Japanese IMEs produce full-width digits (１２３), so every numeric input is
 * normalised before it is parsed or used in a calculation (spec §5, §9).
 */

// U+FF01..U+FF5E map 1:1 onto U+0021..U+007E, but only the characters that can
// appear in a number or a code (digits, . - , and A-Z a-z) are converted:
// converting e.g. （ or ！ would change ordinary Japanese text.
const FULL_WIDTH = /[０-９Ａ-Ｚａ-ｚ．－，]/g;
// U+2212 MINUS SIGN is what some IMEs (macOS) emit for a full-width minus.
const MINUS_SIGN = /\u2212/g;

/** Converts full-width digits, letters, period, minus and comma to half-width. */
export function toHalfWidth(s: string): string {
  return s.replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(MINUS_SIGN, "-");
}

// Optional sign, digits with at most one decimal point; thousands commas are
// removed before this check.
const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Parses user input into a number; null when it is not a plain decimal number.
 * Accepts full-width characters, surrounding (also full-width) spaces and
 * thousands separators ("１，２００．５" → 1200.5). Exponents, hex and
 * "Infinity" are rejected on purpose: nobody types those into a price field.
 */
export function parseNumber(s: string | number | null | undefined): number | null {
  if (s === null || s === undefined) return null;
  if (typeof s === "number") return Number.isFinite(s) ? s : null;
  const t = toHalfWidth(s)
    .replace(/[\s\u3000]+/g, "")
    .replace(/,/g, "");
  if (!NUMERIC.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}
