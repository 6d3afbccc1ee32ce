/**
 * How a raw query value is read before its schema checks it (params.ts): full-width digits, grouped
 * numbers, comma lists, flags, free words, dates. Whatever cannot be read is left as it is, for the
 * schema to reject.
 */
import { toHalfWidth } from "@/lib/digits";
import { FW_MAX_TERM_LENGTH, FW_MAX_TERMS } from "./limits";

const NUMERIC = /^(?:\d+(?:\.\d*)?|\.\d+)$/;
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;
const LIST_SEPARATORS = /[,，、]/;
// Lone surrogates (\p{Cs} in a u-regex matches only unpaired halves) and control characters.
const LONE_SURROGATE = /\p{Cs}/gu;
const CONTROL = /\p{Cc}/gu;

/** "１，２００" → 1200; numbers pass; anything else is left for the schema to reject. */
export function coerceNumber(v: unknown): unknown {
  if (typeof v !== "string") return v;
  let s = toHalfWidth(v).trim();
  if (GROUPED.test(s)) s = s.replace(/,/g, "");
  return NUMERIC.test(s) ? Number(s) : v;
}

export function coerceFlag(v: unknown): unknown {
  if (v === true || v === 1) return true;
  if (typeof v === "string" && ["1", "true", "on"].includes(toHalfWidth(v).trim().toLowerCase())) return true;
  return v;
}

export function cleanText(v: unknown): unknown {
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  if (typeof v !== "string") return v;
  return v.replace(LONE_SURROGATE, "").replace(CONTROL, "").trim();
}

/**
 * The free-word terms of a text: NFKC-normalised (as listing keywords are),
 * split on whitespace (full-width included), duplicates and terms longer than
 * FW_MAX_TERM_LENGTH characters dropped, at most FW_MAX_TERMS kept.
 */
export function freeWordTerms(text: string): string[] {
  const norm = text.replace(LONE_SURROGATE, " ").normalize("NFKC").replace(CONTROL, " ");
  const out: string[] = [];
  for (const t of norm.split(/\s+/)) {
    if (!t || out.includes(t) || [...t].length > FW_MAX_TERM_LENGTH) continue;
    out.push(t);
    if (out.length === FW_MAX_TERMS) break;
  }
  return out;
}

export function coerceFreeWord(v: unknown): unknown {
  if (Array.isArray(v)) v = v.filter((x) => typeof x === "string").join(" ");
  return typeof v === "string" ? freeWordTerms(v).join(" ") : v;
}

export function coerceDate(v: unknown): unknown {
  if (typeof v !== "string") return v;
  return toHalfWidth(v).trim().replace(/\//g, "-");
}

export const isIsoDate = (s: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
};

/** A raw value as a flat list: arrays flattened, strings split at commas, blanks dropped. */
export function toList(v: unknown): unknown[] {
  const out: unknown[] = [];
  const add = (x: unknown) => {
    if (typeof x === "string") {
      for (const part of x.split(LIST_SEPARATORS)) if (part.trim() !== "") out.push(part);
    } else if (x !== undefined && x !== null) out.push(x);
  };
  if (Array.isArray(v)) v.forEach(add);
  else add(v);
  return out;
}
