/**
 * Cash-flow simulator maths (investor tools). Pure functions, no I/O, so the
 * simulator runs entirely in the browser and the figures are unit-tested
 * against hand-worked examples (tests/unit/simulator.test.ts).
 *
 * Units: every amount is in yen (listing prices are 万円 and are converted by
 * the caller with MAN = 10,000); rates are in percent (3.5 means 3.5 %).
 *
 * Model (before tax, the usual 簡易シミュレーション of the portals):
 *  GPI  満室想定年収 (gross potential income)
 *  EGI  = GPI × (1 − vacancy)                       実効収入
 *  OPEX = EGI × management + GPI × repairs + price × (taxes + insurance)
 *  NOI  = EGI − OPEX                                営業純利益
 *  ADS  = 12 × monthly annuity payment (元利均等)    年間返済額
 *  CF   = NOI − ADS                                 税引前キャッシュフロー
 *  実質利回り = NOI / (price + purchase costs)
 *  DSCR = NOI / ADS
 *  break-even occupancy = (fixed OPEX + ADS) / (GPI × (1 − management))
 *    (the management fee is charged on collected rent, so it scales with occupancy)
 */
import { isNewQuakeStandard, residualYears, usefulLife, type Built } from "@/lib/age";
import { LONG_RESIDUAL_YEARS, structureName } from "@/lib/constants/listing-kinds";
import { withCommas } from "@/lib/price";
import { percentage } from "@/lib/yield";

export const MAN = 10_000;
/** Years shown in the projection chart. */
export const PROJECTION_YEARS = 35;
/** The longest loan term offered by the simulator (the usual bank maximum). */
export const MAX_LOAN_YEARS = 35;
export const MIN_LOAN_YEARS = 1;

/* ------------------------------------------------------------ loan maths */

/**
 * Monthly payment of an annuity (元利均等返済) loan:
 * P = L × r / (1 − (1 + r)^−n), r = annual rate / 12, n = months.
 * A 0 % loan is repaid in equal parts (L / n). No loan → 0.
 */
export function monthlyPayment(principal: number, annualRatePct: number, years: number): number {
  const n = Math.round(years * 12);
  if (principal <= 0 || n <= 0) return 0;
  const r = annualRatePct / 100 / 12;
  if (r === 0) return principal / n;
  return (principal * r) / (1 - (1 + r) ** -n);
}

/**
 * Outstanding balance after `months` payments:
 * B_k = L(1 + r)^k − P((1 + r)^k − 1) / r  (or L − P·k at 0 %); never below 0.
 */
export function balanceAfter(principal: number, annualRatePct: number, years: number, months: number): number {
  const n = Math.round(years * 12);
  if (principal <= 0 || n <= 0) return 0;
  const k = Math.min(Math.max(0, Math.floor(months)), n);
  if (k === n) return 0;
  const p = monthlyPayment(principal, annualRatePct, years);
  const r = annualRatePct / 100 / 12;
  const b = r === 0 ? principal - p * k : principal * (1 + r) ** k - (p * ((1 + r) ** k - 1)) / r;
  return Math.max(0, b);
}

/* ------------------------------------------------------------- term cap */

export interface TermCap {
  /** Longest term the simulator computes: the usual bank maximum (35 years) for every building. */
  maxYears: number;
  /** Remaining legal useful life (簡便法), when the structure and build year are known. */
  residual: number | null;
  /**
   * The longest term most banks lend for this building: the remaining legal
   * life within [1, 35], or 35 when it is unknown. Not enforced: a longer term
   * is computed as typed and flagged by `termWarning` (other lenders, or an
   * 経済的耐用年数 appraisal, do lend longer).
   */
  bankYears: number;
  /** Why bankYears is what it is, shown next to the term field. */
  reason: string;
}

/**
 * Banks usually lend no longer than the remaining legal useful life (残存耐用年数),
 * and never longer than 35 years. Land, unknown structures or build years: 35 only.
 */
export function loanTermCap(structure_cd: number | null | undefined, built: Built | null | undefined, now: Date = new Date()): TermCap {
  const residual = residualYears(structure_cd, built, now);
  const cap = { maxYears: MAX_LOAN_YEARS, residual };
  if (residual === null) {
    return { ...cap, bankYears: MAX_LOAN_YEARS, reason: `構造・築年が不明なため、一般的な上限の${MAX_LOAN_YEARS}年としています。` };
  }
  const life = usefulLife(structure_cd);
  const name = structureName(structure_cd) ?? "";
  if (residual >= MAX_LOAN_YEARS) {
    return { ...cap, bankYears: MAX_LOAN_YEARS, reason: `残存耐用年数は${residual}年ですが、融資期間は一般的な上限の${MAX_LOAN_YEARS}年までとしています。` };
  }
  return {
    ...cap,
    bankYears: Math.max(MIN_LOAN_YEARS, residual),
    reason: `${name}の法定耐用年数${life ?? "—"}年から算出した残存耐用年数${residual}年が、多くの金融機関の融資期間の上限です。`,
  };
}

/** The term computed: a whole number of years within [1, 35] (what was typed, never the bank limit). */
export function clampTerm(years: number, cap: TermCap): number {
  if (!Number.isFinite(years)) return cap.maxYears;
  return Math.min(cap.maxYears, Math.max(MIN_LOAN_YEARS, Math.round(years)));
}

/**
 * Shortest term the simulator opens with. A building near the end of its legal
 * life would open at 1–5 years (a deeply negative cash flow nobody plans with);
 * such buildings are financed over an 経済的耐用年数 appraisal or by other
 * lenders, typically 15 years or more, so the simulator opens there and warns.
 */
export const DEFAULT_TERM_FLOOR = 15;

/** The term the simulator opens with: the bank limit, at least DEFAULT_TERM_FLOOR years. */
export function defaultTerm(cap: TermCap): number {
  return Math.min(cap.maxYears, Math.max(cap.bankYears, DEFAULT_TERM_FLOOR));
}

/**
 * What to tell the user about a typed term, or null when nothing is off:
 * outside [1, 35] it says which term is computed instead; beyond the bank
 * limit it says why a bank may shorten or refuse the loan. Never silent.
 */
export function termWarning(typed: number, cap: TermCap): string | null {
  const used = clampTerm(typed, cap);
  if (!Number.isFinite(typed) || typed > cap.maxYears) return `融資期間は最長${cap.maxYears}年です。${used}年で計算しています。`;
  if (typed < MIN_LOAN_YEARS) return `融資期間は${MIN_LOAN_YEARS}年以上で入力してください。${used}年で計算しています。`;
  if (used > cap.bankYears && cap.residual !== null) {
    return `融資期間${used}年は残存耐用年数${cap.residual}年を超えています。多くの金融機関は残存耐用年数までしか融資しないため、融資期間が${cap.bankYears}年に短くなるか、融資を受けにくい可能性があります（試算は入力どおり${used}年で計算しています）。`;
  }
  return null;
}

/* --------------------------------------------------------- expense defaults */

export interface ExpenseRates {
  /** 管理委託費: % of collected rent (EGI). */
  management: number;
  /** 修繕費 (区分は修繕積立金を含む): % of full-occupancy rent (GPI). */
  repairs: number;
  /** 固定資産税・都市計画税: % of the price per year. */
  taxes: number;
  /** 火災・地震保険: % of the price per year. */
  insurance: number;
}

/**
 * Sensible defaults per type (type_cd): 一棟 buildings pay a management company
 * about 5 % of rent; 区分 owners also pay the building's 管理費・修繕積立金,
 * hence the larger management and repair shares; 戸建 are usually let through
 * an agent and need more repairs per rent; ビル have more common areas.
 */
export const EXPENSE_DEFAULTS: Record<number, ExpenseRates> = {
  1: { management: 5, repairs: 5, taxes: 0.8, insurance: 0.1 }, // 一棟マンション
  2: { management: 5, repairs: 6, taxes: 0.7, insurance: 0.15 }, // 一棟アパート
  3: { management: 6, repairs: 7, taxes: 1.0, insurance: 0.1 }, // ビル
  4: { management: 5, repairs: 8, taxes: 0.6, insurance: 0.15 }, // 戸建
  5: { management: 0, repairs: 0, taxes: 1.0, insurance: 0 }, // 土地
  6: { management: 20, repairs: 5, taxes: 0.5, insurance: 0.05 }, // 区分マンション (管理費・修繕積立金込み)
};
export const EXPENSE_FALLBACK: ExpenseRates = { management: 5, repairs: 6, taxes: 0.8, insurance: 0.1 };

export function expenseDefaults(type_cd: number | null | undefined): ExpenseRates {
  return (type_cd !== null && type_cd !== undefined ? EXPENSE_DEFAULTS[type_cd] : undefined) ?? EXPENSE_FALLBACK;
}

/** 購入時諸費用 (仲介手数料・登記・取得税・印紙・融資手数料) as % of the price. */
export const PURCHASE_COST_DEFAULT = 7;
/** Default loan share of the price (フルローンは例外なので 9割). */
export const LOAN_RATIO_DEFAULT = 90;
export const INTEREST_DEFAULT = 2.5;
export const VACANCY_DEFAULT = 5;
/** 家賃下落率 per year in the projection. */
export const RENT_DECLINE_DEFAULT = 0.5;

/* --------------------------------------------------------------- scenario */

export interface SimInput {
  /** 物件価格 (yen) */
  price: number;
  /** 満室想定年収 (yen) */
  grossIncome: number;
  /** 借入額 (yen); own funds are price + purchase costs − loan. */
  loan: number;
  /** 金利 % per year */
  interest: number;
  /** 融資期間 years (within [1, 35], see clampTerm) */
  years: number;
  /** 空室率 % */
  vacancy: number;
  expenses: ExpenseRates;
  /** 購入時諸費用 % of the price */
  purchaseCosts: number;
  /** 家賃下落率 % per year (projection only; year 1 is the listing's rent) */
  rentDecline?: number;
}

export interface YearRow {
  year: number;
  /** NOI − debt service of that year (yen) */
  cashFlow: number;
  /** Loan balance at the end of that year (yen) */
  balance: number;
  noi: number;
  debtService: number;
  /** Running total of cash flow minus own funds (投資回収) */
  cumulative: number;
}

export interface SimResult {
  purchaseCosts: number;
  ownFunds: number;
  egi: number;
  opex: number;
  /** OPEX that does not scale with occupancy (repairs, taxes, insurance). */
  fixedOpex: number;
  noi: number;
  monthlyPayment: number;
  annualDebtService: number;
  annualCashFlow: number;
  monthlyCashFlow: number;
  /** 表面利回り % */
  grossYield: number | null;
  /** 実質利回り % */
  netYield: number | null;
  /** null without a loan */
  dscr: number | null;
  /** 損益分岐入居率 %; may exceed 100 (never breaks even) */
  breakEvenOccupancy: number | null;
  /** 自己資金利回り (CCR) % */
  cashOnCash: number | null;
  projection: YearRow[];
}

const pos = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);

/** NOI and its parts for a given year's gross income. */
export function operating(input: Pick<SimInput, "price" | "vacancy" | "expenses">, grossIncome: number) {
  const gpi = pos(grossIncome);
  const vacancy = Math.min(100, pos(input.vacancy));
  const egi = gpi * (1 - vacancy / 100);
  const e = input.expenses;
  const management = (egi * pos(e.management)) / 100;
  const fixedOpex = (gpi * pos(e.repairs)) / 100 + (pos(input.price) * (pos(e.taxes) + pos(e.insurance))) / 100;
  const opex = management + fixedOpex;
  return { egi, opex, fixedOpex, noi: egi - opex };
}

export function simulate(input: SimInput): SimResult {
  const price = pos(input.price);
  const gpi = pos(input.grossIncome);
  const loan = Math.min(pos(input.loan), price + (price * pos(input.purchaseCosts)) / 100);
  const years = Math.max(0, Math.round(input.years));
  const purchaseCosts = (price * pos(input.purchaseCosts)) / 100;
  const ownFunds = price + purchaseCosts - loan;
  const { egi, opex, fixedOpex, noi } = operating(input, gpi);
  const pay = monthlyPayment(loan, input.interest, years);
  const ads = pay * 12 * (years > 0 && loan > 0 ? 1 : 0);
  const annualCashFlow = noi - ads;
  const totalCost = price + purchaseCosts;
  const mgmtShare = 1 - Math.min(100, pos(input.expenses.management)) / 100;

  const decline = pos(input.rentDecline ?? 0) / 100;
  const projection: YearRow[] = [];
  let cumulative = -ownFunds;
  for (let y = 1; y <= PROJECTION_YEARS; y++) {
    const yearNoi = operating(input, gpi * (1 - decline) ** (y - 1)).noi;
    const paidMonths = Math.max(0, Math.min(12, years * 12 - (y - 1) * 12));
    const debtService = loan > 0 ? pay * paidMonths : 0;
    const cashFlow = yearNoi - debtService;
    cumulative += cashFlow;
    projection.push({ year: y, cashFlow, balance: balanceAfter(loan, input.interest, years, y * 12), noi: yearNoi, debtService, cumulative });
  }

  return {
    purchaseCosts,
    ownFunds,
    egi,
    opex,
    fixedOpex,
    noi,
    monthlyPayment: ads > 0 ? pay : 0,
    annualDebtService: ads,
    annualCashFlow,
    monthlyCashFlow: annualCashFlow / 12,
    // The listing's own rule (lib/yield: exact, truncated), so the simulator shows the site's figure.
    grossYield: price > 0 ? percentage(gpi, price) : null,
    netYield: totalCost > 0 ? (noi / totalCost) * 100 : null,
    dscr: ads > 0 ? noi / ads : null,
    breakEvenOccupancy: gpi > 0 && mgmtShare > 0 ? ((fixedOpex + ads) / (gpi * mgmtShare)) * 100 : null,
    cashOnCash: ownFunds > 0 ? (annualCashFlow / ownFunds) * 100 : null,
    projection,
  };
}

/* -------------------------------------------------------------- prefill */

export interface ListingForSim {
  type_cd: number;
  /** 万円 */
  price: number;
  income: { year?: number | null; month?: number | null } | null | undefined;
  /** 表面利回り % */
  yield: number | null;
  structure_cd: number | null;
  built: Built | null | undefined;
}

/**
 * 満室想定年収 in yen: the listing's annual income, else 12 × monthly, else
 * derived from the gross yield (price × yield); 0 when nothing is known.
 */
export function listingGrossIncome(l: Pick<ListingForSim, "price" | "income" | "yield">): number {
  const year = l.income?.year;
  if (typeof year === "number" && Number.isFinite(year) && year > 0) return year;
  const month = l.income?.month;
  if (typeof month === "number" && Number.isFinite(month) && month > 0) return month * 12;
  if (l.yield !== null && Number.isFinite(l.yield) && l.yield > 0) return Math.round((l.price * MAN * l.yield) / 100);
  return 0;
}

/** The simulator's starting scenario for a listing. */
export function defaultInput(l: ListingForSim, now: Date = new Date()): SimInput & { cap: TermCap } {
  const price = l.price * MAN;
  const cap = loanTermCap(l.structure_cd, l.built, now);
  return {
    price,
    grossIncome: listingGrossIncome(l),
    // Rounded to 10万円 as a bank would quote it.
    loan: Math.round((price * LOAN_RATIO_DEFAULT) / 100 / 100_000) * 100_000,
    interest: INTEREST_DEFAULT,
    years: defaultTerm(cap),
    vacancy: l.type_cd === 5 ? 0 : VACANCY_DEFAULT,
    expenses: { ...expenseDefaults(l.type_cd) },
    purchaseCosts: PURCHASE_COST_DEFAULT,
    rentDecline: RENT_DECLINE_DEFAULT,
    cap,
  };
}

/** The editable fields saved with a bookmark (bookmarks.scenario is Record<string, number>). */
export const SCENARIO_KEYS = ["loan", "interest", "years", "vacancy", "management", "repairs", "taxes", "insurance", "purchaseCosts", "rentDecline"] as const;
export type ScenarioKey = (typeof SCENARIO_KEYS)[number];
export type Scenario = Partial<Record<ScenarioKey, number>>;

export function toScenario(i: SimInput): Record<ScenarioKey, number> {
  return {
    loan: i.loan,
    interest: i.interest,
    years: i.years,
    vacancy: i.vacancy,
    management: i.expenses.management,
    repairs: i.expenses.repairs,
    taxes: i.expenses.taxes,
    insurance: i.expenses.insurance,
    purchaseCosts: i.purchaseCosts,
    rentDecline: i.rentDecline ?? 0,
  };
}

/** A saved scenario over the defaults; unknown or non-finite values are ignored, the term kept within [1, 35]. */
export function applyScenario(base: SimInput, cap: TermCap, saved: Record<string, unknown> | null | undefined): SimInput {
  if (!saved) return base;
  const num = (k: ScenarioKey, fallback: number) => {
    const v = saved[k];
    return typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : fallback;
  };
  return {
    ...base,
    loan: num("loan", base.loan),
    interest: num("interest", base.interest),
    years: clampTerm(num("years", base.years), cap),
    vacancy: num("vacancy", base.vacancy),
    expenses: {
      management: num("management", base.expenses.management),
      repairs: num("repairs", base.expenses.repairs),
      taxes: num("taxes", base.expenses.taxes),
      insurance: num("insurance", base.expenses.insurance),
    },
    purchaseCosts: num("purchaseCosts", base.purchaseCosts),
    rentDecline: num("rentDecline", base.rentDecline ?? 0),
  };
}

/* ------------------------------------------------------- screening flags */

export type ScreeningFlagKey = "new_quake" | "residual" | "full" | "cert" | "repair";

export interface ScreeningFlag {
  key: ScreeningFlagKey;
  label: string;
  /** The search filter (fs) that finds listings with the same flag, when there is one. */
  fs: number | null;
}

export interface ListingForFlags {
  new_quake: boolean;
  structure_cd: number | null;
  built: Built | null | undefined;
  is_full: boolean;
  has_cert: boolean;
  has_repair: boolean;
}

/**
 * Badges computed from the data, in the order investors screen by:
 * 新耐震 (built June 1981 or later; the stored flag or the build date),
 * 残存耐用年数 N年 (簡便法, when the structure and year are known),
 * 満室, 検査済証あり, 大規模修繕済.
 */
export function screeningFlags(l: ListingForFlags, now: Date = new Date()): ScreeningFlag[] {
  const out: ScreeningFlag[] = [];
  if (l.new_quake || isNewQuakeStandard(l.built?.year, l.built?.month)) out.push({ key: "new_quake", label: "新耐震", fs: 7 });
  const residual = residualYears(l.structure_cd, l.built, now);
  if (residual !== null) out.push({ key: "residual", label: `残存耐用年数 ${residual}年`, fs: residual >= LONG_RESIDUAL_YEARS ? 1 : null });
  if (l.is_full) out.push({ key: "full", label: "満室", fs: 5 });
  if (l.has_cert) out.push({ key: "cert", label: "検査済証あり", fs: 2 });
  if (l.has_repair) out.push({ key: "repair", label: "大規模修繕済", fs: 3 });
  return out;
}

/* ---------------------------------------------------------- formatting */

/** 1234567 → "123.5万円"; negative with a minus sign. */
export function manText(yen: number, digits = 1): string {
  if (!Number.isFinite(yen)) return "—";
  const v = Math.round((Math.abs(yen) / MAN) * 10 ** digits);
  const whole = withCommas(String(Math.floor(v / 10 ** digits)));
  const frac = digits > 0 ? `.${String(v % 10 ** digits).padStart(digits, "0")}` : "";
  return `${yen < 0 && v > 0 ? "-" : ""}${whole}${frac}万円`;
}

/**
 * A percentage truncated toward zero (spec §9: yields are truncated, never
 * rounded, so 9.6153… reads 9.61 % here as everywhere else on the site).
 * The tiny epsilon keeps a float like 9.6099999… from dropping to 9.60.
 */
export function pctText(v: number | null, digits = 2): string {
  if (v === null || !Number.isFinite(v)) return "—";
  const f = 10 ** digits;
  const t = Math.trunc(v * f + Math.sign(v) * 1e-7) / f;
  return `${(t === 0 ? 0 : t).toFixed(digits)}%`;
}
