/**
 * The search query's URL form, without zod: the parameter order and the canonical form shared by
 * search/params.ts (the table, which checks at load that it has exactly these keys in this
 * order) and by client components that only build links (refine links, pagination), so those
 * do not download the schemas and zod (issue 21).
 */
import { DEFAULT_SORT } from "@/lib/constants/investment";

/** Every search parameter, in the order of the table in search/params.ts (URLs list them in this order). */
export const SEARCH_PARAM_KEYS = [
  "re",
  "pf",
  "ct",
  "dt",
  "ty",
  "sc",
  "sl",
  "st",
  "rg",
  "sw",
  "lp",
  "hp",
  "ly",
  "hy",
  "ny",
  "sk",
  "bt",
  "rs",
  "ls",
  "hs",
  "fs",
  "ow",
  "oc",
  "ss",
  "sf",
  "dy",
  "up",
  "fw",
  "xw",
  "hz",
  "no",
  "ps",
  "nu",
  "xu",
  "cp",
  "sr",
  "page",
] as const;

type SearchParamKeyName = (typeof SEARCH_PARAM_KEYS)[number];
const except = <K extends SearchParamKeyName>(...groups: (readonly SearchParamKeyName[])[]) =>
  SEARCH_PARAM_KEYS.filter((k) => !groups.some((g) => g.includes(k))) as K[];

/** Parameters that hold several values (repeated keys or a comma list); every other one holds one. */
export const MULTI_PARAM_KEYS = ["re", "pf", "ct", "ty", "sc", "sl", "st", "rg", "fs", "sf"] as const;
/** Keys only staff may use (dropped for everyone else). */
export const ADMIN_PARAM_KEYS: SearchParamKeyName[] = ["no", "ps", "nu", "xu", "cp"];
/** Keys that do not narrow the result (order and paging). */
export const NON_FILTER_KEYS = ["sr", "page"] as const;
/** The single-valued conditions of the public search (what the search summary shows as chips). */
export const SINGLE_CONDITION_KEYS = except(MULTI_PARAM_KEYS, ADMIN_PARAM_KEYS, NON_FILTER_KEYS);

/** A search query as far as serialising goes (SearchQuery is one). */
export type SearchParamRecord = { readonly [K in (typeof SEARCH_PARAM_KEYS)[number]]?: unknown };
type Loose = Record<string, unknown>;

export function sortedUnique<T extends number | string>(xs: readonly T[]): T[] | undefined {
  if (xs.length === 0) return undefined;
  return [...new Set(xs)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function swapIfReversed(q: Loose, low: string, high: string): void {
  const a = q[low];
  const b = q[high];
  if (a !== undefined && b !== undefined && (a as number | string) > (b as number | string)) [q[low], q[high]] = [b, a];
}

/**
 * Canonical form: ranges the right way round, lists de-duplicated and sorted,
 * defaults and empty values left out, keys in table order.
 */
export function canonical<T extends SearchParamRecord>(fields: T): T {
  const q = { ...fields } as Loose;
  swapIfReversed(q, "lp", "hp");
  swapIfReversed(q, "ly", "hy");
  swapIfReversed(q, "ls", "hs");
  swapIfReversed(q, "nu", "xu");
  if (q.sr === DEFAULT_SORT) q.sr = undefined;
  if (q.page === 1) q.page = undefined;
  const out: Record<string, unknown> = {};
  for (const k of SEARCH_PARAM_KEYS) {
    const v = q[k];
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) {
      const xs = sortedUnique(v as (number | string)[]);
      if (xs) out[k] = xs;
    } else out[k] = v;
  }
  return out as T;
}

/**
 * The canonical URL query of a search: keys in the table's order, several
 * values as repeated keys (re=1&re=3, the form pageHref writes), defaults
 * (sr=new, page=1) and empty values omitted, ss as ss=1.
 */
export function toSearchParams(q: SearchParamRecord): URLSearchParams {
  const c = canonical(q);
  const out = new URLSearchParams();
  for (const key of SEARCH_PARAM_KEYS) {
    const v = (c as Loose)[key];
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const x of v) out.append(key, String(x));
    else if (v === true) out.append(key, "1");
    else out.append(key, String(v));
  }
  return out;
}

/** The query as a plain record for pageHref / links (arrays stay arrays). */
export function toQueryRecord(q: SearchParamRecord): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of toSearchParams(q)) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}
