/**
 * Price display. Listing prices are stored in 万円 (10,000 yen) units.
 * Spec §4/§8/§9: under 1e8 (万円) they are shown as 億/万円 strings, 億 being
 * used from 10,000 万円; from 1e8 on the text その価格は表示できません.
 */
import { parseDecimal } from "@/lib/decimal";

/** Prices must be below this (万円 units): the maximum is 9999億9999万円. */
export const PRICE_LIMIT = 100_000_000;
/** Largest storable price in 万円 units (9999億9999万円). */
export const PRICE_MAX = PRICE_LIMIT - 1;
export const PRICE_TOO_LARGE = "その価格は表示できません";

const OKU = 10_000n; // 1億 = 10,000万

/** 1234567 → "1,234,567". A fixed implementation so server and browser agree. */
export function withCommas(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * Formats a price in 万円 units:
 * 8500 → "8,500万円", 10000 → "1億円", 12000 → "1億2,000万円",
 * 1980.5 → "1,980.5万円", ≥ 1e8 → "その価格は表示できません".
 * Missing or non-numeric values give "" so the caller chooses its own
 * placeholder (a listing always has a price; forms may not yet).
 * Both parts carry thousands separators ("9,999億9,999万円").
 */
export function formatPrice(v: string | number | null | undefined): string {
  const d = parseDecimal(v);
  if (!d) return "";
  const negative = d.int < 0n;
  const abs = negative ? -d.int : d.int;
  const scale = 10n ** BigInt(d.scale);
  const whole = abs / scale;
  if (whole >= BigInt(PRICE_LIMIT)) return PRICE_TOO_LARGE;
  // Fraction digits as written, without trailing zeros (1980.50 → 1980.5).
  const frac = d.scale > 0 ? (abs % scale).toString().padStart(d.scale, "0").replace(/0+$/, "") : "";
  const oku = whole / OKU;
  const man = whole % OKU;
  const manText = frac ? `${withCommas(man.toString())}.${frac}` : withCommas(man.toString());
  let out: string;
  if (oku > 0n) {
    out = `${withCommas(oku.toString())}億` + (man > 0n || frac ? `${manText}万円` : "円");
  } else {
    out = `${manText}万円`;
  }
  return negative && (whole > 0n || frac) ? `-${out}` : out;
}

/**
 * Plain yen amount with thousands separators and 円: 1234567 → "1,234,567円".
 * Fractions of a yen are cut off (truncated); missing/non-numeric → "".
 */
export function formatYen(v: string | number | null | undefined): string {
  const d = parseDecimal(v);
  if (!d) return "";
  const whole = d.int / 10n ** BigInt(d.scale); // truncates toward zero
  const negative = whole < 0n;
  const text = withCommas((negative ? -whole : whole).toString());
  return `${negative ? "-" : ""}${text}円`;
}
