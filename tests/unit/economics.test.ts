import { describe, expect, it } from "vitest";
import {
  annualCashFlowBySortKey,
  annuityPayment,
  cashFlow,
  cashFlowSortKey,
  currentIncome,
  elapsedMonths,
  fullIncome,
  grossYield,
  landValueShare,
  listingEconomics,
  loanTermGuide,
  netYield,
  noi,
  operatingCosts,
  remainingLife,
  rentRollVacancy,
  sekisan,
  sekisanRatio,
  simplifiedUsefulLife,
  statutoryLife,
  usefulLives,
  NET_YIELD_FORMULA,
  ECONOMICS_TERMS,
  NET_YIELD_NOTE,
  economicsFootnote,
  type EconomicsInput,
  type RentRollRow,
} from "@/lib/economics";
import { monthlyPayment } from "@/lib/simulator";
import { YIELD_TERMS, yieldFootnote } from "@/lib/yield-wording";

/** 2026-11-21 noon in Japan (month 2026-11 for every age below). */
const NOW = new Date("2026-11-21T12:00:00+09:00");

/**
 * /investments/320 as the issue gives it: 戸建 on 借地権, 地代 13万円/月, rent
 * 10.9万円/月. The price is 1,100万円: the old summary's −2.29 % is
 * (10.9 − 13) × 12 = −25.2万 ÷ 1,100万 = −2.2909 %.
 */
const LISTING_320: EconomicsInput = {
  type_cd: 4,
  price: 1_100,
  income: { month: 109_000 },
  structure_cd: 5,
  built: { year: 1990, month: 4 },
  land_rights: { type: 2, fee: 130_000 },
  building_size: 80,
  land_size: 100,
  land_type: 1,
};

describe("/investments/320: 借地, 地代 13万/月 over rent 10.9万/月", () => {
  it("満室想定年収 and 表面利回り", () => {
    // 109,000 × 12 = 1,308,000; ÷ 11,000,000 = 11.8909… % → 11.89
    expect(fullIncome(LISTING_320)).toMatchObject({ amount: 1_308_000, basis: "listing_month" });
    expect(grossYield(fullIncome(LISTING_320), LISTING_320)).toBe(11.89);
  });

  it("counts the listing's own 地代 and the 戸建 default rates, itemised", () => {
    // 地代        130,000 × 12                 = 1,560,000 (listing)
    // 管理委託    5 % of 1,308,000              =    65,400 (default)
    // 修繕        8 % of 1,308,000              =   104,640 (default)
    // 固都税      0.6 % of 11,000,000           =    66,000 (default)
    // 保険        0.15 % of 11,000,000          =    16,500 (default)
    // total                                     = 1,812,540
    const c = operatingCosts(LISTING_320);
    expect(c.missing).toEqual([]);
    expect(c.items.map((i) => [i.key, i.source, Math.round(i.amount)])).toEqual([
      ["ground_rent", "listing", 1_560_000],
      ["management", "default", 65_400],
      ["repairs", "default", 104_640],
      ["taxes", "default", 66_000],
      ["insurance", "default", 16_500],
    ]);
    expect(c.total).toBeCloseTo(1_812_540, 6);
    expect(c.items[0]!.basis).toContain("掲載の地代");
    expect(c.items[1]!.basis).toBe("既定率 満室想定年収の5%");
  });

  it("negative NOI and negative 実質利回り", () => {
    // NOI = 1,308,000 − 1,812,540 = −504,540; ÷ 11,000,000 = −4.5867 % → −4.58 (truncated toward zero)
    expect(noi(LISTING_320)!.noi).toBeCloseTo(-504_540, 6);
    expect(netYield(LISTING_320)).toBe(-4.58);
  });

  it("negative cash flow and DSCR below 1 under a loan", () => {
    // 頭金 10 % → 借入 9,900,000; 0 % over 30 years → 9,900,000 / 360 = 27,500/月, 330,000/年
    // CF = −504,540 − 330,000 = −834,540/年 = −69,545/月; DSCR = −504,540 / 330,000 = −1.5289
    const cf = cashFlow(LISTING_320, { downPaymentPct: 10, interestPct: 0, years: 30 })!;
    expect(cf.loan).toBe(9_900_000);
    expect(cf.monthlyPayment).toBe(27_500);
    expect(cf.annualDebtService).toBe(330_000);
    expect(cf.annualCashFlow).toBeCloseTo(-834_540, 6);
    expect(cf.monthlyCashFlow).toBeCloseTo(-69_545, 6);
    expect(cf.dscr).toBeCloseTo(-1.5289, 4);
    expect(cf.dscr!).toBeLessThan(1);
  });

  it("the cash flow's NOI and 実質利回り are the summary's (one definition on the page)", () => {
    const summary = listingEconomics(LISTING_320, { now: NOW });
    const cf = cashFlow(LISTING_320, { downPaymentPct: 10, interestPct: 2.5, years: 15 })!;
    expect(cf.noi).toBe(summary.noi!.noi);
    expect(cf.netYield).toBe(summary.netYield);
    expect(summary.netYieldFormula).toBe(NET_YIELD_FORMULA);
  });

  it("without its 地代 a 借地 has no NOI (never a guess)", () => {
    const l = { ...LISTING_320, land_rights: { type: 2 } };
    expect(operatingCosts(l).missing).toEqual(["借地権の地代が未入力"]);
    expect(noi(l)).toBeNull();
    expect(netYield(l)).toBeNull();
    expect(cashFlow(l, { interestPct: 2, years: 20 })).toBeNull();
  });
});

describe("useful lives", () => {
  it("法定耐用年数 by structure (住宅用 / 事務所用), 鉄骨 by thickness, れんが造 from the その他 text", () => {
    expect(statutoryLife({ structure_cd: 1 })).toBe(47); // SRC
    expect(statutoryLife({ structure_cd: 2 })).toBe(47); // RC
    expect(statutoryLife({ structure_cd: 3 })).toBe(34); // 重量鉄骨 > 4 mm
    expect(statutoryLife({ structure_cd: 4 })).toBe(27); // 軽量鉄骨 3–4 mm
    expect(statutoryLife({ structure_cd: 4, steel_thickness_mm: 2.3 })).toBe(19); // ≤ 3 mm
    expect(statutoryLife({ structure_cd: 5 })).toBe(22); // 木造
    expect(statutoryLife({ structure_cd: 99, structure_other: "ブロック造" })).toBe(38);
    expect(statutoryLife({ structure_cd: 99, structure_other: "コンテナ" })).toBeNull();
    expect(statutoryLife({ structure_cd: null })).toBeNull();
    expect(statutoryLife({ structure_cd: 2 }, "office")).toBe(50);
    expect(statutoryLife({ structure_cd: 5 }, "office")).toBe(24);
  });

  it("an RC built 11 years ago: 残存 36 (47 − 11), 簡便法 38 ((47 − 11) + 11 × 0.2 = 38.2)", () => {
    const rc: EconomicsInput = { type_cd: 1, price: 9_000, structure_cd: 2, built: { year: 2015, month: 11 } };
    expect(elapsedMonths(rc.built, NOW)).toBe(132);
    const lives = usefulLives(rc, { now: NOW })!;
    expect(lives).toMatchObject({ statutory: 47, elapsedYears: 11, remaining: 36, simplified: 38 });
    expect(lives.basis).toBe("RC造（住宅用）の法定耐用年数47年−経過11年");
    // 融資期間の目安 = min(35, 36) = 35
    expect(loanTermGuide(lives)).toMatchObject({ years: 35, remaining: 36 });
  });

  it("counts months: 11 years 5 months gives 残存 35 (427 months) and 簡便法 37 (454.4 months)", () => {
    // 2015-06 → 2026-11 = 137 months; 564 − 137 = 427 → 35 y; 427 + 137 × 0.2 = 454.4 → 37 y
    const lives = usefulLives({ type_cd: 1, price: 1, structure_cd: 2, built: { year: 2015, month: 6 } }, { now: NOW })!;
    expect(lives).toMatchObject({ elapsedMonths: 137, remaining: 35, simplified: 37 });
  });

  it("fully elapsed: 残存 0, 簡便法 法定 × 0.2 (木造 22 → 4), at least 2", () => {
    expect(remainingLife(22, 442)).toBe(0);
    expect(simplifiedUsefulLife(22, 442)).toBe(4);
    expect(simplifiedUsefulLife(19, 400)).toBe(3);
    // a 5-year life fully elapsed: 5 × 0.2 = 1 → the 2-year minimum
    expect(simplifiedUsefulLife(5, 100)).toBe(2);
    const guide = loanTermGuide(usefulLives(LISTING_320, { now: NOW }));
    expect(guide).toMatchObject({ years: 0, remaining: 0 });
    expect(guide!.basis).toContain("経過");
  });

  it("a building not yet completed has its whole life", () => {
    expect(usefulLives({ type_cd: 1, price: 1, structure_cd: 2, built: { year: 2027, month: 3 } }, { now: NOW })).toMatchObject({
      remaining: 47,
      simplified: 47,
    });
  });

  it("unknown structure or build year → null everywhere", () => {
    expect(usefulLives({ type_cd: 1, price: 1, structure_cd: 2 }, { now: NOW })).toBeNull();
    expect(usefulLives({ type_cd: 1, price: 1, built: { year: 2000 } }, { now: NOW })).toBeNull();
    expect(loanTermGuide(null)).toBeNull();
    expect(remainingLife(null, 10)).toBeNull();
    expect(simplifiedUsefulLife(47, null)).toBeNull();
  });

  it("property: 残存耐用年数 never rises with age and 簡便法 is never below it", () => {
    for (const life of [19, 22, 27, 34, 38, 47]) {
      let prev = Number.POSITIVE_INFINITY;
      for (let months = 0; months <= life * 12 + 60; months++) {
        const r = remainingLife(life, months)!;
        expect(r).toBeLessThanOrEqual(prev);
        expect(r).toBeGreaterThanOrEqual(0);
        expect(simplifiedUsefulLife(life, months)!).toBeGreaterThanOrEqual(r);
        prev = r;
      }
    }
  });
});

describe("積算価格", () => {
  // 一棟マンション, RC, built 2015-11 (残存 36 / 法定 47), 9,000万円, 土地 120㎡, 延床 400㎡, 路線価 30万円/㎡
  const RC: EconomicsInput = {
    type_cd: 1,
    price: 9_000,
    income: { year: 6_300_000 },
    structure_cd: 2,
    built: { year: 2015, month: 11 },
    land_size: 120,
    land_type: 1,
    building_size: 400,
    road_price: 300_000,
    road_price_year: 2026,
  };

  it("土地 = 路線価 × 地積; 建物 = 再調達単価 × 延床 × 残存/法定; 積算比 and 土地値割合", () => {
    // 土地 300,000 × 120 = 36,000,000
    // 建物 200,000 × 400 × 36 / 47 = 80,000,000 × 0.765957… = 61,276,595.74
    // 積算 97,276,595.74; ÷ 90,000,000 = 108.085… % → 108.08; 土地値割合 36,000,000 ÷ 90,000,000 = 40 %
    const s = sekisan(RC, { now: NOW })!;
    expect(s.land).toBe(36_000_000);
    expect(s.building).toBeCloseTo(61_276_595.74, 2);
    expect(s.total).toBeCloseTo(97_276_595.74, 2);
    expect(s.roadPriceYear).toBe(2026);
    expect(s.buildingBasis).toContain("（既定値）");
    expect(sekisanRatio(s, RC)).toBe(108.08);
    expect(landValueShare(s, RC)).toBe(40);
  });

  it("借地: the land at × 借地権割合 (60 % → 21,600,000); without the ratio, no 積算", () => {
    const lease = { ...RC, land_rights: { type: 2, fee: 50_000 }, leasehold_ratio: 60 };
    expect(sekisan(lease, { now: NOW })!.land).toBe(21_600_000);
    expect(sekisan(lease, { now: NOW })!.landBasis).toContain("借地権割合60%");
    expect(sekisan({ ...lease, leasehold_ratio: null }, { now: NOW })).toBeNull();
  });

  it("坪 are converted (36.3坪 = 120㎡) and the 再調達単価 can be overridden", () => {
    const s = sekisan({ ...RC, land_size: 36.3, land_type: 2, replacement_cost_per_sqm: 250_000 }, { now: NOW })!;
    expect(s.land).toBeCloseTo(36_000_000, 4);
    // 250,000 × 400 × 36 / 47 = 76,595,744.68
    expect(s.building).toBeCloseTo(76_595_744.68, 2);
    expect(s.buildingBasis).toContain("（入力値）");
  });

  it("土地: no building part", () => {
    const land: EconomicsInput = { type_cd: 5, price: 3_000, land_size: 100, road_price: 250_000 };
    expect(sekisan(land)).toMatchObject({ land: 25_000_000, building: 0, total: 25_000_000 });
    expect(sekisanRatio(sekisan(land), land)).toBe(83.33);
  });

  it("no 積算 without 路線価, 地積, 延床, structure or build year, nor for a 区分", () => {
    expect(sekisan({ ...RC, road_price: null }, { now: NOW })).toBeNull();
    expect(sekisan({ ...RC, road_price: 0 }, { now: NOW })).toBeNull();
    expect(sekisan({ ...RC, land_size: null }, { now: NOW })).toBeNull();
    expect(sekisan({ ...RC, building_size: null }, { now: NOW })).toBeNull();
    expect(sekisan({ ...RC, built: null }, { now: NOW })).toBeNull();
    expect(sekisan({ ...RC, structure_cd: 99, structure_other: "れんが造" }, { now: NOW })).toBeNull(); // no default 単価
    expect(sekisan({ ...RC, type_cd: 6, occupied_size: 25 }, { now: NOW })).toBeNull();
    const e = listingEconomics({ ...RC, road_price: null }, { now: NOW });
    expect([e.sekisan, e.sekisanRatio, e.landValueShare]).toEqual([null, null, null]);
  });

  it("the RC's yields and a cash flow by hand", () => {
    // 表面 6,300,000 ÷ 90,000,000 = 7.00 %
    // 経費 5 % × 6.3M + 5 % × 6.3M + 0.8 % × 90M + 0.1 % × 90M = 315,000 + 315,000 + 720,000 + 90,000 = 1,440,000
    // NOI 4,860,000; 実質 4,860,000 ÷ 90,000,000 = 5.40 %
    const e = listingEconomics(RC, { now: NOW });
    expect(e.grossYield).toBe(7);
    expect(e.costs.total).toBeCloseTo(1_440_000, 6);
    expect(e.noi!.noi).toBeCloseTo(4_860_000, 6);
    expect(e.netYield).toBe(5.4);
    expect(e.pricePerSqm).toBe(22.5); // 9,000万 ÷ 400㎡
    // 諸費用 7 % = 6,300,000; 自己資金 66,300,000 → 借入 96,300,000 − 66,300,000 = 30,000,000
    // 30,000,000 at 3 % over 30 years: 126,481.21/月 (the textbook figure), 1,517,774.52/年
    // CF 4,860,000 − 1,517,774.52 = 3,342,225.48; DSCR 4,860,000 ÷ 1,517,774.52 = 3.2021
    // 総投資利回り 4,860,000 ÷ 96,300,000 = 5.0467 → 5.04; CCR 3,342,225.48 ÷ 66,300,000 = 5.0411 → 5.04
    const cf = cashFlow(RC, { ownFunds: 66_300_000, interestPct: 3, years: 30, purchaseCostPct: 7 })!;
    expect(cf.loan).toBeCloseTo(30_000_000, 4);
    expect(cf.monthlyPayment).toBeCloseTo(126_481.21, 2);
    expect(cf.annualCashFlow).toBeCloseTo(3_342_225.48, 1);
    expect(cf.dscr).toBeCloseTo(3.2021, 4);
    expect(cf.totalCostYield).toBe(5.04);
    expect(cf.cashOnCash).toBe(5.04);
  });
});

describe("the member CF sort's closed form (issue 33)", () => {
  it("is cashFlow's 年間CF for 自己資金 and 頭金 % terms, a loan floored at 0, and 0 %", () => {
    // The hand-checked case above: 借入 30,000,000 at 3 % / 30 years → 年間返済 1,517,774.52, CF 3,342,225.48
    const own = { ownFunds: 66_300_000, interestPct: 3, years: 30, purchaseCostPct: 7 };
    expect(annualCashFlowBySortKey(cashFlowSortKey(own), 4_860_000, 90_000_000)).toBeCloseTo(3_342_225.48, 1);
    const cases = [
      own,
      { downPaymentPct: 10, interestPct: 2.5, years: 15 },
      { downPaymentPct: 30, interestPct: 0, years: 20, purchaseCostPct: 5 },
      { ownFunds: 500_000_000, interestPct: 2, years: 25 }, // more cash than the price: no loan
      { interestPct: 14.9, years: 50 },
    ];
    for (const terms of cases)
      for (const listing of [LISTING_320]) {
        const cf = cashFlow(listing, terms)!;
        const n = noi(listing)!.noi;
        expect(annualCashFlowBySortKey(cashFlowSortKey(terms), n, listing.price! * 10_000)).toBeCloseTo(cf.annualCashFlow, 4);
      }
  });
});

describe("income, rent roll, costs", () => {
  const ROLL: RentRollRow[] = [
    { room: "101", layout: "1K", area: 25, rent: 60_000, commonFee: 5_000, deposit: 60_000, status: "occupied", leaseStart: "2022-04" },
    { room: "102", layout: "1K", area: 25, rent: 60_000, commonFee: 5_000, status: "occupied" },
    { room: "201", layout: "1K", area: 25, rent: 60_000, commonFee: 5_000, status: "occupied" },
    { room: "202", layout: "1K", area: 25, rent: 62_000, status: "advertising" },
  ];
  const APT: EconomicsInput = { type_cd: 2, price: 3_000, rent_roll: ROLL, vacancy_cd: 2 };

  it("満室 and 現況 from the rent roll, with both yields and the 空室率", () => {
    // 満室 (65,000 × 3 + 62,000) × 12 = 257,000 × 12 = 3,084,000 → 3,084,000 ÷ 30,000,000 = 10.28 %
    // 現況 195,000 × 12 = 2,340,000 → 7.80 %
    // 空室率 戸数 1/4 = 25 %; 賃料 62,000 ÷ 257,000 = 24.124… → 24.12 %
    const e = listingEconomics(APT, { now: NOW });
    expect(e.fullIncome).toMatchObject({ amount: 3_084_000, basis: "rent_roll" });
    expect(e.currentIncome).toMatchObject({ amount: 2_340_000, basis: "rent_roll" });
    expect(e.grossYield).toBe(10.28);
    expect(e.currentYield).toBe(7.8);
    expect(rentRollVacancy(ROLL)).toEqual({ units: 4, vacantUnits: 1, byUnits: 25, byRent: 24.12 });
    expect(e.vacancyByIncome).toBe(24.12);
  });

  it("the listing's stated income wins for 満室 (the cards' 表面利回り); 現況 still from the roll", () => {
    const l = { ...APT, income: { year: 3_000_000 } };
    expect(fullIncome(l)).toMatchObject({ amount: 3_000_000, basis: "listing_year" });
    expect(currentIncome(l)!.amount).toBe(2_340_000);
  });

  it("現況 without a roll: the 満室 figure when 現況 is 満室, otherwise unknown", () => {
    expect(currentIncome({ type_cd: 1, price: 5_000, income: { year: 4_000_000 }, vacancy_cd: 1 })).toMatchObject({
      amount: 4_000_000,
      basis: "full_occupancy",
    });
    expect(currentIncome({ type_cd: 1, price: 5_000, income: { year: 4_000_000 }, vacancy_cd: 2 })).toBeNull();
    // an occupied row without its rent makes 現況 unknown
    expect(currentIncome({ ...APT, rent_roll: [{ room: "1", rent: null, status: "occupied" }] })).toBeNull();
  });

  it("the stored yield stands in for a missing income (price × yield)", () => {
    // 5,000万 × 6.5 % = 3,250,000
    expect(fullIncome({ type_cd: 1, price: 5_000, yield: 6.5 })).toMatchObject({ amount: 3_250_000, basis: "listing_yield" });
  });

  it("区分: the listing's 管理費・修繕積立金 and 固都税 as entered; without 管理費 and 修繕積立金, no NOI", () => {
    // 区分 1,200万, 月7万: 満室 840,000
    // 管理費 10,000 × 12 = 120,000; 修繕積立金 8,000 × 12 = 96,000 (listing)
    // 管理委託 5 % = 42,000; 修繕 3 % = 25,200 (default); 固都税 入力 45,000; 保険 0.05 % × 12M = 6,000
    // total 334,200; NOI 505,800; 実質 505,800 ÷ 12,000,000 = 4.215 % → 4.21
    const unit: EconomicsInput = { type_cd: 6, price: 1_200, income: { month: 70_000 }, service_charge: 10_000, maintenance_fee: 8_000, property_tax: 45_000 };
    const c = operatingCosts(unit);
    expect(c.items.find((i) => i.key === "taxes")).toMatchObject({ source: "listing", amount: 45_000 });
    expect(c.total).toBeCloseTo(334_200, 6);
    expect(netYield(unit)).toBe(4.21);
    expect(listingEconomics(unit).fixedCostDrag).toBe(25.71); // 216,000 ÷ 840,000 = 25.714 %
    const bare = { ...unit, service_charge: null, maintenance_fee: null };
    expect(operatingCosts(bare).missing).toEqual(["区分マンションの管理費・修繕積立金が未入力"]);
    expect(netYield(bare)).toBeNull();
  });

  it("rate overrides and a vacancy allowance move NOI the way the simulator's fields will", () => {
    // 一棟マンション 5,000万, 年400万; 空室率 10 %: 実効 3,600,000
    // 管理委託 5 % × 3.6M = 180,000; 修繕 2 % (override) × 4M = 80,000; 固都税 0.8 % × 50M = 400,000; 保険 0.1 % = 50,000
    // NOI 3,600,000 − 710,000 = 2,890,000 → 5.78 %
    const l: EconomicsInput = { type_cd: 1, price: 5_000, income: { year: 4_000_000 } };
    const n = noi(l, { vacancyPct: 10, rates: { repairs: 2 } })!;
    expect(n.effectiveIncome).toBe(3_600_000);
    expect(n.noi).toBeCloseTo(2_890_000, 6);
    expect(netYield(l, { vacancyPct: 10, rates: { repairs: 2 } })).toBe(5.78);
  });

  it("missing or bad inputs → null, never a guess", () => {
    const none: EconomicsInput = { type_cd: 1, price: null };
    const e = listingEconomics(none, { now: NOW });
    expect(e).toMatchObject({
      price: null,
      fullIncome: null,
      currentIncome: null,
      grossYield: null,
      currentYield: null,
      noi: null,
      netYield: null,
      lives: null,
      loanTerm: null,
      sekisan: null,
      sekisanRatio: null,
      landValueShare: null,
      pricePerSqm: null,
      fixedCostDrag: null,
      vacancyByIncome: null,
    });
    expect(e.costs.total).toBeNull();
    expect(e.costs.missing).toEqual(["想定年収が未入力", "価格が未入力"]);
    expect(listingEconomics({ type_cd: 1, price: -5, income: { year: Number.NaN } }).grossYield).toBeNull();
    expect(grossYield(1_000_000, { price: 0 })).toBeNull();
    expect(cashFlow(none, { interestPct: 2, years: 20 })).toBeNull();
    // a plot of land without a stated income: no NOI, not −(taxes ÷ price)
    const land = listingEconomics({ type_cd: 5, price: 3_000, land_size: 100 });
    expect([land.noi, land.netYield]).toEqual([null, null]);
    expect(land.costs.missing).toEqual(["想定年収が未入力"]);
  });

  it("property: 実質利回り ≤ 表面利回り whenever the costs are ≥ 0", () => {
    // a fixed pseudo-random walk over the inputs (deterministic: same cases every run)
    let seed = 12345;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 500; i++) {
      const type_cd = 1 + Math.floor(rnd() * 6);
      const l: EconomicsInput = {
        type_cd,
        price: 100 + Math.floor(rnd() * 50_000),
        income: { year: Math.floor(rnd() * 20_000_000) },
        service_charge: rnd() < 0.5 ? Math.floor(rnd() * 30_000) : null,
        maintenance_fee: type_cd === 6 ? 1 + Math.floor(rnd() * 20_000) : null,
        land_rights: rnd() < 0.3 ? { type: 2, fee: Math.floor(rnd() * 200_000) + 1 } : { type: 1 },
        property_tax: rnd() < 0.3 ? Math.floor(rnd() * 1_000_000) : null,
      };
      const e = listingEconomics(l, { vacancyPct: rnd() * 30 });
      if (e.grossYield === null || e.netYield === null) continue;
      expect(e.netYield).toBeLessThanOrEqual(e.grossYield);
    }
  });
});

describe("the module agrees with the rest of the site", () => {
  it("annuityPayment is the simulator's 元利均等 payment", () => {
    for (const [l, r, y] of [
      [30_000_000, 3, 30],
      [9_900_000, 2.5, 15],
      [12_000_000, 0, 10],
      [0, 2, 10],
    ] as const) {
      expect(annuityPayment(l, r, y)).toBe(monthlyPayment(l, r, y));
    }
  });

  it("表面・現況 formulas are yield-wording's; 実質 has its own formula", () => {
    expect(ECONOMICS_TERMS.gross.formula).toBe(YIELD_TERMS.gross.formula);
    expect(ECONOMICS_TERMS.current.formula).toBe(YIELD_TERMS.current.formula);
    expect(ECONOMICS_TERMS.net.formula).toBe("（満室想定年収−運営経費）÷価格");
  });

  it("the footnote keeps 表示規約's 表面 sentence and adds the 実質 one (not guaranteed, before tax)", () => {
    expect(economicsFootnote(["gross", "net"])).toBe(`${yieldFootnote(["gross"])}${NET_YIELD_NOTE}`);
    expect(economicsFootnote(["gross"])).toBe(yieldFootnote(["gross"]));
    expect(NET_YIELD_NOTE).toContain("保証するものではありません");
    expect(NET_YIELD_NOTE).toContain("税引前");
  });

  it("表面利回り equals the stored-yield rule (grossIncomeYield) for the same price and income", async () => {
    const { grossIncomeYield } = await import("@/lib/yield");
    for (const [price, year] of [
      [1_100, 1_308_000],
      [4_350, 1_892_250],
      [9_999, 7_777_777],
    ] as const) {
      expect(grossYield(year, { price })).toBe(grossIncomeYield(price, { year }).yield);
    }
  });
});
