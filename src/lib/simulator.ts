/**
 * Cash-flow simulator maths (investor tools). Pure functions, no I/O, so the
 * simulator runs entirely in the browser and the figures are unit-tested
 * against hand-worked examples (tests/unit/simulator.test.ts).
 *
 * Units: every amount is in yen (listing prices are 万円 and are converted by
 * the caller with MAN = 10,000); rates are in percent (3.5 means 3.5 %).
 *
 * The operating figures are the site's one model (src/lib/economics.ts): the
 * listing's own 地代・管理費・修繕積立金・固都税 as themselves, the rest at the
 * stated default rates, which the visitor may change here:
 *  NOI  = 満室想定年収 × (1 − 空室率) − 運営経費       (economics.noi)
 *  実質利回り = NOI ÷ 価格                            (economics.netYield: the summary's figure)
 *  総投資利回り = NOI ÷ (価格 + 購入諸費用)
 *  ADS  = 12 × monthly annuity payment (元利均等)     年間返済額
 *  CF   = NOI − ADS                                   税引前キャッシュフロー
 *  DSCR = NOI / ADS
 *  break-even occupancy = (costs that do not scale with occupancy + ADS) / (満室想定年収 × (1 − 管理委託率))
 *    (the 管理委託費 is charged on collected rent, so it scales with occupancy)
 * With its fields untouched (空室率 0 = DEFAULT_VACANCY_PCT, the default rates),
 * the simulator's NOI and 実質利回り are exactly the summary's.
 */
import { isNewQuakeStandard, type Built } from "@/lib/age";
import { LONG_RESIDUAL_YEARS } from "@/lib/constants/listing-kinds";
import {
  DEFAULT_VACANCY_PCT,
  annuityPayment,
  defaultRates,
  financing,
  PURCHASE_COST_PCT_DEFAULT,
  fullIncome,
  operatingCosts,
  ratioPct,
  usefulLives,
  type CostItem,
  type CostRates,
  type EconomicsInput,
  type LoanTerms,
} from "@/lib/economics";
import { formatMan } from "@/lib/man-yen";
import { percentage } from "@/lib/yield";

export const MAN = 10_000;
/** Years shown in the projection chart. */
export const PROJECTION_YEARS = 35;
/**
 * The longest loan term the simulator computes: a member's saved 融資条件 allow up to 50 years
 * (issue 33, src/schemas/loan-terms.ts), and the simulator opening with them must show the card's
 * figure, so it computes up to 50 and warns past the usual bank maximum (BANK_MAX_LOAN_YEARS).
 */
export const MAX_LOAN_YEARS = 50;
/** The usual bank maximum: a longer term is computed as typed, with a warning (termWarning). */
export const BANK_MAX_LOAN_YEARS = 35;
export const MIN_LOAN_YEARS = 1;

/* ------------------------------------------------------------ loan maths */

/** Monthly payment of an annuity (元利均等返済) loan: the model's annuityPayment (src/lib/economics.ts). */
export function monthlyPayment(principal: number, annualRatePct: number, years: number): number {
  return annuityPayment(principal, annualRatePct, years);
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
  /** Longest term the simulator computes (MAX_LOAN_YEARS, 50: a member's saved terms may go that far). */
  maxYears: number;
  /** 残存耐用年数 = max(0, 法定 − 経過) (src/lib/economics.ts), when the structure and build year are known. */
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
 * Banks usually lend no longer than the remaining legal useful life (残存耐用年数 = 法定 − 経過,
 * the model's usefulLives), and never longer than 35 years. Land, unknown structures or build years: 35 only.
 */
export function loanTermCap(
  listing: Pick<ListingForSim, "structure_cd" | "structure_other" | "built" | "steel_thickness_mm">,
  now: Date = new Date(),
): TermCap {
  const lives = usefulLives(modelInput({ type_cd: 0, ...listing }), { now });
  const residual = lives?.remaining ?? null;
  const cap = { maxYears: MAX_LOAN_YEARS, residual };
  if (lives === null || residual === null) {
    return { ...cap, bankYears: BANK_MAX_LOAN_YEARS, reason: `構造・築年が不明なため、一般的な上限の${BANK_MAX_LOAN_YEARS}年としています。` };
  }
  if (residual >= BANK_MAX_LOAN_YEARS) {
    return {
      ...cap,
      bankYears: BANK_MAX_LOAN_YEARS,
      reason: `残存耐用年数は${residual}年ですが、融資期間は一般的な上限の${BANK_MAX_LOAN_YEARS}年までとしています。`,
    };
  }
  return {
    ...cap,
    bankYears: Math.max(MIN_LOAN_YEARS, residual),
    reason: `${lives.basis}で残存耐用年数${residual}年。多くの金融機関はこれを融資期間の上限とします。`,
  };
}

/** The term computed: a whole number of years within [1, 50] (what was typed, never the bank limit). */
export function clampTerm(years: number, cap: TermCap): number {
  if (!Number.isFinite(years)) return Math.min(cap.maxYears, BANK_MAX_LOAN_YEARS);
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
 * outside [1, 50] it says which term is computed instead; beyond the bank
 * limit it says why a bank may shorten or refuse the loan. Never silent.
 */
export function termWarning(typed: number, cap: TermCap): string | null {
  const used = clampTerm(typed, cap);
  if (!Number.isFinite(typed)) return `融資期間を入力してください。${used}年で計算しています。`;
  if (typed > cap.maxYears) return `融資期間は最長${cap.maxYears}年です。${used}年で計算しています。`;
  if (typed < MIN_LOAN_YEARS) return `融資期間は${MIN_LOAN_YEARS}年以上で入力してください。${used}年で計算しています。`;
  if (used > cap.bankYears && cap.residual !== null && used > cap.residual) {
    return `融資期間${used}年は残存耐用年数${cap.residual}年を超えています。多くの金融機関は残存耐用年数までしか融資しないため、融資期間が${cap.bankYears}年に短くなるか、融資を受けにくい可能性があります（試算は入力どおり${used}年で計算しています）。`;
  }
  if (used > cap.bankYears) {
    return `融資期間${used}年は一般的な上限の${cap.bankYears}年を超えています。融資期間が${cap.bankYears}年に短くなるか、融資を受けにくい可能性があります（試算は入力どおり${used}年で計算しています）。`;
  }
  return null;
}

/* --------------------------------------------------------- defaults */

/** The rates the visitor may change: the model's default cost rates (src/lib/economics.ts DEFAULT_RATES). */
export type ExpenseRates = CostRates;

export function expenseDefaults(type_cd: number | null | undefined): ExpenseRates {
  return { ...defaultRates(type_cd) };
}

/** 購入時諸費用 (仲介手数料・登記・取得税・印紙・融資手数料) as % of the price. */
export const PURCHASE_COST_DEFAULT = 7;
/** Default loan share of the price (フルローンは例外なので 9割). */
export const LOAN_RATIO_DEFAULT = 90;
export const INTEREST_DEFAULT = 2.5;
/** The summary's 空室率 (0: 満室想定, the portals' convention), so the untouched simulator shows the summary's figures. */
export const VACANCY_DEFAULT = DEFAULT_VACANCY_PCT;
/** 家賃下落率 per year in the projection. */
export const RENT_DECLINE_DEFAULT = 0.5;

/* --------------------------------------------------------------- scenario */

/**
 * The listing as the simulator needs it: the model's stored inputs, without the
 * rent roll or 修繕履歴 (members-only rows never go into a client island's
 * props), its 満室想定年収 resolved on the server (`income.year`).
 */
export type ListingForSim = Omit<EconomicsInput, "rent_roll" | "repair_history" | "price" | "built"> & {
  price?: number | null;
  built?: { year?: number | null; month?: number | null } | null;
};

/** A listing's inputs for the simulator island: rows dropped, the 満室想定年収 kept as the amount. */
export function listingForSim(input: EconomicsInput): ListingForSim {
  const { rent_roll: _r, repair_history: _h, ...rest } = input;
  const full = fullIncome(input);
  return { ...rest, income: full ? { year: full.amount } : null };
}

/** The model's input from the island's props. */
function modelInput(l: ListingForSim): EconomicsInput {
  return { ...l, price: l.price ?? null, built: l.built ? { year: l.built.year ?? null, month: l.built.month ?? null } : null };
}

export interface SimInput {
  /** The listing's own inputs (地代, 管理費, 修繕積立金, 固都税, structure…). */
  listing: ListingForSim;
  /** 物件価格 (yen) */
  price: number;
  /** 満室想定年収 (yen) */
  grossIncome: number;
  /** 借入額 (yen); own funds are price + purchase costs − loan. */
  loan: number;
  /** 金利 % per year */
  interest: number;
  /** 融資期間 years (within [1, 50], see clampTerm) */
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
  /** The cost items (the listing's own and those at the rates), 円/年. */
  costs: CostItem[];
  /** 運営経費 円/年; null when a cost the listing must state is missing (see `missing`). */
  opex: number | null;
  /** Why the operating figures are unknown (e.g. 借地権の地代が未入力). */
  missing: string[];
  /** Costs that do not scale with occupancy (all but the 管理委託費). */
  fixedOpex: number | null;
  noi: number | null;
  monthlyPayment: number;
  annualDebtService: number;
  annualCashFlow: number | null;
  monthlyCashFlow: number | null;
  /** 表面利回り % */
  grossYield: number | null;
  /** 実質利回り % = NOI ÷ 価格: the summary's definition */
  netYield: number | null;
  /** 総投資利回り % = NOI ÷ (価格 + 購入諸費用) */
  totalCostYield: number | null;
  /** null without a loan */
  dscr: number | null;
  /** 損益分岐入居率 %; may exceed 100 (never breaks even) */
  breakEvenOccupancy: number | null;
  /** 自己資金利回り (CCR) % */
  cashOnCash: number | null;
  projection: YearRow[];
}

const pos = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);

/** The model's input for a scenario: the listing with the scenario's price and 満室想定年収. */
function scenarioInput(input: Pick<SimInput, "listing" | "price">, grossIncome: number): EconomicsInput {
  return { ...modelInput(input.listing), price: pos(input.price) / MAN, income: { year: pos(grossIncome) }, yield: null };
}

/** NOI and its parts for a given year's gross income, on the model (economics.operatingCosts). */
export function operating(input: Pick<SimInput, "listing" | "price" | "vacancy" | "expenses">, grossIncome: number) {
  const gpi = pos(grossIncome);
  const vacancy = Math.min(100, pos(input.vacancy));
  const egi = gpi * (1 - vacancy / 100);
  const costs = operatingCosts(scenarioInput(input, gpi), { rates: input.expenses, vacancyPct: vacancy });
  const management = costs.items.find((i) => i.key === "management")?.amount ?? 0;
  const opex = costs.total;
  return {
    egi,
    costs: costs.items,
    missing: costs.missing,
    opex,
    fixedOpex: opex === null ? null : opex - management,
    noi: opex === null ? null : egi - opex,
  };
}

export function simulate(input: SimInput): SimResult {
  const price = pos(input.price);
  const gpi = pos(input.grossIncome);
  const loan = Math.min(pos(input.loan), price + (price * pos(input.purchaseCosts)) / 100);
  const years = Math.max(0, Math.round(input.years));
  const purchaseCosts = (price * pos(input.purchaseCosts)) / 100;
  const ownFunds = price + purchaseCosts - loan;
  const { egi, costs, missing, opex, fixedOpex, noi } = operating(input, gpi);
  const pay = monthlyPayment(loan, input.interest, years);
  const ads = pay * 12 * (years > 0 && loan > 0 ? 1 : 0);
  const annualCashFlow = noi === null ? null : noi - ads;
  const totalCost = price + purchaseCosts;
  const mgmtShare = 1 - Math.min(100, pos(input.expenses.management)) / 100;

  const decline = pos(input.rentDecline ?? 0) / 100;
  const projection: YearRow[] = [];
  if (noi !== null) {
    let cumulative = -ownFunds;
    for (let y = 1; y <= PROJECTION_YEARS; y++) {
      const yearNoi = y === 1 ? noi : (operating(input, gpi * (1 - decline) ** (y - 1)).noi ?? 0);
      const paidMonths = Math.max(0, Math.min(12, years * 12 - (y - 1) * 12));
      const debtService = loan > 0 ? pay * paidMonths : 0;
      const cashFlow = yearNoi - debtService;
      cumulative += cashFlow;
      projection.push({ year: y, cashFlow, balance: balanceAfter(loan, input.interest, years, y * 12), noi: yearNoi, debtService, cumulative });
    }
  }

  return {
    purchaseCosts,
    ownFunds,
    egi,
    costs,
    opex,
    missing,
    fixedOpex,
    noi,
    monthlyPayment: ads > 0 ? pay : 0,
    annualDebtService: ads,
    annualCashFlow,
    monthlyCashFlow: annualCashFlow === null ? null : annualCashFlow / 12,
    // The listing's own rules (exact, truncated), so the simulator shows the site's figures.
    grossYield: price > 0 ? percentage(gpi, price) : null,
    netYield: noi === null ? null : ratioPct(noi, price),
    totalCostYield: noi === null ? null : ratioPct(noi, totalCost),
    dscr: noi !== null && ads > 0 ? noi / ads : null,
    breakEvenOccupancy: fixedOpex !== null && gpi > 0 && mgmtShare > 0 ? ((fixedOpex + ads) / (gpi * mgmtShare)) * 100 : null,
    cashOnCash: annualCashFlow !== null && ownFunds > 0 ? (annualCashFlow / ownFunds) * 100 : null,
    projection,
  };
}

/* -------------------------------------------------------------- prefill */

/** 満室想定年収 in yen: the model's (economics.fullIncome); 0 when nothing is known. */
export function listingGrossIncome(l: Pick<EconomicsInput, "price" | "income" | "yield">): number {
  return fullIncome({ type_cd: 0, ...l })?.amount ?? 0;
}

/** The simulator's starting scenario for a listing: the summary's figures until the visitor changes a field. */
export function defaultInput(l: ListingForSim, now: Date = new Date()): SimInput & { cap: TermCap } {
  const price = pos(l.price ?? 0) * MAN;
  const cap = loanTermCap(l, now);
  return {
    listing: l,
    price,
    grossIncome: listingGrossIncome(modelInput(l)),
    // Rounded to 10万円 as a bank would quote it.
    loan: Math.round((price * LOAN_RATIO_DEFAULT) / 100 / 100_000) * 100_000,
    interest: INTEREST_DEFAULT,
    years: defaultTerm(cap),
    vacancy: VACANCY_DEFAULT,
    expenses: expenseDefaults(l.type_cd),
    purchaseCosts: PURCHASE_COST_DEFAULT,
    rentDecline: RENT_DECLINE_DEFAULT,
    cap,
  };
}

/**
 * The opening scenario under a member's saved loan terms (issue 33): the 借入額 (the model's
 * financing: 頭金 % or 自己資金), 金利, 期間 and 購入時諸費用 of economics.cashFlow, so the simulator
 * opens on the same 月間CF as the member's cards (cashFlowFromNoi on the listing's price and NOI).
 */
export function applyLoanTerms(base: SimInput, cap: TermCap, terms: LoanTerms | null | undefined): SimInput {
  if (!terms) return base;
  const f = financing(pos(base.price), terms);
  return {
    ...base,
    loan: f.loan,
    interest: Number.isFinite(terms.interestPct) ? Math.max(0, terms.interestPct) : base.interest,
    years: clampTerm(terms.years, cap),
    purchaseCosts: typeof terms.purchaseCostPct === "number" && terms.purchaseCostPct >= 0 ? terms.purchaseCostPct : PURCHASE_COST_PCT_DEFAULT,
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

/** A saved scenario over the defaults; unknown or non-finite values are ignored, the term kept within [1, 50]. */
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
  structure_other?: string | null;
  built: Built | null | undefined;
  is_full: boolean;
  has_cert: boolean;
  has_repair: boolean;
}

/**
 * Badges computed from the data, in the order investors screen by:
 * 新耐震 (built June 1981 or later; the stored flag or the build date),
 * 残存耐用年数 N年 (法定 − 経過, src/lib/economics.ts, when the structure and year are known),
 * 満室, 検査済証あり, 大規模修繕済.
 */
export function screeningFlags(l: ListingForFlags, now: Date = new Date()): ScreeningFlag[] {
  const out: ScreeningFlag[] = [];
  if (l.new_quake || isNewQuakeStandard(l.built?.year, l.built?.month)) out.push({ key: "new_quake", label: "新耐震", fs: 7 });
  const residual =
    usefulLives({ type_cd: 0, price: null, structure_cd: l.structure_cd, structure_other: l.structure_other, built: l.built }, { now })?.remaining ?? null;
  if (residual !== null) out.push({ key: "residual", label: `残存耐用年数 ${residual}年`, fs: residual >= LONG_RESIDUAL_YEARS ? 1 : null });
  if (l.is_full) out.push({ key: "full", label: "満室", fs: 5 });
  if (l.has_cert) out.push({ key: "cert", label: "検査済証あり", fs: 2 });
  if (l.has_repair) out.push({ key: "repair", label: "大規模修繕済", fs: 3 });
  return out;
}

/* ---------------------------------------------------------- formatting */

/** 1234567 → "123.5万円"; negative with a minus sign; null → "—". */
export function manText(yen: number | null, digits = 1): string {
  return formatMan(yen, { digits });
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
