/**
 * 投資判断の数字 (issue 35): the ONE place a listing's investment figures are
 * computed: income, 表面・実質利回り, operating costs, NOI, useful lives,
 * 積算価格, the loan-term guide, cash flow under a loan, and the deal check.
 * Every surface (card, table, detail summary, simulator, compare, bookmarks,
 * REST, mail, 相場) reads these functions so one listing shows one set of
 * numbers. Pure and isomorphic (no server imports, no I/O, no Date.now unless
 * `now` is omitted): client islands import it too.
 *
 * Units: amounts in yen (円) unless a name says 万円; areas in ㎡; rates and
 * yields in percent (3.5 = 3.5 %). The listing's `price` is stored in 万円 and
 * converted here (× YEN_PER_MAN). Yields and ratios are truncated toward zero
 * to 2 decimals like every yield on the site (spec §9, src/lib/yield.ts).
 *
 * Missing or bad input gives null (shown "—"), never a guess: no 積算 without
 * 路線価, no NOI for a 借地 without its 地代, and so on. Every formula and
 * default is documented with its source at its definition, and in README
 * "投資判断の数字 (economics)".
 */
import { jstYearMonth } from "@/lib/jst-date";
import { STRUCTURES, STRUCTURE_OTHER_ID } from "@/lib/constants/listing-kinds";
import { withCommas } from "@/lib/price";
import { percentage } from "@/lib/yield";
import { NET_YIELD_FORMULA, NET_YIELD_NOTE, YIELD_LABELS, YIELD_TERMS, yieldFootnote } from "@/lib/yield-wording";

export const YEN_PER_MAN = 10_000;
/** 1 坪 = 400/121 ㎡ (the same constant as src/lib/constants/investment.ts, kept here so client islands do not ship every code table). */
export const SQM_PER_TSUBO = 400 / 121;

/* ================================================================ inputs */

/** A building's completion year and month (the stored `built` group; src/lib/age.ts formats it). */
export interface Built {
  year: number | null | undefined;
  month?: number | null | undefined;
}

/** 空室状況 of one unit in the rent roll (レントロール). */
export type UnitStatus = "occupied" | "vacant" | "advertising";
export const UNIT_STATUS_LABELS: Record<UnitStatus, string> = { occupied: "入居中", vacant: "空室", advertising: "募集中" };

/** One row of the rent roll. For a vacant unit `rent` is the assumed (募集) rent. */
export interface RentRollRow {
  /** 号室 */
  room: string;
  /** 間取り */
  layout?: string | null;
  /** 面積 ㎡ */
  area?: number | null;
  /** 賃料 円/月 */
  rent: number | null;
  /** 共益費 円/月 */
  commonFee?: number | null;
  /** 敷金 円 */
  deposit?: number | null;
  status: UnitStatus;
  /** 契約開始 'YYYY-MM' or 'YYYY-MM-DD' */
  leaseStart?: string | null;
}

/** One row of the 修繕履歴 (carried for display; no formula uses it yet). */
export interface RepairRecord {
  /** 年月 'YYYY-MM' */
  yearMonth: string;
  /** 内容 */
  description: string;
  /** 費用 円 */
  cost?: number | null;
}

/**
 * A listing's stored inputs, under the stored column names (src/server/db/schema/investments.ts),
 * plus the issue-35 inputs that are not stored yet (all optional).
 */
export interface EconomicsInput {
  type_cd: number;
  /** 価格 万円 */
  price: number | null | undefined;
  /** 想定年収 / 月収 円 (year wins; else 12 × month). */
  income?: { year?: number | null; month?: number | null } | null;
  /** The stored 表面利回り %: used for the income only when no income is stored (it was typed from one). */
  yield?: number | null;
  structure_cd?: number | null;
  structure_other?: string | null;
  built?: Built | null;
  /** 土地面積 in the unit of land_type (1 ㎡, 2 坪) */
  land_size?: number | null;
  land_type?: number | null;
  /** 延床面積 ㎡ */
  building_size?: number | null;
  /** 専有面積 ㎡ (区分) */
  occupied_size?: number | null;
  /** 管理費 円/月 (区分) */
  service_charge?: number | null;
  /** 修繕積立金 円/月 (区分) */
  maintenance_fee?: number | null;
  /** 土地権利 (LAND_RIGHTS: 1 所有権, 2 借地権, 3 定期借地権, 4 その他) and 地代 円/月. */
  land_rights?: { type?: number | null; fee?: number | null } | null;
  /** 現況 (VACANCIES: 1 満室, 2 空室あり, 3 空室, 4 その他) */
  vacancy_cd?: number | null;

  // ── issue 35, not stored yet ──
  /** 路線価 円/㎡ (相続税路線価 of the front road) */
  road_price?: number | null;
  /** The 路線価's year (shown with it: 路線価 are published each July for that year). */
  road_price_year?: number | null;
  /** 借地権割合 % (the letter on the 路線価図: A 90 … G 30) */
  leasehold_ratio?: number | null;
  /** 固定資産税評価額 円 (carried for display; the 固都税 formula uses `property_tax`) */
  assessed_land_value?: number | null;
  assessed_building_value?: number | null;
  /** 固定資産税・都市計画税 年額 円, when known (replaces the default rate) */
  property_tax?: number | null;
  /** 再調達単価 円/㎡, overriding REPLACEMENT_COST_PER_SQM */
  replacement_cost_per_sqm?: number | null;
  /** 鉄骨の肉厚 mm, when known: picks the 耐用年数 bracket (≤3, 3–4, >4 mm) */
  steel_thickness_mm?: number | null;
  rent_roll?: readonly RentRollRow[] | null;
  repair_history?: readonly RepairRecord[] | null;
  /** 再建築不可 / 既存不適格, where stored (null: not stated) */
  rebuild_not_allowed?: boolean | null;
  nonconforming?: boolean | null;
  /**
   * Inside a flood zone of 0.5 m or more or a 土砂災害警戒区域 by the listing's hazard flags (issue 34,
   * src/lib/hazard.ts isHazardOut, staff overrides winning). false means "not found in those zones",
   * never "safe", so only true makes a deal-check row.
   */
  hazard_out?: boolean | null;
}

/* ================================================================ helpers */

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const positive = (v: unknown): v is number => finite(v) && v > 0;
const nonNegative = (v: unknown): v is number => finite(v) && v >= 0;

/** The price in yen; null unless a positive 万円 figure. */
export function priceYen(input: Pick<EconomicsInput, "price">): number | null {
  return positive(input.price) ? input.price * YEN_PER_MAN : null;
}

/** a ÷ b × 100, truncated toward zero to 2 decimals (the site's yield rule); null when either is unknown or b ≤ 0. */
export function ratioPct(a: number | null | undefined, b: number | null | undefined): number | null {
  if (!finite(a) || !positive(b)) return null;
  return percentage(a, b);
}

/* ================================================================ income */

export type IncomeBasis = "listing_year" | "listing_month" | "listing_yield" | "rent_roll" | "full_occupancy";

export interface Income {
  /** 円/年 */
  amount: number;
  basis: IncomeBasis;
  /** How it was obtained, in Japanese, for the figure's caption. */
  note: string;
}

const rowMonthly = (r: RentRollRow): number | null => (nonNegative(r.rent) ? r.rent + (nonNegative(r.commonFee) ? r.commonFee : 0) : null);

/**
 * 満室想定年収: the listing's stated annual income, else 12 × its monthly
 * income, else price × the stated 表面利回り (staff typed the yield from an
 * income they did not store), else 12 × the rent roll's rents + 共益費 over
 * every unit (a vacant unit at its 募集 rent). The listing's own figure wins
 * over the rent roll so the 表面利回り here is the one the cards show.
 */
export function fullIncome(input: EconomicsInput): Income | null {
  const year = input.income?.year;
  if (positive(year)) return { amount: year, basis: "listing_year", note: "掲載の想定年収" };
  const month = input.income?.month;
  if (positive(month)) return { amount: month * 12, basis: "listing_month", note: "掲載の想定月収×12" };
  const price = priceYen(input);
  if (price !== null && positive(input.yield)) {
    return { amount: Math.round((price * input.yield) / 100), basis: "listing_yield", note: "価格×掲載の表面利回り" };
  }
  const roll = input.rent_roll ?? [];
  if (roll.length > 0) {
    const monthly = roll.map(rowMonthly);
    if (monthly.every((m) => m !== null)) {
      const sum = (monthly as number[]).reduce((a, b) => a + b, 0);
      if (sum > 0) return { amount: sum * 12, basis: "rent_roll", note: "レントロールの全戸の賃料・共益費×12" };
    }
  }
  return null;
}

/**
 * 現況年収: 12 × the rents + 共益費 of the units the rent roll marks 入居中;
 * without a rent roll, the 満室想定年収 when the listing's 現況 is 満室;
 * otherwise unknown (null). A 入居中 row without its rent makes it unknown.
 */
export function currentIncome(input: EconomicsInput): Income | null {
  const roll = input.rent_roll ?? [];
  if (roll.length > 0) {
    let sum = 0;
    for (const r of roll) {
      if (r.status !== "occupied") continue;
      const m = rowMonthly(r);
      if (m === null) return null;
      sum += m;
    }
    return { amount: sum * 12, basis: "rent_roll", note: "レントロールの入居中の賃料・共益費×12" };
  }
  if (input.vacancy_cd === VACANCY_FULL) {
    const full = fullIncome(input);
    return full ? { amount: full.amount, basis: "full_occupancy", note: "現況満室のため満室想定年収と同額" } : null;
  }
  return null;
}

/** VACANCIES 1 = 満室. */
const VACANCY_FULL = 1;

export interface RentRollVacancy {
  units: number;
  vacantUnits: number;
  /** 空室率（戸数）% */
  byUnits: number | null;
  /** 空室率（賃料）% = 1 − 入居中の賃料 ÷ 全戸の賃料 */
  byRent: number | null;
}

/** 空室率 from the rent roll, by units and by rent (募集中 counts as vacant); null without a rent roll. */
export function rentRollVacancy(rows: readonly RentRollRow[] | null | undefined): RentRollVacancy | null {
  if (!rows || rows.length === 0) return null;
  const vacantUnits = rows.filter((r) => r.status !== "occupied").length;
  const monthly = rows.map(rowMonthly);
  const known = monthly.every((m) => m !== null);
  const total = known ? (monthly as number[]).reduce((a, b) => a + b, 0) : 0;
  const vacantRent = known ? rows.reduce((s, r, i) => s + (r.status === "occupied" ? 0 : (monthly[i] as number)), 0) : 0;
  return { units: rows.length, vacantUnits, byUnits: ratioPct(vacantUnits, rows.length), byRent: known ? ratioPct(vacantRent, total) : null };
}

/**
 * 表面利回り = 年収 ÷ 価格 (YIELD_TERMS.gross / .current), truncated to 2
 * decimals. Pass fullIncome for 表面利回り (満室想定), currentIncome for 現況利回り.
 */
export function grossYield(income: Income | number | null | undefined, input: Pick<EconomicsInput, "price">): number | null {
  const amount = typeof income === "number" ? income : (income?.amount ?? null);
  return ratioPct(amount, priceYen(input));
}

/* ======================================================= operating costs */

/** Default cost rates where the listing states no figure (house assumptions, see DEFAULT_RATES). */
export interface CostRates {
  /** 管理委託費 (賃貸管理): % of the collected rent (満室想定年収 × (1 − 空室率)). */
  management: number;
  /** 修繕費: % of 満室想定年収. For 区分 the unit's own repairs (原状回復・設備); the building's are in 修繕積立金. */
  repairs: number;
  /** 固定資産税・都市計画税: % of the price per year, when `property_tax` is not entered. */
  taxes: number;
  /** 火災・地震保険: % of the price per year. */
  insurance: number;
}

/**
 * Default rates per type_cd: house assumptions, the simulator's current defaults
 * (src/lib/simulator.ts EXPENSE_DEFAULTS), with one change: 区分 no
 * longer folds the building's 管理費・修繕積立金 into a 20 % "management" rate,
 * because the listing's own 管理費・修繕積立金 now count as themselves; its
 * 管理委託 is the usual 5 % and its 修繕 3 % covers the unit only.
 * 管理委託 5 %: the usual 賃貸管理 fee (3–5 % of rent, 5 % taken to err high).
 * 固都税 0.6–1.0 % of the price: 固定資産税 1.4 % + 都市計画税 0.3 % of an 評価額
 * that is typically about half the asking price (less for 住宅用地 under the 特例).
 */
export const DEFAULT_RATES: Readonly<Record<number, CostRates>> = {
  1: { management: 5, repairs: 5, taxes: 0.8, insurance: 0.1 }, // 一棟マンション
  2: { management: 5, repairs: 6, taxes: 0.7, insurance: 0.15 }, // 一棟アパート
  3: { management: 6, repairs: 7, taxes: 1.0, insurance: 0.1 }, // ビル
  4: { management: 5, repairs: 8, taxes: 0.6, insurance: 0.15 }, // 戸建
  5: { management: 0, repairs: 0, taxes: 1.0, insurance: 0 }, // 土地
  6: { management: 5, repairs: 3, taxes: 0.5, insurance: 0.05 }, // 区分マンション (管理費・修繕積立金は掲載値)
};
export const DEFAULT_RATES_FALLBACK: CostRates = { management: 5, repairs: 6, taxes: 0.8, insurance: 0.1 };

export function defaultRates(type_cd: number | null | undefined): CostRates {
  return (finite(type_cd) ? DEFAULT_RATES[type_cd] : undefined) ?? DEFAULT_RATES_FALLBACK;
}

/** 空室率 the summary assumes: none, so 実質利回り is on the same 満室想定 basis as 表面利回り (the portals' convention). */
export const DEFAULT_VACANCY_PCT = 0;

export type CostKey = "ground_rent" | "service_charge" | "maintenance_fee" | "management" | "repairs" | "taxes" | "insurance";

export const COST_LABELS: Record<CostKey, string> = {
  ground_rent: "地代",
  service_charge: "管理費",
  maintenance_fee: "修繕積立金",
  management: "管理委託費",
  repairs: "修繕費",
  taxes: "固定資産税・都市計画税",
  insurance: "火災・地震保険料",
};

export interface CostItem {
  key: CostKey;
  label: string;
  /** 円/年 */
  amount: number;
  /** "listing": the listing's own figure; "default": a stated default rate. */
  source: "listing" | "default";
  /** e.g. "掲載の地代 130,000円/月×12" or "既定率 満室想定年収の5%" */
  basis: string;
  /** The default rate applied (source "default"). */
  ratePct?: number;
}

export interface OperatingCosts {
  items: CostItem[];
  /** 円/年; null when a cost the listing must state is missing (see `missing`). */
  total: number | null;
  /** Why total is null, in Japanese (e.g. "借地権の地代が未入力"). */
  missing: string[];
}

export interface EconomicsOptions {
  /** Overrides of the default rates (the simulator's fields). */
  rates?: Partial<CostRates>;
  /** 空室率 % applied to 満室想定年収 (DEFAULT_VACANCY_PCT when omitted). */
  vacancyPct?: number;
  now?: Date;
  /** 'office' uses the 事務所用 lives of the 耐用年数表; default 'residential' (住宅用). */
  use?: BuildingUse;
}

/** 130000 → "130,000円" (the site's comma rule, identical on server and client). */
const yen = (n: number) => `${n < 0 ? "-" : ""}${withCommas(String(Math.round(Math.abs(n))))}円`;
/** 借地権 (2) and 定期借地権 (3). */
export const LEASEHOLD_RIGHTS: readonly number[] = [2, 3];
export const isLeasehold = (input: Pick<EconomicsInput, "land_rights">) => LEASEHOLD_RIGHTS.includes(input.land_rights?.type ?? -1);
const TYPE_UNIT = 6;
const TYPE_LAND = 5;

/**
 * 運営経費, itemised with its basis. The listing's own figures first: 地代
 * (land_rights.fee × 12), 管理費 and 修繕積立金 (× 12), 固都税 (property_tax)
 * when entered; the rest at the stated default rates (DEFAULT_RATES, or the
 * caller's overrides): 管理委託 on the collected rent, 修繕 on 満室想定年収,
 * 固都税 and 保険 on the price.
 * The total is null, not a guess, when a cost the listing must state is
 * missing: a 借地 without its 地代, a 区分 without 管理費 and 修繕積立金, or no
 * income / price to apply the rates to.
 */
export function operatingCosts(input: EconomicsInput, opts: EconomicsOptions = {}): OperatingCosts {
  const rates: CostRates = { ...defaultRates(input.type_cd), ...pickFinite(opts.rates) };
  const items: CostItem[] = [];
  const missing: string[] = [];
  const listing = (key: CostKey, monthly: number | null | undefined, what: string) => {
    if (positive(monthly)) items.push({ key, label: COST_LABELS[key], amount: monthly * 12, source: "listing", basis: `掲載の${what} ${yen(monthly)}/月×12` });
  };
  listing("ground_rent", input.land_rights?.fee, "地代");
  if (isLeasehold(input) && !positive(input.land_rights?.fee)) missing.push("借地権の地代が未入力");
  listing("service_charge", input.service_charge, "管理費");
  listing("maintenance_fee", input.maintenance_fee, "修繕積立金");
  if (input.type_cd === TYPE_UNIT && !positive(input.service_charge) && !positive(input.maintenance_fee))
    missing.push("区分マンションの管理費・修繕積立金が未入力");

  const full = fullIncome(input);
  const price = priceYen(input);
  const vacancy = clampPct(opts.vacancyPct ?? DEFAULT_VACANCY_PCT);
  if (full === null) missing.push("想定年収が未入力");
  if (price === null) missing.push("価格が未入力");
  const rate = (key: CostKey, pct: number, base: number | null, baseLabel: string) => {
    if (base === null || pct <= 0) return;
    items.push({ key, label: COST_LABELS[key], amount: (base * pct) / 100, source: "default", basis: `既定率 ${baseLabel}の${pct}%`, ratePct: pct });
  };
  const collected = full === null ? null : full.amount * (1 - vacancy / 100);
  rate("management", rates.management, collected, vacancy > 0 ? `実効収入（空室率${vacancy}%控除後）` : "満室想定年収");
  rate("repairs", rates.repairs, full?.amount ?? null, "満室想定年収");
  if (nonNegative(input.property_tax) && input.property_tax > 0) {
    items.push({ key: "taxes", label: COST_LABELS.taxes, amount: input.property_tax, source: "listing", basis: `入力された年額 ${yen(input.property_tax)}` });
  } else {
    rate("taxes", rates.taxes, price, "価格");
  }
  rate("insurance", rates.insurance, price, "価格");
  const total = missing.length > 0 ? null : items.reduce((s, i) => s + i.amount, 0);
  return { items, total, missing };
}

function pickFinite(r: Partial<CostRates> | undefined): Partial<CostRates> {
  const out: Partial<CostRates> = {};
  for (const [k, v] of Object.entries(r ?? {})) if (nonNegative(v)) out[k as keyof CostRates] = v;
  return out;
}
const clampPct = (v: number) => (finite(v) ? Math.min(100, Math.max(0, v)) : 0);

/* ============================================================ NOI, 実質利回り */

export interface Noi {
  /** 満室想定年収 円/年 */
  grossIncome: number;
  /** 実効収入 = 満室想定年収 × (1 − 空室率) */
  effectiveIncome: number;
  vacancyPct: number;
  /** 運営経費 円/年 */
  costs: number;
  /** NOI 円/年 (negative when the costs exceed the income) */
  noi: number;
}

/**
 * NOI (営業純利益) = 満室想定年収 × (1 − 空室率) − 運営経費. Null when the
 * income or any required cost is unknown (operatingCosts().missing), so a plot
 * of land with no stated income has no NOI rather than a yield of −(taxes ÷ price).
 */
export function noi(input: EconomicsInput, opts: EconomicsOptions = {}): Noi | null {
  const costs = operatingCosts(input, opts);
  if (costs.total === null) return null;
  const full = fullIncome(input);
  const grossIncome = full?.amount ?? 0;
  const vacancyPct = clampPct(opts.vacancyPct ?? DEFAULT_VACANCY_PCT);
  const effectiveIncome = grossIncome * (1 - vacancyPct / 100);
  return { grossIncome, effectiveIncome, vacancyPct, costs: costs.total, noi: effectiveIncome - costs.total };
}

/**
 * The site's one 実質利回り: NOI ÷ 価格, truncated to 2 decimals. The price
 * alone is the denominator (as for 表面利回り), so the two differ only by the
 * costs and the figure does not hang on an assumed 購入諸費用; the simulator's
 * yield on price + 諸費用 is `CashFlow.totalCostYield`, labelled apart.
 */
export function netYield(input: EconomicsInput, opts: EconomicsOptions = {}): number | null {
  const n = noi(input, opts);
  return n === null ? null : ratioPct(n.noi, priceYen(input));
}

/** The formula and footnote of 実質利回り: worded once, in src/lib/yield-wording.ts (YIELD_TERMS.net). */
export { NET_YIELD_FORMULA, NET_YIELD_NOTE };
/**
 * The footnote under the figures a surface shows: yield-wording's footnote,
 * whose 実質 sentence is this model's (YIELD_TERMS.net.footnote = NET_YIELD_NOTE).
 */
export function economicsFootnote(kinds: readonly ("gross" | "current" | "net")[] = ["gross", "net"], opts: { vacant?: "listing" | "list" } = {}): string {
  return yieldFootnote(kinds, opts);
}

/** The labels and formulas the summary prints (表面・現況 from yield-wording, 実質 defined here). */
export const ECONOMICS_TERMS = {
  gross: { label: YIELD_LABELS.gross, formula: YIELD_TERMS.gross.formula },
  current: { label: YIELD_LABELS.current, formula: YIELD_TERMS.current.formula },
  net: { label: YIELD_LABELS.net, formula: NET_YIELD_FORMULA },
} as const;

/* ============================================================ useful lives */

export type BuildingUse = "residential" | "office";

/**
 * 法定耐用年数 (減価償却資産の耐用年数等に関する省令 別表第一「建物」; 国税庁
 * 「主な減価償却資産の耐用年数表」), 住宅用 / 事務所用:
 *   SRC・RC 47 / 50; れんが造・石造・ブロック造 38 / 41;
 *   金属造 (鉄骨) 骨格材の肉厚 4mm超 34 / 38, 3mm超4mm以下 27 / 30, 3mm以下 19 / 22;
 *   木造・合成樹脂造 22 / 24.
 * structure_cd (src/lib/constants/listing-kinds.ts): 1 SRC, 2 RC, 3 鉄骨 (重量, >4mm),
 * 4 軽量鉄骨 (3–4mm unless `steel_thickness_mm` says ≤3), 5 木造; 99 その他 whose
 * text names れんが・石・ブロック造 gets 38. Anything else: null.
 */
export function statutoryLife(
  structure: Pick<EconomicsInput, "structure_cd" | "structure_other" | "steel_thickness_mm">,
  use: BuildingUse = "residential",
): number | null {
  const office = use === "office";
  const t = structure.steel_thickness_mm;
  switch (structure.structure_cd) {
    case 1:
    case 2:
      return office ? 50 : 47;
    case 3:
    case 4: {
      const bracket = positive(t) ? (t > 4 ? "heavy" : t > 3 ? "light" : "thin") : structure.structure_cd === 3 ? "heavy" : "light";
      if (bracket === "heavy") return office ? 38 : 34;
      if (bracket === "light") return office ? 30 : 27;
      return office ? 22 : 19;
    }
    case 5:
      return office ? 24 : 22;
    case STRUCTURE_OTHER_ID:
      return /れんが|煉瓦|レンガ|石造|ブロック/.test(structure.structure_other ?? "") ? (office ? 41 : 38) : null;
    default:
      return null;
  }
}

/** The structure's name for captions (STRUCTURES, or the その他 text). */
function structureLabel(input: Pick<EconomicsInput, "structure_cd" | "structure_other">): string {
  if (input.structure_cd === STRUCTURE_OTHER_ID) return input.structure_other || "その他";
  return STRUCTURES.find((s) => s.id === input.structure_cd)?.name ?? "";
}

const validYear = (y: unknown): y is number => typeof y === "number" && Number.isInteger(y) && y > 0 && y <= 9999;
const validMonth = (m: unknown): m is number => typeof m === "number" && Number.isInteger(m) && m >= 1 && m <= 12;

/**
 * 経過月数 from the build month to the current month in Japan time; an unknown
 * build month counts as January (the older end, so lives err short); a
 * building not yet completed has 0. Null without a build year.
 */
export function elapsedMonths(built: Built | null | undefined, now: Date = new Date()): number | null {
  if (!built || !validYear(built.year)) return null;
  const month = validMonth(built.month) ? built.month : 1;
  const cur = jstYearMonth(now);
  return Math.max(0, cur.year * 12 + cur.month - (built.year * 12 + month));
}

/**
 * 残存耐用年数 = max(0, 法定耐用年数 − 経過年数), counted in months and
 * truncated to whole years: the figure banks cut loan terms to. (Not the
 * 簡便法 period, which is a tax depreciation period: simplifiedUsefulLife.)
 */
export function remainingLife(life: number | null, months: number | null): number | null {
  if (life === null || months === null) return null;
  return Math.max(0, Math.floor((life * 12 - months) / 12));
}

/**
 * 中古資産の耐用年数・簡便法 (国税庁 タックスアンサー No.5404; 耐用年数省令 第3条):
 *   法定耐用年数の一部を経過: (法定 − 経過) + 経過 × 20 %
 *   全部を経過:               法定 × 20 %
 *   1年未満の端数は切り捨て、2年に満たない場合は2年.
 * 経過 in months (as the tax rule counts it), the result in whole years.
 * This is a depreciation period for tax, labelled as such; never a loan term.
 */
export function simplifiedUsefulLife(life: number | null, months: number | null): number | null {
  if (life === null || months === null) return null;
  const lifeMonths = life * 12;
  // 全部経過: floor(法定 × 0.2). 一部経過: (L − e) + 0.2e = L − 0.8e months, i.e. (5L − 4e) / 5,
  // divided by 12 and floored in integers so whole years come out exactly.
  const years = months >= lifeMonths ? Math.floor((life * 2) / 10) : Math.floor((5 * lifeMonths - 4 * months) / 60);
  return Math.max(2, years);
}

export interface UsefulLives {
  /** 法定耐用年数 */
  statutory: number;
  /** 経過年数 (whole years) and months */
  elapsedYears: number;
  elapsedMonths: number;
  /** 残存耐用年数 = max(0, 法定 − 経過) */
  remaining: number;
  /** 中古資産の耐用年数（簡便法） */
  simplified: number;
  /** e.g. "RC造（住宅用）の法定耐用年数47年−経過11年" */
  basis: string;
}

/** All the lives of a listing's building; null without a known structure and build year. */
export function usefulLives(input: EconomicsInput, opts: Pick<EconomicsOptions, "now" | "use"> = {}): UsefulLives | null {
  const use = opts.use ?? "residential";
  const life = statutoryLife(input, use);
  const months = elapsedMonths(input.built, opts.now);
  if (life === null || months === null) return null;
  const elapsedYears = Math.floor(months / 12);
  return {
    statutory: life,
    elapsedYears,
    elapsedMonths: months,
    remaining: remainingLife(life, months)!,
    simplified: simplifiedUsefulLife(life, months)!,
    basis: `${structureLabel(input)}（${use === "office" ? "事務所用" : "住宅用"}）の法定耐用年数${life}年−経過${elapsedYears}年${months % 12 ? `${months % 12}か月` : ""}`,
  };
}

/* ============================================================ loan term guide */

/** The usual longest bank loan term. */
export const MAX_LOAN_YEARS = 35;

export interface LoanTermGuide {
  /** min(35, 残存耐用年数); 0 when the legal life has run out */
  years: number;
  remaining: number;
  basis: string;
}

/**
 * 融資期間の目安 = min(35, 残存耐用年数): most banks lend no longer than the
 * remaining legal life, and 35 years at most. A reference, not a bank's offer
 * (some lend on an 経済的耐用年数 appraisal instead). Null when the lives are unknown.
 */
export function loanTermGuide(lives: UsefulLives | null): LoanTermGuide | null {
  if (lives === null) return null;
  const years = Math.min(MAX_LOAN_YEARS, lives.remaining);
  const basis =
    lives.remaining === 0
      ? `法定耐用年数${lives.statutory}年を経過しており、残存耐用年数による融資は難しい目安です。`
      : lives.remaining > MAX_LOAN_YEARS
        ? `残存耐用年数${lives.remaining}年（${lives.basis}）。融資期間は一般的な上限の${MAX_LOAN_YEARS}年まで。`
        : `残存耐用年数${lives.remaining}年（${lives.basis}）。多くの金融機関は残存耐用年数までを融資期間の上限とします。`;
  return { years, remaining: lives.remaining, basis };
}

/* ============================================================ 積算価格 */

/**
 * 再調達単価 円/㎡ by structure_cd: house assumptions for the 積算 (the
 * figures bank 積算 commonly uses for income property: RC・SRC 20万, 重量鉄骨
 * 18万, 軽量鉄骨 15万, 木造 15万). Overridable per listing (replacement_cost_per_sqm).
 * れんが造 and その他 have none: their 建物 積算 needs the override.
 */
export const REPLACEMENT_COST_PER_SQM: Readonly<Record<number, number>> = { 1: 200_000, 2: 200_000, 3: 180_000, 4: 150_000, 5: 150_000 };

export interface Sekisan {
  /** 土地 積算 円 = 路線価 × 地積 (× 借地権割合) */
  land: number;
  /** 建物 積算 円 = 再調達単価 × 延床 × 残存/法定 (0 for 土地) */
  building: number;
  total: number;
  landBasis: string;
  buildingBasis: string;
  /** The 路線価's year, to print with it. */
  roadPriceYear: number | null;
}

/** 地積 in ㎡ (坪 converted); null unless positive. */
export function landSqm(input: Pick<EconomicsInput, "land_size" | "land_type">): number | null {
  if (!positive(input.land_size)) return null;
  return input.land_type === 2 ? input.land_size * SQM_PER_TSUBO : input.land_size;
}

/**
 * 積算価格 (the banks' cost approach):
 *   土地 = 路線価 × 地積, × 借地権割合 for 借地権・定期借地権 (the lessee's
 *     interest; the lessor's 底地 would be × (1 − 借地権割合)). No 補正
 *     (奥行・側方路線) is applied: a reference figure.
 *   建物 = 再調達単価 × 延床面積 × 残存耐用年数 ÷ 法定耐用年数 (0 for 土地).
 * Null when a part is unknown: no 路線価 or 地積, a 借地 without 借地権割合,
 * a building without 延床 / structure / build year / 再調達単価, and any
 * 区分マンション (its share of the land, 敷地権割合, is not stored).
 */
export function sekisan(input: EconomicsInput, opts: Pick<EconomicsOptions, "now" | "use"> = {}): Sekisan | null {
  if (input.type_cd === TYPE_UNIT) return null;
  const sqm = landSqm(input);
  if (!positive(input.road_price) || sqm === null) return null;
  const leasehold = isLeasehold(input);
  if (leasehold && !(positive(input.leasehold_ratio) && input.leasehold_ratio <= 100)) return null;
  const ratio = leasehold ? input.leasehold_ratio! / 100 : 1;
  const land = input.road_price * sqm * ratio;
  const landBasis = `路線価${yen(input.road_price)}/㎡×地積${round2(sqm)}㎡${leasehold ? `×借地権割合${input.leasehold_ratio}%（底地は×(1−借地権割合)）` : ""}`;
  const roadPriceYear = validYear(input.road_price_year) ? input.road_price_year : null;
  if (input.type_cd === TYPE_LAND) return { land, building: 0, total: land, landBasis, buildingBasis: "土地のため建物なし", roadPriceYear };
  const lives = usefulLives(input, opts);
  const unit = positive(input.replacement_cost_per_sqm)
    ? input.replacement_cost_per_sqm
    : finite(input.structure_cd)
      ? REPLACEMENT_COST_PER_SQM[input.structure_cd]
      : undefined;
  if (lives === null || !positive(input.building_size) || !positive(unit)) return null;
  const building = (unit * input.building_size * lives.remaining) / lives.statutory;
  const buildingBasis = `再調達単価${yen(unit)}/㎡${positive(input.replacement_cost_per_sqm) ? "（入力値）" : "（既定値）"}×延床${round2(input.building_size)}㎡×残存${lives.remaining}年÷法定${lives.statutory}年`;
  return { land, building, total: land + building, landBasis, buildingBasis, roadPriceYear };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** 積算比 % = 積算価格 ÷ 価格. */
export function sekisanRatio(s: Sekisan | null, input: Pick<EconomicsInput, "price">): number | null {
  return s === null ? null : ratioPct(s.total, priceYen(input));
}

/** 土地値割合 % = 土地の積算価格 ÷ 価格 (how much of the price the land value covers). */
export function landValueShare(s: Sekisan | null, input: Pick<EconomicsInput, "price">): number | null {
  return s === null ? null : ratioPct(s.land, priceYen(input));
}

/* ============================================================ cash flow */

/**
 * Monthly payment of an annuity loan (元利均等返済):
 * P = L × r / (1 − (1 + r)^−n), r = 年利 / 12, n = months; 0 % → L / n; no loan → 0.
 */
export function annuityPayment(principal: number, annualRatePct: number, years: number): number {
  const n = Math.round(years * 12);
  if (!positive(principal) || n <= 0) return 0;
  const r = (finite(annualRatePct) ? annualRatePct : 0) / 100 / 12;
  if (r === 0) return principal / n;
  return (principal * r) / (1 - (1 + r) ** -n);
}

/** 購入時諸費用 % of the price (仲介手数料・登記・不動産取得税・印紙・融資手数料), the simulator's default. */
export const PURCHASE_COST_PCT_DEFAULT = 7;
/** 頭金 % of the price (9割融資), the simulator's default. */
export const DOWN_PAYMENT_PCT_DEFAULT = 10;
export const INTEREST_PCT_DEFAULT = 2.5;

export interface LoanTerms {
  /** 自己資金 円 (price + 諸費用 − loan); wins over downPaymentPct when given. */
  ownFunds?: number | null;
  /** 頭金 % of the price; the 諸費用 are paid in cash on top. */
  downPaymentPct?: number | null;
  /** 金利 % per year */
  interestPct: number;
  /** 融資期間 years */
  years: number;
  /** 購入時諸費用 % of the price */
  purchaseCostPct?: number | null;
}

export interface CashFlow {
  loan: number;
  purchaseCosts: number;
  ownFunds: number;
  monthlyPayment: number;
  /** 年間返済額 */
  annualDebtService: number;
  noi: number;
  /** NOI − 年間返済額 */
  annualCashFlow: number;
  monthlyCashFlow: number;
  /** DSCR = NOI ÷ 年間返済額; null without a loan */
  dscr: number | null;
  /** The summary's 実質利回り (NOI ÷ 価格), the same figure. */
  netYield: number | null;
  /** NOI ÷ (価格 + 購入諸費用): the simulator's 総投資利回り, labelled apart from 実質利回り. */
  totalCostYield: number | null;
  /** 自己資金利回り (CCR) = 年間CF ÷ 自己資金 */
  cashOnCash: number | null;
}

/**
 * Cash flow before tax under given loan terms, on the listing's real costs:
 *   借入額 = 価格 × (1 − 頭金%) (or 価格 + 諸費用 − 自己資金), never below 0 nor above 価格 + 諸費用;
 *   年間返済額 = 12 × annuityPayment; CF = NOI − 年間返済額; DSCR = NOI ÷ 年間返済額.
 * With the same `opts` as the summary (none), its NOI and netYield are the summary's.
 * Null when the NOI or price is unknown.
 */
export function cashFlow(input: EconomicsInput, terms: LoanTerms, opts: EconomicsOptions = {}): CashFlow | null {
  const n = noi(input, opts);
  return cashFlowFromNoi(priceYen(input), n?.noi ?? null, terms);
}

/** 借入額・購入諸費用・自己資金 under the terms (cashFlow's financing, also the simulator's opening loan). */
export function financing(priceYen: number, terms: LoanTerms): { loan: number; purchaseCosts: number; ownFunds: number } {
  const purchaseCosts = (priceYen * (nonNegative(terms.purchaseCostPct) ? terms.purchaseCostPct : PURCHASE_COST_PCT_DEFAULT)) / 100;
  const totalCost = priceYen + purchaseCosts;
  const rawLoan = nonNegative(terms.ownFunds)
    ? totalCost - terms.ownFunds
    : priceYen * (1 - clampPct(nonNegative(terms.downPaymentPct) ? terms.downPaymentPct : DOWN_PAYMENT_PCT_DEFAULT) / 100);
  const loan = Math.min(totalCost, Math.max(0, rawLoan));
  return { loan, purchaseCosts, ownFunds: totalCost - loan };
}

/**
 * cashFlow from a price (円) and an NOI (円/年) already computed by noi(): what a card has
 * (issue 33: the member's 月間CF on cards and the table), so the card's figure is cashFlow's.
 * Null when either is unknown (or the price is not positive).
 */
export function cashFlowFromNoi(priceYen: number | null | undefined, noiYen: number | null | undefined, terms: LoanTerms): CashFlow | null {
  if (!positive(priceYen) || !finite(noiYen)) return null;
  const { loan, purchaseCosts, ownFunds } = financing(priceYen, terms);
  const totalCost = priceYen + purchaseCosts;
  const years = finite(terms.years) ? Math.max(0, Math.round(terms.years)) : 0;
  const monthlyPayment = annuityPayment(loan, terms.interestPct, years);
  const annualDebtService = monthlyPayment * 12;
  const annualCashFlow = noiYen - annualDebtService;
  return {
    loan,
    purchaseCosts,
    ownFunds,
    monthlyPayment,
    annualDebtService,
    noi: noiYen,
    annualCashFlow,
    monthlyCashFlow: annualCashFlow / 12,
    dscr: annualDebtService > 0 ? noiYen / annualDebtService : null,
    netYield: ratioPct(noiYen, priceYen),
    totalCostYield: ratioPct(noiYen, totalCost),
    cashOnCash: ownFunds > 0 ? ratioPct(annualCashFlow, ownFunds) : null,
  };
}

/**
 * The member cash-flow sort (issue 33, `sr=cf_desc`) as a closed form the database evaluates over
 * every matching row, derived from cashFlow above (the one definition cards, simulator and mails print):
 *   借入額 L = 価格 × (1 − 頭金%)  or  max(0, 価格 × (1 + 諸費用%) − 自己資金)  (as cashFlow's);
 *   年間返済額 = 12 × annuityPayment(L) = 12 × f × L (the annuity is linear in L);
 *   年間CF = NOI − 年間返済額 = noi − debtPerYen × max(0, 価格 × loanPerPriceYen − loanOffsetYen),
 * the three constants fixed by the member's terms alone. investments.noi stores noi() with no options.
 */
export interface CashFlowSortKey {
  /** 年間返済額 per yen borrowed (12 × the monthly annuity factor). */
  debtPerYen: number;
  /** The loan per yen of price before the floor at 0. */
  loanPerPriceYen: number;
  /** Subtracted from 価格 × loanPerPriceYen (自己資金 円; 0 under 頭金 % terms). */
  loanOffsetYen: number;
}

export function cashFlowSortKey(terms: LoanTerms): CashFlowSortKey {
  const years = finite(terms.years) ? Math.max(0, Math.round(terms.years)) : 0;
  const debtPerYen = 12 * annuityPayment(1, terms.interestPct, years);
  const costs = nonNegative(terms.purchaseCostPct) ? terms.purchaseCostPct : PURCHASE_COST_PCT_DEFAULT;
  if (nonNegative(terms.ownFunds)) return { debtPerYen, loanPerPriceYen: 1 + costs / 100, loanOffsetYen: terms.ownFunds };
  const down = clampPct(nonNegative(terms.downPaymentPct) ? terms.downPaymentPct : DOWN_PAYMENT_PCT_DEFAULT);
  return { debtPerYen, loanPerPriceYen: 1 - down / 100, loanOffsetYen: 0 };
}

/** 年間CF by the closed form (what the SQL sort computes): equals cashFlow(…).annualCashFlow. */
export function annualCashFlowBySortKey(key: CashFlowSortKey, noiYen: number, priceYen: number): number {
  return noiYen - key.debtPerYen * Math.max(0, priceYen * key.loanPerPriceYen - key.loanOffsetYen);
}

/* ============================================================ the summary */

export interface ListingEconomics {
  price: number | null;
  fullIncome: Income | null;
  currentIncome: Income | null;
  /** 表面利回り（満室想定） % */
  grossYield: number | null;
  /** 現況利回り % */
  currentYield: number | null;
  vacancy: RentRollVacancy | null;
  /** 空室率（賃料）% = 1 − 現況年収 ÷ 満室想定年収; null when either is unknown */
  vacancyByIncome: number | null;
  costs: OperatingCosts;
  noi: Noi | null;
  /** 実質利回り % = NOI ÷ 価格 */
  netYield: number | null;
  netYieldFormula: string;
  lives: UsefulLives | null;
  loanTerm: LoanTermGuide | null;
  sekisan: Sekisan | null;
  /** 積算比 % */
  sekisanRatio: number | null;
  /** 土地値割合 % */
  landValueShare: number | null;
  /** 価格 万円/㎡ over the priced area (pricedSqm) */
  pricePerSqm: number | null;
  leasehold: boolean;
  /** The listing's own 地代・管理費・修繕積立金 ÷ 満室想定年収 % */
  fixedCostDrag: number | null;
  /** 再建築不可 / 既存不適格 as stored; null when not stated. */
  flags: { rebuildNotAllowed: boolean | null; nonconforming: boolean | null; hazardOut: boolean };
}

/**
 * The ㎡ the price buys (also the 相場 page's, src/server/investments/market.ts):
 * 専有面積 for 区分, the land for 土地 (坪 → ㎡), the 延床 otherwise.
 */
export function pricedSqm(input: Pick<EconomicsInput, "type_cd" | "building_size" | "occupied_size" | "land_size" | "land_type">): number | null {
  const size = input.type_cd === TYPE_UNIT ? input.occupied_size : input.type_cd === TYPE_LAND ? landSqm(input) : input.building_size;
  return positive(size) ? size : null;
}

/** Every figure of a listing in one call. With no `opts` these are the summary's figures. */
export function listingEconomics(input: EconomicsInput, opts: EconomicsOptions = {}): ListingEconomics {
  const price = priceYen(input);
  const full = fullIncome(input);
  const current = currentIncome(input);
  const costs = operatingCosts(input, opts);
  const n = noi(input, opts);
  const lives = usefulLives(input, opts);
  const s = sekisan(input, opts);
  const sqm = pricedSqm(input);
  const listingCosts = costs.items.filter((i) => i.source === "listing" && i.key !== "taxes").reduce((a, i) => a + i.amount, 0);
  return {
    price,
    fullIncome: full,
    currentIncome: current,
    grossYield: grossYield(full, input),
    currentYield: grossYield(current, input),
    vacancy: rentRollVacancy(input.rent_roll),
    vacancyByIncome: full && current ? ratioPct(full.amount - current.amount, full.amount) : null,
    costs,
    noi: n,
    netYield: n === null ? null : ratioPct(n.noi, price),
    netYieldFormula: NET_YIELD_FORMULA,
    lives,
    loanTerm: loanTermGuide(lives),
    sekisan: s,
    sekisanRatio: sekisanRatio(s, input),
    landValueShare: landValueShare(s, input),
    pricePerSqm: price !== null && sqm !== null ? price / YEN_PER_MAN / sqm : null,
    leasehold: isLeasehold(input),
    fixedCostDrag: full ? ratioPct(listingCosts, full.amount) : null,
    flags: {
      rebuildNotAllowed: typeof input.rebuild_not_allowed === "boolean" ? input.rebuild_not_allowed : null,
      nonconforming: typeof input.nonconforming === "boolean" ? input.nonconforming : null,
      hazardOut: input.hazard_out === true,
    },
  };
}

export {
  AGE_BANDS,
  DEAL_CHECK_NOTE,
  DEAL_THRESHOLDS,
  MEDIAN_MIN_N,
  SIMILAR_MIN_N,
  ageBand,
  dealCheck,
  medianOf,
  similarMedians,
} from "@/lib/economics/deal-check";
export type { DealCheckOptions, DealLevel, DealRow, SimilarCandidate, SimilarMedians, SimilarSubject } from "@/lib/economics/deal-check";
