import { z } from "./zod";

/**
 * A listing's investment figures as every surface and API carries them
 * (issue 35): the output of the one model, src/lib/economics.ts, mapped by
 * src/server/listings/economics.ts. Amounts in yen (円/年 for incomes and
 * costs), yields and ratios in percent, null (shown "—") when an input is
 * missing. The rent roll's and 修繕履歴's rows are for members: a visitor's
 * answer carries only that they exist and their totals (rows: null).
 */
const num = z.number();
const int = z.number().int();
const text = z.string();

export const DEAL_LEVELS = ["good", "fair", "poor", "unknown"] as const;
export const dealLevel = z.enum(DEAL_LEVELS);

/** One line of the deal check (参考). */
export const dealRowSchema = z.object({ key: text, label: text, level: dealLevel, figure: text, basis: text });

/** The card's compact deal line: a few rows, short. */
export const dealChipSchema = z.object({ key: text, level: dealLevel, text: text });

export const costItemSchema = z.object({
  key: text,
  label: text,
  /** 円/年 */
  amount: num,
  /** listing: the listing's own figure; default: a stated default rate */
  source: z.enum(["listing", "default"]),
  basis: text,
  rate_pct: num.nullable(),
});

/** The figures of one listing (src/lib/economics.ts listingEconomics, with no options: the summary's). */
export const economicsFiguresSchema = z.object({
  /** 満室想定年収 円/年 */
  full_income: num.nullable(),
  full_income_note: text.nullable(),
  /** 現況年収 円/年 */
  current_income: num.nullable(),
  current_income_note: text.nullable(),
  /** 表面利回り（満室想定） % */
  gross_yield: num.nullable(),
  /** 現況利回り % */
  current_yield: num.nullable(),
  costs: z.array(costItemSchema),
  /** 運営経費 円/年; null when a cost the listing must state is missing */
  costs_total: num.nullable(),
  costs_missing: z.array(text),
  /** NOI 円/年 */
  noi: num.nullable(),
  /** 実質利回り % = NOI ÷ 価格 */
  net_yield: num.nullable(),
  net_yield_formula: text,
  statutory_life: int.nullable(),
  elapsed_years: int.nullable(),
  /** 残存耐用年数 = max(0, 法定 − 経過) */
  remaining_life: int.nullable(),
  /** 中古資産の耐用年数（簡便法）: a depreciation period, not a loan term */
  simplified_life: int.nullable(),
  lives_basis: text.nullable(),
  /** 融資期間の目安 = min(35, 残存耐用年数) */
  loan_term_years: int.nullable(),
  loan_term_basis: text.nullable(),
  /** 積算価格 円 and its parts */
  sekisan_total: num.nullable(),
  sekisan_land: num.nullable(),
  sekisan_building: num.nullable(),
  sekisan_land_basis: text.nullable(),
  sekisan_building_basis: text.nullable(),
  road_price_year: int.nullable(),
  /** 積算比 % */
  sekisan_ratio: num.nullable(),
  /** 土地値割合 % */
  land_value_share: num.nullable(),
  /** 万円/㎡ */
  price_per_sqm: num.nullable(),
  leasehold: z.boolean(),
  /** 空室率（賃料）% */
  vacancy_by_income: num.nullable(),
});

export const similarMediansSchema = z.object({
  n: int,
  scope: z.enum(["city", "area"]),
  scope_label: text,
  yield_median: num.nullable(),
  net_yield_median: num.nullable(),
  price_per_sqm_median: num.nullable(),
});

export const dealCheckSchema = z.object({
  rows: z.array(dealRowSchema),
  medians: similarMediansSchema.nullable(),
  note: text,
});

export const rentRollRowSchema = z.object({
  room: text,
  layout: text.nullable(),
  area: num.nullable(),
  rent: num.nullable(),
  common_fee: num.nullable(),
  deposit: num.nullable(),
  status: z.enum(["occupied", "vacant", "advertising"]),
  lease_start: text.nullable(),
});

/** The rent roll: totals for everyone who may see the listing, rows for members only. */
export const rentRollSummarySchema = z.object({
  units: int,
  vacant_units: int,
  /** 現況年収 円/年 (入居中の賃料・共益費 × 12); null when a row lacks its rent */
  current_income: num.nullable(),
  /** null for a visitor (members-only) */
  rows: z.array(rentRollRowSchema).nullable(),
});

export const repairRecordSchema = z.object({ year_month: text, description: text, cost: num.nullable() });

export const repairHistorySummarySchema = z.object({
  count: int,
  /** 費用の合計 円 (rows with a cost) */
  total_cost: num.nullable(),
  /** null for a visitor (members-only) */
  rows: z.array(repairRecordSchema).nullable(),
});

/** What a listing's detail carries about its numbers. */
export const listingEconomicsSchema = z.object({
  figures: economicsFiguresSchema,
  deal_check: dealCheckSchema,
  rent_roll: rentRollSummarySchema.nullable(),
  repair_history: repairHistorySummarySchema.nullable(),
});

const optNum = num.nullable().optional();
/**
 * The simulator island's props (src/lib/simulator.ts ListingForSim): the model's stored inputs of a listing,
 * without rent-roll or 修繕履歴 rows. The detail page's procedure carries it; the REST body does not.
 */
export const simulatorListingSchema = z.object({
  type_cd: int,
  price: optNum,
  income: z.object({ year: optNum, month: optNum }).nullable().optional(),
  yield: optNum,
  structure_cd: optNum,
  structure_other: text.nullable().optional(),
  built: z.object({ year: optNum, month: optNum }).nullable().optional(),
  land_size: optNum,
  land_type: optNum,
  building_size: optNum,
  occupied_size: optNum,
  service_charge: optNum,
  maintenance_fee: optNum,
  land_rights: z.object({ type: optNum, fee: optNum }).nullable().optional(),
  vacancy_cd: optNum,
  road_price: optNum,
  road_price_year: optNum,
  leasehold_ratio: optNum,
  assessed_land_value: optNum,
  assessed_building_value: optNum,
  property_tax: optNum,
  replacement_cost_per_sqm: optNum,
  steel_thickness_mm: optNum,
  rebuild_not_allowed: z.boolean().nullable().optional(),
  nonconforming: z.boolean().nullable().optional(),
});

export type EconomicsFigures = z.infer<typeof economicsFiguresSchema>;
export type DealCheckDto = z.infer<typeof dealCheckSchema>;
export type DealChip = z.infer<typeof dealChipSchema>;
export type RentRollSummary = z.infer<typeof rentRollSummarySchema>;
export type RepairHistorySummary = z.infer<typeof repairHistorySummarySchema>;
export type ListingEconomicsDto = z.infer<typeof listingEconomicsSchema>;
