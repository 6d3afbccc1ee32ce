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
 * | ny   | 実質利回り from (%, inclusive) → net_yield ≥ ny (NOI ÷ 価格, economics.netYield);      | 0-100 (decimals allowed)        |         |       |
 * |      | listings without one (net_yield NULL) never match                                    |                                 |         |       |
 * | sk   | 積算比 from (%, inclusive) → sekisan_ratio ≥ sk (積算価格 ÷ 価格); listings without a  | 0-1000 (decimals allowed)       |         |       |
 * |      | 積算 (sekisan_ratio NULL) never match                                                |                                 |         |       |
 * | bt   | building age at most N years → built_at ≥ first day of the month N years ago (JST)   | 1-100                           |         |       |
 * | rs   | remaining legal useful life at least N years → residual_at ≥ today (JST) + N years   | 1-100                           |         |       |
 * |      | (residual_at: the economics model's 残存耐用年数, derive.ts deriveEconomics)         |                                 |         |       |
 * | ls   | area from (㎡): occupied_size for 区分 (type 6), land_size otherwise                  | 0-1,000,000 (decimals allowed)  |         |       |
 * | hs   | area up to (㎡), same columns as ls                                                  | 0-1,000,000 (decimals allowed)  |         |       |
 * | fs   | features, EVERY chosen one must hold: 1 residual_at ≥ today + 20 years, 2 has_cert,  | 1-5, 7 (FEATURES)               | AND     |       |
 * |      | 3 has_repair, 4 price_down, 5 is_full, 7 new_quake                                   |                                 |         |       |
 * | ow   | 所有権のみ → freehold = 1 (land_rights.type 1 所有権; 借地・底地・定期借地・不明 out)| 1                               |         |       |
 * | oc   | 現況満室のみ → is_full = 1, the column fs=5 reads: both mean 現況満室 from the rent   | 1                               |         |       |
 * |      | roll where the listing has one, else the stored 現況 (derive.ts isFullNow)           |                                 |         |       |
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
 * |      | age_asc (built_at ↓, unknown last), walk_asc (station_time ↑, unknown last),         |                                 |         |       |
 * |      | net_yield_desc / sekisan_desc (no figure last), cf_desc (a member's monthly CF under |                                 |         |       |
 * |      | their saved loan terms; the default order for anyone else); ties by id ↓            |                                 |         |       |
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
import { AREAS, AREA_IDS, DEFAULT_SORT, FEATURES, PREFECTURES, SORT_KEYS, SORTS, STRUCTURES, TRANSACTIONS, TYPES } from "@/lib/constants/investment";
import { toHalfWidth } from "@/lib/digits";
import { PRICE_MAX } from "@/lib/price";
import { z } from "@/schemas/zod";
import { ADMIN_PARAM_KEYS, MULTI_PARAM_KEYS, SEARCH_PARAM_KEYS } from "../search-params";
import { cleanText, coerceDate, coerceFlag, coerceFreeWord, coerceNumber, isIsoDate } from "./coerce";
import { HAZARD_SEARCH_LABEL, PAGE_MAX, PUBLICATION_STATE_KEYS, PUBLICATION_STATES } from "./limits";
import { muniName } from "./municipalities";

const intIn = (min: number, max: number) => z.preprocess(coerceNumber, z.int().min(min).max(max));
const numIn = (min: number, max: number) => z.preprocess(coerceNumber, z.number().min(min).max(max));
const codeIn = <const T extends readonly number[]>(ids: T) => z.preprocess(coerceNumber, z.literal(ids));
const text = (max: number) => z.preprocess(cleanText, z.string().min(1).max(max));

export const areaId = codeIn(AREA_IDS);
export const prefId = codeIn(PREFECTURES.map((p) => p.id));
export const municipalityCode = z.preprocess(
  (v) => (typeof v === "number" && Number.isInteger(v) ? String(v) : typeof v === "string" ? toHalfWidth(v).trim() : v),
  z.string().refine((s) => muniName.has(s)),
);
export const typeId = codeIn(TYPES.map((t) => t.id));
export const structureId = codeIn(STRUCTURES.map((s) => s.id));
export const featureId = codeIn(FEATURES.map((f) => f.id));
export const transactionId = codeIn(TRANSACTIONS.map((t) => t.id));
/** ekidata codes (line_cd 5 digits, station_cd / station_g_cd 7 digits). */
export const railCode = intIn(1, 99_999_999);
export const districtText = text(50);
export const walkMinutes = intIn(1, 120);
export const priceManYen = intIn(0, PRICE_MAX);
export const yieldPercent = numIn(0, 100);
/** 積算比 %: a 積算価格 can be several times the price. */
export const ratioPercent = numIn(0, 1000);
export const years = intIn(1, 100);
export const squareMeters = numIn(0, 1_000_000);
export const days = intIn(1, 3650);
export const flag = z.preprocess(coerceFlag, z.literal(true));
export const freeWord = z.preprocess(coerceFreeWord, z.string().min(1));
export const propertyNo = z.preprocess((v) => {
  const c = cleanText(v);
  return typeof c === "string" ? toHalfWidth(c) : c;
}, z.string().min(1).max(50));
export const publicationState = z.enum(PUBLICATION_STATE_KEYS);
export const isoDate = z.preprocess(coerceDate, z.string().refine(isIsoDate));
export const companyText = text(100);
export const sortKey = z.enum(SORT_KEYS);
export const pageNumber = intIn(1, PAGE_MAX);

/* ----------------------------------------------------- the parameter table */

type ParamKind = "multi" | "scalar";
export interface ParamDef {
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
export const PARAMS = {
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
  ny: scalar(yieldPercent, "実質利回りの下限（%、以上）。実質利回りのない物件は該当しない"),
  sk: scalar(ratioPercent, "積算比の下限（%、以上: 積算価格÷価格）。積算のない物件は該当しない"),
  bt: scalar(years, "築年数（年以内）"),
  rs: scalar(years, "残存耐用年数（年以上）"),
  ls: scalar(squareMeters, "面積の下限（㎡、区分は専有面積・それ以外は土地面積）"),
  hs: scalar(squareMeters, "面積の上限（㎡）"),
  fs: multi(featureId, `こだわり条件（複数可: 選んだすべてを満たす）: ${codes(FEATURES)}`),
  ow: scalar(flag, "所有権のみ（1）: 借地権・底地・定期借地権など所有権以外、土地権利の記載がない物件を除く"),
  oc: scalar(flag, "現況満室のみ（1）: レントロールがあればその現況、なければ登録の現況（fs=5 と同じ）"),
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
// The key lists live in ../search-params (without zod, for link builders); they must be this table's.
const keysWhere = (test: (def: ParamDef) => boolean) => SEARCH_PARAM_KEYS.filter((k) => test(PARAMS[k] as ParamDef)).join();
if (Object.keys(PARAMS).join() !== SEARCH_PARAM_KEYS.join()) throw new Error("search-params.ts SEARCH_PARAM_KEYS differs from PARAMS");
if (keysWhere((d) => d.kind === "multi") !== MULTI_PARAM_KEYS.join()) throw new Error("search-params.ts MULTI_PARAM_KEYS differs from PARAMS");
if (keysWhere((d) => Boolean(d.admin)) !== ADMIN_PARAM_KEYS.join()) throw new Error("search-params.ts ADMIN_PARAM_KEYS differs from PARAMS");
