/**
 * Investment (listing) master data and code tables. Query parameter names
 * (re, ty, sc, fs, sr) and field names (type_cd, structure_cd, land_type…)
 * follow the spec.
 */
import { AREAS_DATA } from "./areas-data";
import {
  LONG_RESIDUAL_YEARS,
  STRUCTURE_OTHER_ID,
  STRUCTURES,
  TYPE_OTHER_ID,
  TYPES,
  structureName,
  typeName,
  type StructureId,
  type TypeId,
} from "./listing-kinds";

export { LONG_RESIDUAL_YEARS, STRUCTURE_OTHER_ID, STRUCTURES, TYPE_OTHER_ID, TYPES, structureName, typeName, type StructureId, type TypeId };
export { DEFAULT_SORT, SORT_KEYS, SORTS, type SortKey } from "./sorts";

/* ---------------------------------------------------------------- areas (re) */

export const AREA_IDS = [1, 2, 3, 4, 5, 6] as const;
export type AreaId = (typeof AREA_IDS)[number];

export interface Area {
  readonly id: AreaId;
  readonly key: string;
  readonly name: string;
  readonly name_en: string;
  /** 6-digit 全国地方公共団体コード of leaf municipalities (wards for designated cities) */
  readonly municipality_codes: readonly string[];
}

const isAreaId = (n: number): n is AreaId => (AREA_IDS as readonly number[]).includes(n);

/**
 * From src/master-data/areas.json by way of ./areas-data (its fields the code tables use, kept
 * equal to the JSON by a unit test). Checked on load so that a bad edit fails loudly instead of
 * silently dropping an area from the search.
 */
export const AREAS: readonly Area[] = AREAS_DATA.map((a) => {
  if (!isAreaId(a.id)) throw new Error(`areas.json: unexpected area id ${a.id}`);
  return {
    id: a.id,
    key: a.key,
    name: a.name,
    name_en: a.name_en,
    municipality_codes: a.municipality_codes,
  };
});
if (AREAS.map((a) => a.id).join() !== AREA_IDS.join()) {
  throw new Error("areas.json: areas must be exactly ids 1-6 in order");
}

const areaByCode = new Map<string, AreaId>();
for (const a of AREAS) for (const code of a.municipality_codes) areaByCode.set(code, a.id);

/**
 * Area id of a municipality, or null when it is in none of the six areas.
 * Accepts the 6-digit code (with check digit) or the 5-digit JIS X 0402 code,
 * as a string or a number. Designated cities themselves (大阪市 271004…) give
 * null: areas list wards, and 大阪市 spans two areas.
 */
export function areaOfMunicipality(code: string | number | null | undefined): AreaId | null {
  if (code === null || code === undefined) return null;
  const s = String(code).trim();
  if (/^\d{6}$/.test(s)) return areaByCode.get(s) ?? null;
  if (/^\d{5}$/.test(s)) {
    for (const [c6, id] of areaByCode) if (c6.startsWith(s)) return id;
  }
  return null;
}

export function areaName(id: number | null | undefined): string | null {
  return AREAS.find((a) => a.id === id)?.name ?? null;
}

/* -------------------------------------------------------------- prefectures */

export const PREFECTURES = [
  { id: 26, name: "京都府" },
  { id: 27, name: "大阪府" },
  { id: 28, name: "兵庫県" },
] as const;
export type PrefectureId = (typeof PREFECTURES)[number]["id"];

export function prefectureName(id: number | null | undefined): string | null {
  return PREFECTURES.find((p) => p.id === id)?.name ?? null;
}

/* ------------------------------------------------------------ types (ty) */

/**
 * The type choices of every search surface (list side panel, feature search,
 * home links, saved conditions, newsletter audience): every code of TYPES,
 * その他 (99) included, since listings of that type are published and ty=99
 * is a valid parameter everywhere (URL, REST, saved conditions, matching).
 */
export const SEARCH_TYPES = TYPES;
/** Land (5) and その他 (99) need no structure (spec §5). */
export const TYPES_WITHOUT_STRUCTURE: readonly number[] = [5, TYPE_OTHER_ID];

/* --------------------------------------------------------- features (fs) */

/** Feature ids are 1-5 and 7 (6 is not used). `note` is the reason it matters to investors. */
export const FEATURES = [
  { id: 1, name: "残存耐用年数20年以上", note: "長期融資が可能" },
  { id: 2, name: "検査済証あり", note: "遵法性あり" },
  { id: 3, name: "大規模修繕済", note: null },
  { id: 4, name: "値下げ", note: null },
  { id: 5, name: "満室", note: null },
  { id: 7, name: "新耐震基準", note: "融資の最低条件" },
] as const;
export type FeatureId = (typeof FEATURES)[number]["id"];

export function featureName(id: number | null | undefined): string | null {
  return FEATURES.find((f) => f.id === id)?.name ?? null;
}

/* ------------------------------------------------------- railway operators */

/**
 * The eight operators of the spec with their ekidata.jp company_cd.
 * 泉北高速鉄道 merged into 南海 on 2025-04-01 but ekidata still files it under
 * company 198, so it is listed as merged into 南海.
 */
export const RAILWAY_OPERATORS = [
  { key: "jr", company_cd: 4, name: "JR西日本", merged_company_cds: [] },
  { key: "metro", company_cd: 249, name: "Osaka Metro", merged_company_cds: [] },
  { key: "kitakyu", company_cd: 197, name: "北大阪急行", merged_company_cds: [] },
  { key: "hankyu", company_cd: 24, name: "阪急", merged_company_cds: [] },
  { key: "hanshin", company_cd: 25, name: "阪神", merged_company_cds: [] },
  { key: "kintetsu", company_cd: 21, name: "近鉄", merged_company_cds: [] },
  { key: "keihan", company_cd: 23, name: "京阪", merged_company_cds: [] },
  { key: "nankai", company_cd: 22, name: "南海", merged_company_cds: [198] },
] as const;
export type RailwayOperatorKey = (typeof RAILWAY_OPERATORS)[number]["key"];
export type RailwayCompanyCd = (typeof RAILWAY_OPERATORS)[number]["company_cd"];

/** Operator of an ekidata company_cd (merged companies included), or null. */
export function railwayOperatorOf(company_cd: number | null | undefined) {
  return RAILWAY_OPERATORS.find((o) => o.company_cd === company_cd || (o.merged_company_cds as readonly number[]).includes(company_cd ?? -1)) ?? null;
}

/* ------------------------------------------------------------ other codes */

/** Listing image categories: photos (the gallery, the card's thumbnail) and 間取り図 (a section of their own). */
export const IMAGE_CATEGORIES = [
  { key: "photo", name: "写真" },
  { key: "floor_plan", name: "間取り図" },
] as const;
export type ImageCategory = (typeof IMAGE_CATEGORIES)[number]["key"];
export const IMAGE_CATEGORY_KEYS = IMAGE_CATEGORIES.map((c) => c.key) as [ImageCategory, ...ImageCategory[]];

/** 取引態様 (transactions) */
export const TRANSACTIONS = [
  { id: 1, name: "売主" },
  { id: 2, name: "代理" },
  { id: 3, name: "専任媒介" },
  { id: 4, name: "一般媒介" },
  { id: 5, name: "専属専任媒介" },
] as const;
export type TransactionId = (typeof TRANSACTIONS)[number]["id"];

/** `land_type`: the unit in which land_size is given. */
export const LAND_TYPES = [
  { id: 1, name: "㎡" },
  { id: 2, name: "坪" },
] as const;
export type LandTypeId = (typeof LAND_TYPES)[number]["id"];
/** 1坪 = 400/121 ㎡ (≈ 3.3058), the legal definition (6 尺 squared). */
export const SQM_PER_TSUBO = 400 / 121;

/** vacancy.cd; 4 (その他) uses vacancy.other. */
export const VACANCIES = [
  { id: 1, name: "満室" },
  { id: 2, name: "空室あり" },
  { id: 3, name: "空室" },
  { id: 4, name: "その他" },
] as const;
export type VacancyId = (typeof VACANCIES)[number]["id"];

/** land_rights.type; 4 (その他) uses land_rights.other. */
export const LAND_RIGHTS = [
  { id: 1, name: "所有権" },
  { id: 2, name: "借地権" },
  { id: 3, name: "定期借地権" },
  { id: 4, name: "その他" },
] as const;
export type LandRightsId = (typeof LAND_RIGHTS)[number]["id"];

/** Generic label lookup for the code tables above. */
export function codeName(table: readonly { readonly id: number; readonly name: string }[], id: number | null | undefined): string | null {
  return table.find((r) => r.id === id)?.name ?? null;
}

/** A code's label, or the typed text when the code is その他 (or unknown but text was typed). */
export function codeWithOtherText(
  table: readonly { readonly id: number; readonly name: string }[],
  v: { cd?: number | null; other?: string | null } | null | undefined,
): string | null {
  if (!v) return null;
  const name = codeName(table, v.cd);
  if (name === "その他" || (!name && v.other)) return v.other || name;
  return name;
}

/* ------------------------------------------------------------- list (sr) */

/** Listings per list page. */
export const PAGE_SIZE = 20;

/** 地目 (land_cat.cd); 99 uses land_cat.other. Shared by the editor, its schema and the detail page. */
export const LAND_CATS = [
  { id: 1, name: "宅地" },
  { id: 2, name: "田" },
  { id: 3, name: "畑" },
  { id: 4, name: "山林" },
  { id: 5, name: "雑種地" },
  { id: 6, name: "原野" },
  { id: 99, name: "その他" },
] as const;

/** 都市計画 (land_plan.cd); 99 uses land_plan.other. */
export const LAND_PLANS = [
  { id: 1, name: "市街化区域" },
  { id: 2, name: "市街化調整区域" },
  { id: 3, name: "非線引区域" },
  { id: 4, name: "都市計画区域外" },
  { id: 99, name: "その他" },
] as const;
