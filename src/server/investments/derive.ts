/**
 * Derived columns of a listing (schema: the "derived" block of `investments`).
 *
 * Everything here is computed from the editable fields and the transport
 * entries, never typed by hand: the admin editor and the seed both call
 * `deriveInvestment` before writing a row, so search columns always agree
 * with what the listing says. Pure functions apart from reading the shipped
 * municipality master (a static JSON file) for names.
 */
import { builtAt, isNewQuakeStandard, residualAt } from "@/lib/age";
import { netYield, noi, rentRollVacancy, sekisan, sekisanRatio, type RentRollRow } from "@/lib/economics";
import {
  FEATURES,
  LAND_CATS,
  LAND_PLANS,
  LAND_RIGHTS,
  TRANSACTIONS,
  VACANCIES,
  areaName,
  areaOfMunicipality,
  codeName,
  codeWithOtherText,
  prefectureName,
  structureName,
  typeName,
} from "@/lib/constants/investment";
import { kanaFold } from "@/lib/text";
import { qualifyingCut, type PriceChangeLike } from "@/lib/former-price";
import municipalitiesJson from "@/master-data/municipalities.json";
import railwaysKanaJson from "@/master-data/railways.kana.json";
import type { investment_price_histories, investment_transports, investments } from "@/server/db/schema";
import { DISTANCE_WALK, economicsInputOf, type EconomicsRow } from "@/server/listings";

type InvestmentInsert = typeof investments.$inferInsert;
type TransportInsert = typeof investment_transports.$inferInsert;
type PriceHistoryInsert = typeof investment_price_histories.$inferInsert;

/** The editable fields the derived columns depend on. */
export type DeriveInput = Pick<InvestmentInsert, "name" | "type_cd" | "pref_cd" | "city_cd" | "district_cd"> &
  Partial<
    Pick<
      InvestmentInsert,
      | "no"
      | "type_other"
      | "locality"
      | "structure_cd"
      | "structure_other"
      | "built"
      | "layout"
      | "comments"
      | "features"
      | "vacancy"
      | "transactions"
      | "land_rights"
      | "land_cat"
      | "land_plan"
      | "land_use_1"
      | "land_use_2"
      // the economics inputs (net_yield, sekisan_ratio, residual_at)
      | "price"
      | "income"
      | "yield"
      | "service_charge"
      | "maintenance_fee"
      | "building_size"
      | "occupied_size"
      | "land_size"
      | "land_type"
      | "road_price"
      | "road_price_year"
      | "leasehold_ratio"
      | "assessed_land_value"
      | "assessed_building_value"
      | "property_tax"
      | "replacement_cost"
      | "steel_thickness"
      | "rebuild_not_allowed"
      | "nonconforming"
    >
  > & {
    /** The listing's rent roll as it will be stored (its income counts when the listing states none). */
    rent_roll?: readonly RentRollRow[] | null;
  };

/** A transport entry as stored (names are the snapshot written with the entry). */
export type DeriveTransport = Partial<
  Pick<TransportInsert, "line_cd" | "line_name" | "station_cd" | "station_name" | "group_cd" | "distance" | "station_walk" | "bus_name">
>;

export interface DerivedColumns {
  area_cd: number | null;
  built_at: string | null;
  residual_at: string | null;
  station_time: number | null;
  line_cds: number[];
  station_cds: number[];
  station_group_cds: number[];
  keywords: string;
  new_quake: boolean;
  has_cert: boolean;
  has_repair: boolean;
  is_full: boolean;
  net_yield: number | null;
  sekisan_ratio: number | null;
  noi: number | null;
  freehold: boolean;
}

/** vacancy.cd 1 = 満室. */
const VACANCY_FULL = 1;
/** land_rights.type 1 = 所有権 (LAND_RIGHTS). */
const LAND_RIGHTS_FREEHOLD = 1;

const muniList = (municipalitiesJson as { municipalities: { code: string; name: string; name_kana: string }[] }).municipalities;
const muniNames = new Map<string, string>(muniList.map((m) => [m.code, m.name]));
const muniKana = new Map<string, string>(muniList.map((m) => [m.code, m.name_kana]));
const prefKana = new Map<number, string>(
  (municipalitiesJson as { prefectures: { pref_cd: number; name_kana: string }[] }).prefectures.map((p) => [p.pref_cd, p.name_kana]),
);
const stationKana = (railwaysKanaJson as { station_name_kana: Record<string, string> }).station_name_kana;

/** Municipality name (e.g. 大阪市北区) of a 6-digit code, from the shipped master. */
export function municipalityName(code: string | null | undefined): string | null {
  return code ? (muniNames.get(code) ?? null) : null;
}

function distinctInts(values: (number | null | undefined)[]): number[] {
  const out: number[] = [];
  const seen = new Set<number>();
  for (const v of values) {
    if (typeof v !== "number" || !Number.isInteger(v) || seen.has(v)) continue;
    seen.add(v);
    out.push(v);
  }
  return out;
}

/** Nearest walk in minutes over the transports reached on foot (distance 1); null when none. */
export function stationTime(transports: readonly DeriveTransport[]): number | null {
  let best: number | null = null;
  for (const t of transports) {
    if ((t.distance ?? DISTANCE_WALK) !== DISTANCE_WALK) continue;
    const w = t.station_walk;
    if (typeof w !== "number" || !Number.isFinite(w) || w < 0) continue;
    if (best === null || w < best) best = w;
  }
  return best;
}

/**
 * Bumped whenever buildKeywords changes what it writes: start-up re-derives
 * the keywords of every stored listing written by an older version
 * (rebuildKeywords), and the FTS triggers re-index them.
 */
export const KEYWORDS_VERSION = 2;

/** The feature badges (fs) that follow from the stored fields alone; 1 and 4 depend on the date (see buildKeywords). */
const featureLabel = (id: number) => FEATURES.find((f) => f.id === id)?.name;

/**
 * The free-word text indexed by investments_fts (trigram): only what the
 * detail page shows (never the 番地 `locality` it hides): name, property
 * number, address down to the 町名 (prefecture, municipality, district), area,
 * lines and stations (as 〇〇駅, so "梅田駅" finds a listing) and buses, type,
 * structure, layout, comments, and the labels of the shown conditions: 現況
 * (満室…), the feature badges 検査済証あり / 大規模修繕済 / 新耐震基準 / 満室,
 * 取引態様, 土地権利, 地目, 都市計画, 用途地域. Readings from the master data
 * (station, municipality, prefecture kana) are added so てんのうじ finds 天王寺.
 * The feature badges 残存耐用年数20年以上 and 値下げ are not indexed: they
 * change with the date (remaining life, the six months a cut may be shown)
 * while this text is written on save; the fs filter serves them.
 *
 * NFKC-normalised (full-width letters and digits become half-width,
 * half-width katakana full-width) and katakana folded to hiragana (kanaFold);
 * the search folds its terms the same way (planQuery). Duplicate parts are dropped.
 */
export function buildKeywords(input: DeriveInput, transports: readonly DeriveTransport[]): string {
  const stationNames = transports.map((t) => (t.station_name ? `${t.station_name}駅` : null));
  const built = input.built ?? null;
  const parts: (string | null | undefined)[] = [
    input.name,
    input.no,
    prefectureName(input.pref_cd),
    municipalityName(input.city_cd),
    input.district_cd,
    areaName(areaOfMunicipality(input.city_cd)),
    ...transports.map((t) => t.line_name),
    ...stationNames,
    ...transports.map((t) => t.bus_name),
    typeName(input.type_cd, input.type_other),
    input.type_other,
    structureName(input.structure_cd, input.structure_other),
    input.layout,
    input.comments?.main,
    input.comments?.sub,
    codeWithOtherText(VACANCIES, input.vacancy),
    input.features?.cert === true ? featureLabel(2) : null,
    input.features?.repair === true ? featureLabel(3) : null,
    input.vacancy?.cd === VACANCY_FULL ? featureLabel(5) : null,
    built && isNewQuakeStandard(built.year, built.month) ? featureLabel(7) : null,
    codeName(TRANSACTIONS, input.transactions),
    input.land_rights ? codeWithOtherText(LAND_RIGHTS, { cd: input.land_rights.type, other: input.land_rights.other }) : null,
    codeWithOtherText(LAND_CATS, input.land_cat),
    codeWithOtherText(LAND_PLANS, input.land_plan),
    input.land_use_1,
    input.land_use_2,
    // readings (master data)
    ...transports.map((t) => (t.station_cd != null ? stationKana[String(t.station_cd)] : null)),
    input.city_cd ? muniKana.get(input.city_cd) : null,
    prefKana.get(input.pref_cd),
  ];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of parts) {
    if (!p) continue;
    const s = kanaFold(p.normalize("NFKC").replace(/\s+/g, " ").trim());
    if (!s || seen.has(s)) continue;
    seen.add(s);
    out.push(s);
  }
  return out.join(" ");
}

/**
 * Bumped whenever a derived investment figure changes definition (residual_at, net_yield,
 * sekisan_ratio, noi, is_full, freehold): start-up re-derives them for every stored listing
 * (rederiveEconomics).
 * 1: issue 35 — residual_at is the end of the legal life (残存 = 法定 − 経過, not the 簡便法
 *    period), net_yield and sekisan_ratio added.
 * 2: issue 33 — noi (the member CF sort) and freehold (ow) added; is_full (fs=5, oc) reads the
 *    rent roll where there is one.
 */
export const ECONOMICS_VERSION = 2;

type EconomicsDeriveInput = Omit<EconomicsRow, "price"> & { price?: number | null; rent_roll?: readonly RentRollRow[] | null };

/**
 * 現況満室 (fs=5 and oc=1, issue 33): from the rent roll where the listing has one (every unit
 * 入居中), otherwise the stored 現況 (vacancy.cd 1 満室).
 */
export function isFullNow(input: Pick<EconomicsDeriveInput, "vacancy" | "rent_roll">): boolean {
  const roll = rentRollVacancy(input.rent_roll);
  return roll !== null ? roll.vacantUnits === 0 : input.vacancy?.cd === VACANCY_FULL;
}

/**
 * The derived figures of the economics model: 実質利回り, NOI and 積算比 (src/lib/economics.ts, read
 * through economicsInputOf like every surface), residual_at, the month the legal useful life
 * ends (src/lib/age.ts residualAt, 法定耐用年数 by economics.statutoryLife incl. 鉄骨の肉厚),
 * 現況満室 and 所有権.
 * 積算比 depends on `now` (残存/法定 of the building part shrinks each year): stored as of the write.
 */
export function deriveEconomics(
  input: EconomicsDeriveInput,
  now: Date = new Date(),
): Pick<DerivedColumns, "residual_at" | "net_yield" | "sekisan_ratio" | "noi" | "is_full" | "freehold"> {
  const econ = economicsInputOf({ ...input, price: input.price ?? null }, { rentRoll: input.rent_roll ?? null });
  const structure = { structure_cd: input.structure_cd, structure_other: input.structure_other, steel_thickness_mm: input.steel_thickness };
  const n = noi(econ);
  return {
    residual_at: input.built ? residualAt(structure, input.built) : null,
    net_yield: netYield(econ),
    sekisan_ratio: sekisanRatio(sekisan(econ, { now }), econ),
    noi: n === null ? null : n.noi,
    is_full: isFullNow(input),
    freehold: input.land_rights?.type === LAND_RIGHTS_FREEHOLD,
  };
}

/**
 * Every derived column of a listing. `now` matters only for sekisan_ratio (the building's
 * 残存/法定 share), so re-deriving later moves it slightly.
 */
export function deriveInvestment(input: DeriveInput, transports: readonly DeriveTransport[], now: Date = new Date()): DerivedColumns {
  const built = input.built ?? null;
  return {
    area_cd: areaOfMunicipality(input.city_cd),
    built_at: built ? builtAt(built.year, built.month) : null,
    ...deriveEconomics(input, now),
    station_time: stationTime(transports),
    line_cds: distinctInts(transports.map((t) => t.line_cd)),
    station_cds: distinctInts(transports.map((t) => t.station_cd)),
    station_group_cds: distinctInts(transports.map((t) => t.group_cd ?? t.station_cd)),
    keywords: buildKeywords(input, transports),
    new_quake: built ? isNewQuakeStandard(built.year, built.month) : false,
    has_cert: input.features?.cert === true,
    has_repair: input.features?.repair === true,
  };
}

/* ------------------------------------------------------------ price changes */

export interface PriceState {
  price: number;
  price_before?: number | null;
  price_down?: boolean | null;
  price_down_at?: Date | null;
  price_before_since?: Date | null;
}

export interface PriceChange {
  price: number;
  /** Set only for a cut whose former price may be shown (表示規約, src/lib/former-price.ts). */
  price_down: boolean;
  price_before: number | null;
  price_down_at: Date | null;
  /** The former price's 公表日. */
  price_before_since: Date | null;
  /** The new price is lower than the old one, whether or not its former price may be shown. */
  cut: boolean;
  /** The row for investment_price_histories (without investment_id); null when the price did not change. */
  history: Omit<PriceHistoryInsert, "id" | "investment_id"> | null;
}

const NO_FORMER = { price_down: false, price_before: null, price_down_at: null, price_before_since: null } as const;

/**
 * Applies a new price to a listing's price state.
 * - unchanged price: the state is kept, no history row;
 * - any change yields one history row { price: new, price_before: old, changed_at: now };
 * - price_down / price_before / price_down_at / price_before_since are set only when the
 *   change is a cut whose former price the rule allows (qualifyingCut over the past
 *   history plus this change, and the listing's public_at after this save): the former
 *   price was offered at least two months. A rise or a cut that does not qualify clears them.
 * A new listing (`old` null) starts without a cut and without a history row.
 */
export function applyPriceChange(
  old: PriceState | null | undefined,
  newPrice: number,
  now: Date,
  ctx: { history: readonly PriceChangeLike[]; publicAt: Date | null },
): PriceChange {
  if (!old) return { price: newPrice, ...NO_FORMER, cut: false, history: null };
  if (newPrice === old.price) {
    return {
      price: old.price,
      price_down: old.price_down ?? false,
      price_before: old.price_before ?? null,
      price_down_at: old.price_down_at ?? null,
      price_before_since: old.price_before_since ?? null,
      cut: false,
      history: null,
    };
  }
  const history = { price: newPrice, price_before: old.price, changed_at: now };
  const q = newPrice < old.price ? qualifyingCut({ history: [...ctx.history, history], publicAt: ctx.publicAt, currentPrice: newPrice }) : null;
  if (q)
    return { price: newPrice, price_down: true, price_before: q.formerPrice, price_down_at: q.cutAtInstant, price_before_since: q.sinceAt, cut: true, history };
  return { price: newPrice, ...NO_FORMER, cut: newPrice < old.price, history };
}
