import { describe, expect, it } from "vitest";
import {
  applyScenario,
  balanceAfter,
  clampTerm,
  defaultInput,
  expenseDefaults,
  listingGrossIncome,
  loanTermCap,
  manText,
  monthlyPayment,
  pctText,
  screeningFlags,
  simulate,
  termWarning,
  toScenario,
  type SimInput,
} from "@/lib/simulator";
import { DEFAULT_RATES } from "@/lib/economics";

/** 2026-11-21 noon in Japan. */
const NOW = new Date("2026-11-21T12:00:00+09:00");

describe("monthlyPayment (元利均等)", () => {
  it("a 0 % loan is repaid in equal parts", () => {
    // 12,000,000 / (10 × 12 = 120 months) = 100,000
    expect(monthlyPayment(12_000_000, 0, 10)).toBe(100_000);
  });

  it("10,000,000 at 12 % a year over 1 year", () => {
    // r = 12 % / 12 = 1 % a month, n = 12
    // 1.01^12 = 1.1268250301, 1.01^−12 = 0.8874492253
    // P = 10,000,000 × 0.01 / (1 − 0.8874492253) = 100,000 / 0.1125507747 = 888,487.89
    expect(monthlyPayment(10_000_000, 12, 1)).toBeCloseTo(888_487.89, 2);
  });

  it("30,000,000 at 3 % over 30 years (the textbook 126,481円)", () => {
    // r = 0.0025, n = 360, (1.0025)^−360 = 0.4073...; P = 75,000 / 0.59297... = 126,481.21
    expect(monthlyPayment(30_000_000, 3, 30)).toBeCloseTo(126_481.21, 2);
  });

  it("no loan or no term → 0", () => {
    expect(monthlyPayment(0, 3, 30)).toBe(0);
    expect(monthlyPayment(1_000_000, 3, 0)).toBe(0);
  });
});

describe("balanceAfter", () => {
  it("0 %: the principal less the payments made", () => {
    // 12,000,000 − 12 × 100,000 = 10,800,000
    expect(balanceAfter(12_000_000, 0, 10, 12)).toBe(10_800_000);
  });

  it("12 %/1 year after 6 payments equals the present value of the 6 left", () => {
    // B6 = L·1.01^6 − P·(1.01^6 − 1)/0.01 = 10,615,201.51 − 888,487.89 × 6.1520151 = 5,149,210.65
    // and P × (1 − 1.01^−6)/0.01 = 888,487.89 × 5.7954765 = 5,149,210.65 (the same)
    expect(balanceAfter(10_000_000, 12, 1, 6)).toBeCloseTo(5_149_210.65, 1);
  });

  it("is 0 at and after the last payment", () => {
    expect(balanceAfter(10_000_000, 12, 1, 12)).toBe(0);
    expect(balanceAfter(10_000_000, 12, 1, 40)).toBe(0);
    expect(balanceAfter(10_000_000, 12, 1, 0)).toBe(10_000_000);
  });
});

describe("loanTermCap / clampTerm / termWarning: the bank limit is a warning, never a silent change", () => {
  it("RC built Jan 2000: residual 20 years is the bank limit; a longer term is computed as typed, with the reason", () => {
    // elapsed = (2026·12 + 11) − (2000·12 + 1) = 322 months; life 47 y = 564 months
    // 残存耐用年数 = floor((564 − 322) / 12) = floor(20.17) = 20 (issue 35: 法定 − 経過, no longer the 簡便法's 25)
    const cap = loanTermCap({ structure_cd: 2, built: { year: 2000, month: 1 } }, NOW);
    expect(cap).toMatchObject({ bankYears: 20, residual: 20, maxYears: 50 });
    expect(cap.reason).toContain("RC造");
    expect(cap.reason).toContain("47年");
    expect(cap.reason).toContain("20年");
    // (changed on purpose, issue 15 item 6: 30 used to be computed as the limit without a word)
    expect(clampTerm(30, cap)).toBe(30);
    expect(termWarning(30, cap)).toContain("残存耐用年数20年を超えています");
    expect(termWarning(30, cap)).toContain("30年で計算しています");
    expect(termWarning(20, cap)).toBeNull();
    expect(clampTerm(0, cap)).toBe(1);
    expect(clampTerm(19.6, cap)).toBe(20);
  });

  it("木造 past its life: 残存耐用年数 0, bank limit 1 year, yet typing 25 computes 25 and warns", () => {
    // elapsed 1990-04 → 2026-11 = 439 months > 22 × 12 = 264: max(0, …) = 0; the term floor is 1 year
    const cap = loanTermCap({ structure_cd: 5, built: { year: 1990, month: 4 } }, NOW);
    expect(cap.residual).toBe(0);
    expect(cap.bankYears).toBe(1);
    expect(clampTerm(25, cap)).toBe(25);
    expect(termWarning(25, cap)).toMatch(/融資期間25年は残存耐用年数0年を超えています.*1年に短くなる/);
  });

  it("outside 1–50 years the computed term is stated, never silent; 36–50 is computed with the bank-maximum warning (issue 33)", () => {
    const cap = loanTermCap({ structure_cd: 2, built: { year: 2020, month: 1 } }, NOW);
    expect(clampTerm(60, cap)).toBe(50);
    expect(termWarning(60, cap)).toBe("融資期間は最長50年です。50年で計算しています。");
    // a member's saved terms may reach 50 years: computed as typed (the card's figure), flagged past 35
    expect(clampTerm(40, cap)).toBe(40);
    expect(termWarning(40, cap)).toContain("一般的な上限の35年を超えています");
    expect(termWarning(40, cap)).toContain("40年で計算しています");
    expect(termWarning(0, cap)).toBe("融資期間は1年以上で入力してください。1年で計算しています。");
    expect(termWarning(Number.NaN, cap)).toContain("35年で計算しています");
  });

  it("a young RC building: bank limit 35 years, with that reason", () => {
    // elapsed 2020-01 → 2026-11 = 82 months; floor((564 − 82)/12) = 40 → 35
    const cap = loanTermCap({ structure_cd: 2, built: { year: 2020, month: 1 } }, NOW);
    expect(cap.residual).toBe(40);
    expect(cap.bankYears).toBe(35);
    expect(cap.reason).toContain("35年");
    expect(termWarning(35, cap)).toBeNull();
  });

  it("unknown structure or land: 35 years", () => {
    const cap = loanTermCap({ structure_cd: null, built: null }, NOW);
    expect(cap).toMatchObject({ maxYears: 50, bankYears: 35, residual: null });
    expect(cap.reason).toContain("不明");
    expect(termWarning(35, cap)).toBeNull();
  });
});

describe("the site's truncated yields (spec §9)", () => {
  it("7,000,000 on 7,280万円 reads 9.61 %, not the rounded 9.62 %", () => {
    const r = simulate({ ...base, price: 72_800_000, grossIncome: 7_000_000 });
    expect(r.grossYield).toBe(9.61);
    expect(pctText(r.grossYield)).toBe("9.61%");
  });
  it("pctText truncates toward zero and keeps exact decimals", () => {
    expect(pctText(9.6153)).toBe("9.61%");
    expect(pctText(9.61)).toBe("9.61%");
    expect(pctText(-1.239)).toBe("-1.23%");
    expect(pctText(99.96, 1)).toBe("99.9%");
    expect(pctText(-0.001)).toBe("0.00%");
    expect(pctText(null)).toBe("—");
  });
});

const base: SimInput = {
  // a 一棟マンション with no cost of its own: every cost at the rates below
  listing: { type_cd: 1, price: 10_000 },
  price: 100_000_000,
  grossIncome: 8_000_000,
  loan: 90_000_000,
  interest: 0,
  years: 30,
  vacancy: 5,
  expenses: { management: 5, repairs: 5, taxes: 0.8, insurance: 0.2 },
  purchaseCosts: 7,
  rentDecline: 0,
};

describe("simulate: hand-worked 1億円 / 表面8% / 9,000万円 at 0 % over 30 years", () => {
  const r = simulate(base);
  it("operating figures", () => {
    // EGI = 8,000,000 × 0.95 = 7,600,000
    expect(r.egi).toBeCloseTo(7_600_000, 6);
    // management 7,600,000 × 5 % = 380,000; repairs 8,000,000 × 5 % = 400,000;
    // taxes + insurance 100,000,000 × 1.0 % = 1,000,000 → fixed 1,400,000, OPEX 1,780,000
    expect(r.fixedOpex).toBeCloseTo(1_400_000, 6);
    expect(r.opex).toBeCloseTo(1_780_000, 6);
    // NOI = 7,600,000 − 1,780,000 = 5,820,000
    expect(r.noi).toBeCloseTo(5_820_000, 6);
  });

  it("loan and cash flow", () => {
    // 90,000,000 / 360 = 250,000 a month; 3,000,000 a year
    expect(r.monthlyPayment).toBeCloseTo(250_000, 6);
    expect(r.annualDebtService).toBeCloseTo(3_000_000, 6);
    // CF = 5,820,000 − 3,000,000 = 2,820,000; monthly 235,000
    expect(r.annualCashFlow).toBeCloseTo(2_820_000, 6);
    expect(r.monthlyCashFlow).toBeCloseTo(235_000, 6);
    // purchase costs 7,000,000; own funds 107,000,000 − 90,000,000 = 17,000,000
    expect(r.purchaseCosts).toBeCloseTo(7_000_000, 6);
    expect(r.ownFunds).toBeCloseTo(17_000_000, 6);
  });

  it("ratios", () => {
    // 表面 8,000,000 / 100,000,000 = 8 %
    expect(r.grossYield).toBeCloseTo(8, 10);
    // 実質 (the summary's definition) 5,820,000 / 100,000,000 = 5.82 %
    expect(r.netYield).toBe(5.82);
    // 総投資利回り 5,820,000 / 107,000,000 = 5.4392… → 5.43 % (truncated)
    expect(r.totalCostYield).toBe(5.43);
    // DSCR 5,820,000 / 3,000,000 = 1.94
    expect(r.dscr).toBeCloseTo(1.94, 10);
    // break-even (1,400,000 + 3,000,000) / (8,000,000 × 0.95) = 4,400,000 / 7,600,000 = 57.8947 %
    expect(r.breakEvenOccupancy).toBeCloseTo(57.8947, 4);
    // CCR 2,820,000 / 17,000,000 = 16.5882 %
    expect(r.cashOnCash).toBeCloseTo(16.5882, 4);
  });

  it("35-year projection: balance falls 3,000,000 a year, cash flow rises when the loan ends", () => {
    expect(r.projection).toHaveLength(35);
    expect(r.projection[0]).toMatchObject({ year: 1 });
    expect(r.projection[0]!.balance).toBeCloseTo(87_000_000, 6);
    expect(r.projection[29]!.balance).toBe(0);
    expect(r.projection[29]!.cashFlow).toBeCloseTo(2_820_000, 6);
    // year 31: NOI only
    expect(r.projection[30]!.cashFlow).toBeCloseTo(5_820_000, 6);
    // cumulative after year 1: −17,000,000 + 2,820,000 = −14,180,000
    expect(r.projection[0]!.cumulative).toBeCloseTo(-14_180_000, 6);
  });

  it("a rent decline lowers later years only", () => {
    const d = simulate({ ...base, rentDecline: 1 });
    expect(d.projection[0]!.noi).toBeCloseTo(5_820_000, 6);
    // year 2: GPI 7,920,000, EGI 7,524,000, mgmt 376,200, repairs 396,000, tax/ins 1,000,000
    // NOI = 7,524,000 − 1,772,200 = 5,751,800
    expect(d.projection[1]!.noi).toBeCloseTo(5_751_800, 6);
  });

  it("higher interest → lower cash flow and DSCR", () => {
    const hi = simulate({ ...base, interest: 2 });
    expect(hi.annualCashFlow!).toBeLessThan(r.annualCashFlow!);
    expect(hi.dscr!).toBeLessThan(r.dscr!);
    expect(hi.projection[0]!.balance).toBeGreaterThan(r.projection[0]!.balance);
  });

  it("all cash: no DSCR, CF = NOI, break-even = fixed OPEX / collected share", () => {
    const c = simulate({ ...base, loan: 0 });
    expect(c.dscr).toBeNull();
    expect(c.annualCashFlow!).toBeCloseTo(c.noi!, 6);
    // 1,400,000 / 7,600,000 = 18.4211 %
    expect(c.breakEvenOccupancy).toBeCloseTo(18.4211, 4);
    expect(c.ownFunds).toBeCloseTo(107_000_000, 6);
  });
});

describe("prefill", () => {
  it("gross income: annual, else 12 × monthly, else price × yield", () => {
    expect(listingGrossIncome({ price: 5000, income: { year: 4_000_000, month: null }, yield: 9 })).toBe(4_000_000);
    expect(listingGrossIncome({ price: 5000, income: { year: null, month: 300_000 }, yield: 9 })).toBe(3_600_000);
    // 5,000万円 × 8.5 % = 4,250,000
    expect(listingGrossIncome({ price: 5000, income: null, yield: 8.5 })).toBe(4_250_000);
    expect(listingGrossIncome({ price: 5000, income: null, yield: null })).toBe(0);
  });

  it("defaults from a listing: 90 % loan, term at the bank limit but at least 15 years, per-type expenses", () => {
    const d = defaultInput({ type_cd: 2, price: 6480, income: { year: 5_000_000 }, yield: 7.7, structure_cd: 5, built: { year: 2010, month: 3 } }, NOW);
    // 64,800,000 × 90 % = 58,320,000 → to 10万円: 58,300,000
    expect(d.price).toBe(64_800_000);
    expect(d.loan).toBe(58_300_000);
    // 木造 2010-03: elapsed 200 months, life 264; floor((264 − 200)/12) = 5
    expect(d.cap.bankYears).toBe(5);
    // (changed on purpose, issue 15 item 6: opening at the limit gave a deeply negative cash flow; 15 with the warning)
    expect(d.years).toBe(15);
    expect(termWarning(d.years, d.cap)).toContain("残存耐用年数5年");
    // a building with a long residual life opens at its bank limit, without a warning
    const rc = defaultInput({ type_cd: 1, price: 20000, income: { year: 12_000_000 }, yield: 6, structure_cd: 2, built: { year: 2000, month: 1 } }, NOW);
    expect(rc.years).toBe(20);
    expect(termWarning(rc.years, rc.cap)).toBeNull();
    expect(d.expenses).toEqual(expenseDefaults(2));
    // the model's default rates (区分's 管理費・修繕積立金 count as themselves, not in a larger rate)
    expect(expenseDefaults(6)).toEqual(DEFAULT_RATES[6]);
    // untouched, the simulator assumes the summary's 空室率 (0), so its NOI is the summary's
    expect(d.vacancy).toBe(0);
    expect(expenseDefaults(null)).toEqual(expenseDefaults(999));
  });

  it("a saved scenario round-trips with its term as saved (within 1–50)", () => {
    const cap = loanTermCap({ structure_cd: 2, built: { year: 2000, month: 1 } }, NOW);
    const saved = toScenario({ ...base, years: 30, interest: 1.8 });
    const back = applyScenario(base, cap, saved);
    expect(back.interest).toBe(1.8);
    expect(back.years).toBe(30);
    expect(applyScenario(base, cap, { years: 50 }).years).toBe(50);
    expect(applyScenario(base, cap, { years: 80 }).years).toBe(50);
    expect(applyScenario(base, cap, { interest: "x", vacancy: -1 })).toMatchObject({ interest: 0, vacancy: 5 });
  });
});

describe("screeningFlags", () => {
  const none = { new_quake: false, structure_cd: null, built: null, is_full: false, has_cert: false, has_repair: false };

  it("nothing known → no badges", () => {
    expect(screeningFlags(none, NOW)).toEqual([]);
  });

  it("新耐震 from June 1981 on (build date or stored flag)", () => {
    expect(screeningFlags({ ...none, built: { year: 1981, month: 5 } }, NOW).map((f) => f.key)).toEqual([]);
    expect(screeningFlags({ ...none, built: { year: 1981, month: 6 } }, NOW).map((f) => f.label)).toEqual(["新耐震"]);
    expect(screeningFlags({ ...none, built: { year: 1981 } }, NOW)).toEqual([]);
    expect(screeningFlags({ ...none, new_quake: true }, NOW).map((f) => f.label)).toEqual(["新耐震"]);
  });

  it("all flags in order, 残存耐用年数 with its years and fs 1 from 20 years", () => {
    const f = screeningFlags({ new_quake: true, structure_cd: 2, built: { year: 2000, month: 1 }, is_full: true, has_cert: true, has_repair: true }, NOW);
    expect(f.map((x) => x.label)).toEqual(["新耐震", "残存耐用年数 20年", "満室", "検査済証あり", "大規模修繕済"]);
    expect(f.map((x) => x.fs)).toEqual([7, 1, 5, 2, 3]);
    const old = screeningFlags({ ...none, structure_cd: 5, built: { year: 1979, month: 4 } }, NOW);
    // 木造 1979-04: past its 22 years → max(0, 22 − 47) = 0 (the 簡便法 would say 4)
    expect(old).toEqual([{ key: "residual", label: "残存耐用年数 0年", fs: null }]);
  });
});

describe("manText", () => {
  it("formats yen as 万円 with commas", () => {
    expect(manText(1_234_567)).toBe("123.5万円");
    expect(manText(-235_000)).toBe("-23.5万円");
    expect(manText(123_456_789_0, 0)).toBe("123,457万円");
    expect(manText(0)).toBe("0.0万円");
  });
});
