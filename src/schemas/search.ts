/**
 * The listing search query (spec §3 "Search parameters"): ONE definition,
 * used by the list pages (URL query), tRPC / REST inputs and saved filters
 * (`filters.query` JSON). `src/server/search/sql.ts` turns it into SQL
 * and `src/server/search/predicate.ts` into an in-memory predicate.
 *
 * | key  | meaning (how the search applies it)                                                  | values                          | several | admin |
 * |------|--------------------------------------------------------------------------------------|---------------------------------|---------|-------|
 * | re   | area → area_cd IN (…)                                                                | 1-6 (AREAS)                     | OR      |       |
 * | pf   | prefecture → pref_cd IN (…)                                                          | 26 京都府, 27 大阪府, 28 兵庫県  | OR      |       |
 * | ct   | municipality → city_cd IN (…); a designated city (大阪市 271004, 堺市 271403,         | 6-digit codes of the master     | OR      |       |
 * |      | 神戸市 281000, 京都市 261009) also matches all of its wards                          |                                 |         |       |
 * | dt   | 町名 prefix → district_cd starts with the text                                       | text, 1-50 characters           |         |       |
 * | ty   | property type → type_cd IN (…)                                                       | 1-6, 99 (TYPES)                 | OR      |       |
 * | sc   | structure → structure_cd IN (…)                                                      | 1-5 (STRUCTURES)                | OR      |       |
 * | sl   | railway line → some transport has line_cd IN (…)                                     | ekidata line_cd                 | OR ¹    |       |
 * | st   | station → some transport has station_cd IN (…)                                       | ekidata station_cd              | OR ¹    |       |
 * | rg   | station group (same station on several lines) → some transport has group_cd IN (…)   | ekidata station_g_cd            | OR ¹    |       |
 * | sw   | walk minutes at most: with sl/st/rg, the matching transport must be on foot          | 1-120                           |         |       |
 * |      | (distance 1) with station_walk ≤ sw; without them, station_time ≤ sw                 |                                 |         |       |
 * | lp   | price from (万円, inclusive) → price ≥ lp                                            | integer 0-99,999,999            |         |       |
 * | hp   | price up to (万円, inclusive) → price ≤ hp                                           | integer 0-99,999,999            |         |       |
 * | ly   | gross yield from (%, inclusive); listings without a yield never match                | 0-100 (decimals allowed)        |         |       |
 * | hy   | gross yield up to (%, inclusive); listings without a yield never match               | 0-100 (decimals allowed)        |         |       |
 * | bt   | building age at most N years → built_at ≥ first day of the month N years ago (JST)   | 1-100                           |         |       |
 * | rs   | remaining legal useful life at least N years → residual_at ≥ today (JST) + N years   | 1-100                           |         |       |
 * | ls   | area from (㎡): occupied_size for 区分 (type 6), land_size otherwise                  | 0-1,000,000 (decimals allowed)  |         |       |
 * | hs   | area up to (㎡), same columns as ls                                                  | 0-1,000,000 (decimals allowed)  |         |       |
 * | fs   | features, EVERY chosen one must hold: 1 residual_at ≥ today + 20 years, 2 has_cert,  | 1-5, 7 (FEATURES)               | AND     |       |
 * |      | 3 has_repair, 4 price_down, 5 is_full, 7 new_quake                                   |                                 |         |       |
 * | ss   | おすすめ only → premium = 1                                                          | 1                               |         |       |
 * | sf   | 取引態様 → transactions IN (…)                                                       | 1-5 (TRANSACTIONS)              | OR      |       |
 * | dy   | new within N days → public_at ≥ now − N days                                         | 1-3650                          |         |       |
 * | up   | updated within N days → update_at ≥ now − N days                                     | 1-3650                          |         |       |
 * | fw   | free word: NFKC, split on (also full-width) spaces, every term must match (AND);     | ≤ 5 terms of ≤ 50 characters    | AND     |       |
 * |      | terms of 3+ characters use the FTS5 trigram index over name and keywords (case-      | (extra or longer terms dropped) |         |       |
 * |      | insensitive), 1-2 character ones instr() on name / keywords (ASCII case-insensitive) |                                 |         |       |
 * | xw   | exclusion words (not in the spec; the portals' 除外ワード): terms as fw; a listing   | ≤ 5 terms of ≤ 50 characters    | NOR     |       |
 * |      | whose name or keywords contain ANY of them (instr(), ASCII case-insensitive) is left |                                 |         |       |
 * |      | out                                                                                  |                                 |         |       |
 * | hz   | hazard (issue 34) → hazard_out = 0: leaves out listings whose hazard flags put them  | 1                               |         |       |
 * |      | in a flood depth of 0.5 m or more or a 土砂災害警戒区域 (src/lib/hazard.ts             |                                 |         |       |
 * |      | isHazardOut); listings whose flags are unknown are NOT left out                      |                                 |         |       |
 * | sr   | sort: new (public_at ↓), price_asc, price_desc, yield_desc (no yield last),          | SORT_KEYS, default new          |         |       |
 * |      | age_asc (built_at ↓, unknown last), walk_asc (station_time ↑, unknown last);         |                                 |         |       |
 * |      | ties by id ↓                                                                         |                                 |         |       |
 * | page | page number; the service clamps it to the last page                                  | 1-10000, default 1              |         |       |
 * | no   | property number prefix → no starts with the text                                     | text, 1-50 characters           |         | yes   |
 * | ps   | publication state: public (visitors see it), members (members-only, published, not   | public private members premium  |         | yes   |
 * |      | overdue), private (public = 0), premium (premium = 1), overdue (not_updated_at set)  | overdue                         |         |       |
 * | nu   | updated on or after this day (JST) → update_at ≥ nu 00:00                            | ISO date YYYY-MM-DD             |         | yes   |
 * | xu   | updated on or before this day (JST) → update_at < (xu + 1 day) 00:00                 | ISO date YYYY-MM-DD             |         | yes   |
 * | cp   | source company substring → original.company contains the text                        | text, 1-100 characters          |         | yes   |
 *
 * ¹ sl, st and rg together: a listing matches when ANY of its transports has
 *   its line in sl OR its station in st OR its group in rg.
 *
 * Parsing ({@link parseSearchParams}) never throws: an invalid or out-of-range
 * value is dropped silently (for several-valued keys, element by element).
 * Several values may come as repeated keys (re=1&re=3, also re[]=1) or as a
 * comma list (re=1,3; full-width ，and 、 too); full-width digits are
 * converted. Admin-only keys are dropped unless `{ admin: true }`. A range
 * given upside down (lp > hp, ly > hy, ls > hs, nu > xu) is swapped. Defaults
 * (sr=new, page=1) and empty lists are left out, so the parsed object is
 * canonical: several values are de-duplicated and sorted.
 *
 * `searchQuery` is the schema of that canonical object. It also validates a
 * saved filter's `query` JSON (numbers or numeric strings, arrays or comma
 * lists) and rejects — rather than drops — bad values there.
 */
import { SEARCH_YIELD_LABEL } from "@/lib/yield-wording";
/** hz's name on chips and in the OpenAPI description (issue 34). */
const HAZARD_SEARCH_LABEL = "浸水0.5m以上・土砂災害警戒区域を除く";
import municipalitiesJson from "@/master-data/municipalities.json";
import {
  AREAS,
  AREA_IDS,
  DEFAULT_SORT,
  FEATURES,
  PREFECTURES,
  SORT_KEYS,
  SORTS,
  STRUCTURES,
  TRANSACTIONS,
  TYPES,
  areaName,
  codeName,
  featureName,
  prefectureName,
  structureName,
  typeName,
} from "@/lib/constants/investment";
import { toHalfWidth } from "@/lib/digits";
import { PAGE_SIZES } from "@/lib/list-view";
import { PRICE_MAX, formatPrice } from "@/lib/price";
import { z } from "@/schemas/zod";
import { ADMIN_PARAM_KEYS, canonical, MULTI_PARAM_KEYS, NON_FILTER_KEYS, SEARCH_PARAM_KEYS, sortedUnique } from "./search-params";

/* ------------------------------------------------------------------ limits */

/** fw: at most this many terms (later ones are dropped). */
export const FW_MAX_TERMS = 5;
/** fw: a longer term (in characters) is dropped. */
export const FW_MAX_TERM_LENGTH = 50;
/** fw: terms of at least this many characters go through the FTS5 trigram index. */
export const FTS_MIN_TERM_LENGTH = 3;
/** Largest page number accepted. */
export const PAGE_MAX = 10_000;
/** At most this many values per several-valued key (extra ones are dropped). */
export const MULTI_MAX = 100;

/** Publication states of `ps` (admin). */
export const PUBLICATION_STATES = [
  { key: "public", name: "公開中" },
  { key: "members", name: "会員限定" },
  { key: "private", name: "非公開" },
  { key: "premium", name: "おすすめ" },
  { key: "overdue", name: "更新期限切れ" },
] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number]["key"];
const PUBLICATION_STATE_KEYS = PUBLICATION_STATES.map((s) => s.key) as [PublicationState, ...PublicationState[]];

/* ------------------------------------------------------- municipalities */

interface MuniJson {
  code: string;
  name: string;
  type: string;
  parent_code?: string;
}
const MUNICIPALITIES = (municipalitiesJson as { municipalities: MuniJson[] }).municipalities;
const muniName = new Map<string, string>(MUNICIPALITIES.map((m) => [m.code, m.name]));
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

/* ------------------------------------------------------------- coercion */

const NUMERIC = /^(?:\d+(?:\.\d*)?|\.\d+)$/;
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;
const LIST_SEPARATORS = /[,，、]/;
// Lone surrogates (\p{Cs} in a u-regex matches only unpaired halves) and control characters.
const LONE_SURROGATE = /\p{Cs}/gu;
const CONTROL = /\p{Cc}/gu;

/** "１，２００" → 1200; numbers pass; anything else is left for the schema to reject. */
function coerceNumber(v: unknown): unknown {
  if (typeof v !== "string") return v;
  let s = toHalfWidth(v).trim();
  if (GROUPED.test(s)) s = s.replace(/,/g, "");
  return NUMERIC.test(s) ? Number(s) : v;
}

function coerceFlag(v: unknown): unknown {
  if (v === true || v === 1) return true;
  if (typeof v === "string" && ["1", "true", "on"].includes(toHalfWidth(v).trim().toLowerCase())) return true;
  return v;
}

function cleanText(v: unknown): unknown {
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

function coerceFreeWord(v: unknown): unknown {
  if (Array.isArray(v)) v = v.filter((x) => typeof x === "string").join(" ");
  return typeof v === "string" ? freeWordTerms(v).join(" ") : v;
}

function coerceDate(v: unknown): unknown {
  if (typeof v !== "string") return v;
  return toHalfWidth(v).trim().replace(/\//g, "-");
}

const isIsoDate = (s: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
};

/** A raw value as a flat list: arrays flattened, strings split at commas, blanks dropped. */
function toList(v: unknown): unknown[] {
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

/* --------------------------------------------------------- element schemas */

const intIn = (min: number, max: number) => z.preprocess(coerceNumber, z.int().min(min).max(max));
const numIn = (min: number, max: number) => z.preprocess(coerceNumber, z.number().min(min).max(max));
const codeIn = <const T extends readonly number[]>(ids: T) => z.preprocess(coerceNumber, z.literal(ids));
const text = (max: number) => z.preprocess(cleanText, z.string().min(1).max(max));

const areaId = codeIn(AREA_IDS);
const prefId = codeIn(PREFECTURES.map((p) => p.id));
const municipalityCode = z.preprocess(
  (v) => (typeof v === "number" && Number.isInteger(v) ? String(v) : typeof v === "string" ? toHalfWidth(v).trim() : v),
  z.string().refine((s) => muniName.has(s)),
);
const typeId = codeIn(TYPES.map((t) => t.id));
const structureId = codeIn(STRUCTURES.map((s) => s.id));
const featureId = codeIn(FEATURES.map((f) => f.id));
const transactionId = codeIn(TRANSACTIONS.map((t) => t.id));
/** ekidata codes (line_cd 5 digits, station_cd / station_g_cd 7 digits). */
const railCode = intIn(1, 99_999_999);
const districtText = text(50);
const walkMinutes = intIn(1, 120);
const priceManYen = intIn(0, PRICE_MAX);
const yieldPercent = numIn(0, 100);
const years = intIn(1, 100);
const squareMeters = numIn(0, 1_000_000);
const days = intIn(1, 3650);
const flag = z.preprocess(coerceFlag, z.literal(true));
const freeWord = z.preprocess(coerceFreeWord, z.string().min(1));
const propertyNo = z.preprocess((v) => {
  const c = cleanText(v);
  return typeof c === "string" ? toHalfWidth(c) : c;
}, z.string().min(1).max(50));
const publicationState = z.enum(PUBLICATION_STATE_KEYS);
const isoDate = z.preprocess(coerceDate, z.string().refine(isIsoDate));
const companyText = text(100);
const sortKey = z.enum(SORT_KEYS);
const pageNumber = intIn(1, PAGE_MAX);

/* ----------------------------------------------------- the parameter table */

type ParamKind = "multi" | "scalar";
interface ParamDef {
  kind: ParamKind;
  /** The schema of one value. */
  value: z.ZodType;
  /** What the key means, in Japanese (the OpenAPI document's parameter description). */
  description: string;
  admin?: boolean;
}

const multi = (value: z.ZodType, description: string): ParamDef => ({ kind: "multi", value, description });
const scalar = (value: z.ZodType, description: string, admin = false): ParamDef => ({ kind: "scalar", value, description, admin });
/** "1 阪神、2 北摂…": a code table for a description. */
const codes = (list: readonly { id: number | string; name: string }[]) => list.map((c) => `${c.id} ${c.name}`).join("、");
const several = "（複数可: 繰り返しまたはカンマ区切り、いずれかに一致）";

/** Every parameter in canonical order (toSearchParams writes them in this order). */
const PARAMS = {
  re: multi(areaId, `エリア${several}: ${codes(AREAS)}`),
  pf: multi(prefId, `都道府県${several}: ${codes(PREFECTURES)}`),
  ct: multi(municipalityCode, `市区町村コード（6桁）${several}。政令指定都市のコードはその全区に一致`),
  dt: scalar(districtText, "町名（前方一致）"),
  ty: multi(typeId, `物件種別${several}: ${codes(TYPES)}`),
  sc: multi(structureId, `構造${several}: ${codes(STRUCTURES)}`),
  sl: multi(railCode, `路線コード（駅データ line_cd）${several}。sl・st・rg のいずれかに一致する交通があれば該当`),
  st: multi(railCode, `駅コード（駅データ station_cd）${several}`),
  rg: multi(railCode, `駅グループコード（駅データ station_g_cd）${several}`),
  sw: scalar(walkMinutes, "駅徒歩（分以内）"),
  lp: scalar(priceManYen, "価格の下限（万円、以上）"),
  hp: scalar(priceManYen, "価格の上限（万円、以下）"),
  ly: scalar(yieldPercent, "表面利回りの下限（%、以上）"),
  hy: scalar(yieldPercent, "表面利回りの上限（%、以下）"),
  bt: scalar(years, "築年数（年以内）"),
  rs: scalar(years, "残存耐用年数（年以上）"),
  ls: scalar(squareMeters, "面積の下限（㎡、区分は専有面積・それ以外は土地面積）"),
  hs: scalar(squareMeters, "面積の上限（㎡）"),
  fs: multi(featureId, `こだわり条件（複数可: 選んだすべてを満たす）: ${codes(FEATURES)}`),
  ss: scalar(flag, "おすすめ物件のみ（1）"),
  sf: multi(transactionId, `取引態様${several}: ${codes(TRANSACTIONS)}`),
  dy: scalar(days, "新着（公開から日以内）"),
  up: scalar(days, "更新（日以内）"),
  fw: scalar(freeWord, "フリーワード（空白区切りの語をすべて含む、最大5語）"),
  xw: scalar(freeWord, "除外ワード（空白区切りの語のいずれかを物件名・キーワードに含む物件を除く、最大5語）"),
  hz: scalar(flag, `${HAZARD_SEARCH_LABEL}（1）: 洪水浸水想定（想定最大規模）0.5m以上・土砂災害警戒区域の物件を除く。未確認の物件は除かない`),
  no: scalar(propertyNo, "物件番号（前方一致、管理者のみ）", true),
  ps: scalar(publicationState, `公開状態（管理者のみ）: ${PUBLICATION_STATES.map((p) => `${p.key} ${p.name}`).join("、")}`, true),
  nu: scalar(isoDate, "更新日の開始（YYYY-MM-DD、管理者のみ）", true),
  xu: scalar(isoDate, "更新日の終了（YYYY-MM-DD、管理者のみ）", true),
  cp: scalar(companyText, "元付会社（部分一致、管理者のみ）", true),
  sr: scalar(sortKey, `並び順（既定 ${DEFAULT_SORT}）: ${SORTS.map((s) => `${s.key} ${s.name}`).join("、")}`),
  page: scalar(pageNumber, "ページ番号（既定 1）"),
} as const satisfies Record<string, ParamDef>;

export type SearchParamKey = keyof typeof PARAMS;
export { ADMIN_PARAM_KEYS, MULTI_PARAM_KEYS, SEARCH_PARAM_KEYS };
// The key lists live in ./search-params (without zod, for link builders); they must be this table's.
const keysWhere = (test: (def: ParamDef) => boolean) => SEARCH_PARAM_KEYS.filter((k) => test(PARAMS[k] as ParamDef)).join();
if (Object.keys(PARAMS).join() !== SEARCH_PARAM_KEYS.join()) throw new Error("search-params.ts SEARCH_PARAM_KEYS differs from PARAMS");
if (keysWhere((d) => d.kind === "multi") !== MULTI_PARAM_KEYS.join()) throw new Error("search-params.ts MULTI_PARAM_KEYS differs from PARAMS");
if (keysWhere((d) => Boolean(d.admin)) !== ADMIN_PARAM_KEYS.join()) throw new Error("search-params.ts ADMIN_PARAM_KEYS differs from PARAMS");

/* ---------------------------------------------------------------- schema */

const list = <T extends z.ZodType<number | string>>(value: T) =>
  z.preprocess(toList, z.array(value).max(MULTI_MAX)).transform((xs) => sortedUnique(xs as z.output<T>[]));

const searchFields = z.object({
  re: list(areaId).optional(),
  pf: list(prefId).optional(),
  ct: list(municipalityCode).optional(),
  dt: districtText.optional(),
  ty: list(typeId).optional(),
  sc: list(structureId).optional(),
  sl: list(railCode).optional(),
  st: list(railCode).optional(),
  rg: list(railCode).optional(),
  sw: walkMinutes.optional(),
  lp: priceManYen.optional(),
  hp: priceManYen.optional(),
  ly: yieldPercent.optional(),
  hy: yieldPercent.optional(),
  bt: years.optional(),
  rs: years.optional(),
  ls: squareMeters.optional(),
  hs: squareMeters.optional(),
  fs: list(featureId).optional(),
  ss: flag.optional(),
  sf: list(transactionId).optional(),
  dy: days.optional(),
  up: days.optional(),
  fw: freeWord.optional(),
  xw: freeWord.optional(),
  hz: flag.optional(),
  no: propertyNo.optional(),
  ps: publicationState.optional(),
  nu: isoDate.optional(),
  xu: isoDate.optional(),
  cp: companyText.optional(),
  sr: sortKey.optional(),
  page: pageNumber.optional(),
});
type SearchFields = z.output<typeof searchFields>;

/**
 * The canonical search query object (see the table above). Parses a saved
 * filter's `query` JSON or a tRPC input strictly: bad values are errors here.
 */
export const searchQuery = searchFields.transform((fields): SearchFields => canonical(fields));
export type SearchQuery = z.output<typeof searchQuery>;

/**
 * The canonical query as a response carries it (a saved filter's `query`):
 * built from the same parameter table, every key optional and described,
 * several-valued ones as non-empty arrays. It has no transform, so unlike
 * `searchQuery` it has a JSON Schema (the REST adapter's OpenAPI document).
 */
export const searchQueryDto = z.object(
  Object.fromEntries(
    SEARCH_PARAM_KEYS.map((k) => {
      const p: ParamDef = PARAMS[k];
      return [k, (p.kind === "multi" ? z.array(p.value).min(1).max(MULTI_MAX) : p.value).optional().describe(p.description)];
    }),
  ),
);

/**
 * The list page's URL parameters as visitors and members send them (GET
 * /api/investments; the admin-only keys are dropped for them): the
 * canonical query's keys, described, for the OpenAPI document. Parsing is
 * {@link parseSearchParams}'s, which is more lenient (comma lists,
 * full-width digits, invalid values ignored).
 */
export const publicSearchParams = searchQueryDto.omit(Object.fromEntries(ADMIN_PARAM_KEYS.map((k) => [k, true] as const)));

/**
 * GET /api/investments's parameters: the search, plus the page size (pp), which
 * is not a condition (saved conditions and matching leave it out; src/lib/list-view.ts).
 */
export const publicListParams = publicSearchParams.extend({
  pp: z
    .literal(PAGE_SIZES)
    .optional()
    .describe(`1ページの件数（${PAGE_SIZES.join("・")}、既定 ${PAGE_SIZES[0]}）`),
});

/* ---------------------------------------------------------------- parse */

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

/* ---------------------------------------------------------------- serialise */

// toSearchParams / toQueryRecord: ./search-params (no zod, so client components can build links).
export { toQueryRecord, toSearchParams } from "./search-params";

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

/* ---------------------------------------------------------------- describe */

/** Optional name lookups for codes whose names live in the database. */
export interface DescribeNames {
  line?: (line_cd: number) => string | null | undefined;
  station?: (station_cd: number) => string | null | undefined;
  group?: (group_cd: number) => string | null | undefined;
}

const num = (n: number) => String(Number(n.toFixed(2)));
const range = (lo: string | null, hi: string | null, upTo = "以下", from = "以上"): string =>
  lo !== null && hi !== null ? `${lo}〜${hi}` : lo !== null ? `${lo}${from}` : `${hi}${upTo}`;

/**
 * Japanese chips describing the conditions, in table order, e.g.
 * ["大阪市内", "一棟マンション", "5,000万円〜2億円", "表面利回り8%以上", "駅徒歩10分以内", "築20年以内"].
 * Several values of one key share a chip ("大阪市内・北摂"), except features
 * (fs), which must all hold and get one chip each. Sort and page are not
 * conditions and give no chip.
 */
export function describeQuery(q: SearchQuery, names: DescribeNames = {}): string[] {
  const chips: string[] = [];
  const join = (xs: (string | null | undefined)[]) => xs.filter((x): x is string => !!x).join("・");
  const push = (s: string) => {
    if (s) chips.push(s);
  };
  if (q.re) push(join(q.re.map((id) => areaName(id))));
  if (q.pf) push(join(q.pf.map((id) => prefectureName(id))));
  if (q.ct) push(join(q.ct.map((c) => muniName.get(c))));
  if (q.dt) push(`町名「${q.dt}」`);
  if (q.ty) push(join(q.ty.map((id) => typeName(id))));
  if (q.sc) push(join(q.sc.map((id) => structureName(id))));
  if (q.sl) {
    const ns = q.sl.map((cd) => names.line?.(cd));
    push(ns.every(Boolean) ? join(ns) : `路線（${q.sl.length}）`);
  }
  const stationCodes = [...(q.st ?? []).map((cd) => names.station?.(cd)), ...(q.rg ?? []).map((cd) => names.group?.(cd))];
  if (stationCodes.length) {
    push(stationCodes.every(Boolean) ? join([...new Set(stationCodes)].map((n) => `${n}駅`)) : `駅（${stationCodes.length}）`);
  }
  if (q.sw !== undefined) push(`駅徒歩${q.sw}分以内`);
  if (q.lp !== undefined || q.hp !== undefined) {
    push(range(q.lp !== undefined ? formatPrice(q.lp) : null, q.hp !== undefined ? formatPrice(q.hp) : null));
  }
  if (q.ly !== undefined || q.hy !== undefined) {
    push(`${SEARCH_YIELD_LABEL}${range(q.ly !== undefined ? `${num(q.ly)}%` : null, q.hy !== undefined ? `${num(q.hy)}%` : null)}`);
  }
  if (q.bt !== undefined) push(`築${q.bt}年以内`);
  if (q.rs !== undefined) push(`残存耐用年数${q.rs}年以上`);
  if (q.ls !== undefined || q.hs !== undefined) {
    push(`面積${range(q.ls !== undefined ? `${num(q.ls)}㎡` : null, q.hs !== undefined ? `${num(q.hs)}㎡` : null)}`);
  }
  if (q.fs) for (const id of q.fs) push(featureName(id) ?? "");
  if (q.ss) push("おすすめ物件");
  if (q.sf) push(join(q.sf.map((id) => codeName(TRANSACTIONS, id))));
  if (q.dy !== undefined) push(`新着${q.dy}日以内`);
  if (q.up !== undefined) push(`更新${q.up}日以内`);
  if (q.fw) push(`「${q.fw}」`);
  if (q.xw) push(`除外「${q.xw}」`);
  if (q.hz) push(`${HAZARD_SEARCH_LABEL}（未確認の物件は含む）`);
  if (q.no) push(`物件番号「${q.no}」`);
  if (q.ps) push(PUBLICATION_STATES.find((s) => s.key === q.ps)?.name ?? "");
  if (q.nu || q.xu) push(`更新日${range(q.nu ?? null, q.xu ?? null, "まで", "から")}`);
  if (q.cp) push(`元付「${q.cp}」`);
  return chips;
}
