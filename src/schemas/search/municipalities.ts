/**
 * The municipality master as the search reads it: names by code, and each designated city's wards
 * (a `ct` of 大阪市 also matches every one of its wards).
 */
import municipalitiesJson from "@/master-data/municipalities.json";

interface MuniJson {
  code: string;
  name: string;
  type: string;
  parent_code?: string;
}
const MUNICIPALITIES = (municipalitiesJson as { municipalities: MuniJson[] }).municipalities;
export const muniName = new Map<string, string>(MUNICIPALITIES.map((m) => [m.code, m.name]));
const wardsOf = new Map<string, string[]>();
for (const m of MUNICIPALITIES) {
  if (!m.parent_code) continue;
  const list = wardsOf.get(m.parent_code) ?? [];
  list.push(m.code);
  wardsOf.set(m.parent_code, list);
}

/**
 * The city_cd values a `ct` list stands for: each code itself, plus every
 * ward of a designated city (大阪市 271004 → 271004, 271021 北区, …).
 * De-duplicated and sorted.
 */
export function expandCityCodes(codes: readonly string[]): string[] {
  const out = new Set<string>();
  for (const c of codes) {
    out.add(c);
    for (const w of wardsOf.get(c) ?? []) out.add(w);
  }
  return [...out].sort();
}

const MASTER_CODES = MUNICIPALITIES.map((m) => m.code).sort();

/**
 * A set of municipality codes as the fewest inclusive ranges [from, to] over
 * the master's sorted codes (大阪市 and its 24 wards → one range). A search
 * compares a code with two strings per range instead of probing a list.
 * Codes outside the master stay single-code ranges.
 */
export function cityCodeRanges(codes: readonly string[]): [string, string][] {
  const wanted = new Set(codes);
  const ranges: [string, string][] = [];
  let open: [string, string] | null = null;
  for (const code of MASTER_CODES) {
    if (wanted.has(code)) {
      if (open) open[1] = code;
      else ranges.push((open = [code, code]));
      wanted.delete(code);
    } else open = null;
  }
  for (const code of [...wanted].sort()) ranges.push([code, code]);
  return ranges.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}
