/**
 * The lenient reading of a list URL (or a stored filter's query): every value checked alone against
 * the parameter table, what fails dropped, then the canonical form. Never throws.
 */
import { NON_FILTER_KEYS, SEARCH_PARAM_KEYS } from "../search-params";
import { toList } from "./coerce";
import { MULTI_MAX } from "./limits";
import { PARAMS, type ParamDef } from "./params";
import { searchQuery, type SearchQuery } from "./schema";

export type SearchParamsInput = URLSearchParams | Record<string, unknown>;

export interface ParseOptions {
  /** Keep the admin-only keys (no, ps, nu, xu, cp). */
  admin?: boolean;
}

/** Raw values of a key, also under `key[]` and `key[0]`… (PHP / qs style). */
function rawValues(input: SearchParamsInput, key: string): unknown[] {
  const out: unknown[] = [];
  if (input instanceof URLSearchParams) {
    for (const [k, v] of input) if (k === key || k.startsWith(`${key}[`)) out.push(v);
    return out;
  }
  for (const k of Object.keys(input)) {
    if (k !== key && !(k.startsWith(`${key}[`) && k.endsWith("]"))) continue;
    const v = input[k];
    if (Array.isArray(v)) out.push(...(v as unknown[]));
    else if (v !== undefined && v !== null) out.push(v);
  }
  return out;
}

/**
 * Parses a list-page query (URLSearchParams, Next's searchParams object, or a
 * stored filter's query JSON) into the canonical {@link SearchQuery}. Never
 * throws: invalid or out-of-range values are dropped silently; admin-only keys
 * are dropped unless `opts.admin`.
 */
export function parseSearchParams(input: SearchParamsInput | null | undefined, opts: ParseOptions = {}): SearchQuery {
  try {
    if (!input || typeof input !== "object") return {};
    const raw: Record<string, unknown> = {};
    for (const key of SEARCH_PARAM_KEYS) {
      const def: ParamDef = PARAMS[key];
      if (def.admin && !opts.admin) continue;
      const values = rawValues(input, key);
      if (values.length === 0) continue;
      if (def.kind === "multi") {
        const kept: unknown[] = [];
        for (const v of toList(values)) {
          const r = def.value.safeParse(v);
          if (r.success) kept.push(r.data);
          if (kept.length === MULTI_MAX) break;
        }
        if (kept.length) raw[key] = kept;
      } else if (key === "fw" || key === "xw") {
        const words = values.filter((v): v is string => typeof v === "string").join(" ");
        const r = def.value.safeParse(words);
        if (r.success) raw[key] = r.data;
      } else {
        for (const v of values) {
          const r = def.value.safeParse(v);
          if (r.success) {
            raw[key] = r.data;
            break;
          }
        }
      }
    }
    const parsed = searchQuery.safeParse(raw);
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** True when the query has no condition (a sort or page alone does not count). */
export function isEmptyQuery(q: SearchQuery): boolean {
  for (const key of SEARCH_PARAM_KEYS) {
    if ((NON_FILTER_KEYS as readonly string[]).includes(key)) continue;
    const v = q[key];
    if (v === undefined || v === null) continue;
    if (Array.isArray(v) && v.length === 0) continue;
    return false;
  }
  return true;
}
