import { describe, expect, it } from "vitest";
import { cashFlow, cashFlowFromNoi, listingEconomics, noi, type EconomicsInput, type LoanTerms } from "@/lib/economics";
import { modelTermsOf } from "@/lib/loan-terms";
import { applyLoanTerms, defaultInput, listingForSim, simulate } from "@/lib/simulator";
import { loanTermsInput } from "@/schemas/loan-terms";

/** Issue 33: a member's own 融資条件 — the shared schema, and the cards' CF from the model. */

const NOW = new Date("2026-11-21T12:00:00+09:00");
const RC: EconomicsInput = {
  type_cd: 2,
  price: 9000,
  income: { year: 7_200_000 },
  yield: 8,
  structure_cd: 2,
  built: { year: 2005, month: 4 },
  building_size: 600,
  land_size: 200,
};
const UNIT: EconomicsInput = { type_cd: 1, price: 1280, income: { month: 72_000 }, yield: null, maintenance_fee: 12_000, service_charge: 8_000 };

const TERMS: LoanTerms[] = [
  { downPaymentPct: 10, interestPct: 2.5, years: 30, purchaseCostPct: 7 },
  { ownFunds: 20_000_000, interestPct: 1.2, years: 50, purchaseCostPct: 0 },
  { ownFunds: 500_000_000, interestPct: 3, years: 20, purchaseCostPct: 7 }, // cash purchase: no loan
  { downPaymentPct: 0, interestPct: 0, years: 1, purchaseCostPct: 20 },
  { downPaymentPct: 100, interestPct: 15, years: 35, purchaseCostPct: 7 },
];

describe("cashFlowFromNoi", () => {
  it("is cashFlow on the listing's price and NOI, field for field", () => {
    for (const input of [RC, UNIT])
      for (const terms of TERMS) {
        const n = noi(input)!.noi;
        expect(cashFlowFromNoi(input.price! * 10_000, n, terms)).toEqual(cashFlow(input, terms));
      }
  });

  it("is what a card computes: the summary's NOI (listingEconomics, as loadCards) gives cashFlow's monthly figure", () => {
    for (const terms of TERMS) {
      const econ = listingEconomics(RC, { now: NOW });
      expect(cashFlowFromNoi(econ.price, econ.noi?.noi, terms)!.monthlyCashFlow).toBe(cashFlow(RC, terms)!.monthlyCashFlow);
    }
  });

  it("is null without a NOI or a price", () => {
    expect(cashFlowFromNoi(12_800_000, null, TERMS[0]!)).toBeNull();
    expect(cashFlowFromNoi(null, 1_000_000, TERMS[0]!)).toBeNull();
    expect(cashFlowFromNoi(0, 1_000_000, TERMS[0]!)).toBeNull();
  });

  it("hand-checked: 9,000万円, 頭金10%, 2.5%, 30年 — loan 8,100万円, payment 320,048円/月", () => {
    const cf = cashFlowFromNoi(90_000_000, 4_860_000, TERMS[0]!)!;
    expect(cf.loan).toBe(81_000_000);
    expect(cf.purchaseCosts).toBe(6_300_000);
    expect(cf.ownFunds).toBe(15_300_000);
    // P = L r / (1 − (1 + r)^−360), r = 0.025 / 12
    expect(cf.monthlyPayment).toBeCloseTo(320_047.93, 1);
    expect(cf.monthlyCashFlow).toBeCloseTo(4_860_000 / 12 - cf.monthlyPayment, 6);
  });
});

describe("the simulator opens on the card's figure", () => {
  it("applyLoanTerms over the defaults gives cashFlow's 月間CF (頭金 % and 自己資金, up to 50 years)", () => {
    for (const terms of TERMS) {
      const base = defaultInput(listingForSim(RC), NOW);
      const opening = applyLoanTerms(base, base.cap, terms);
      expect(simulate(opening).monthlyCashFlow).toBeCloseTo(cashFlow(RC, terms)!.monthlyCashFlow, 6);
    }
  });

  it("modelTermsOf reads the form's 万円 as the stored 円", () => {
    expect(modelTermsOf({ funding: "own_funds", own_funds_man: 1234.5678, down_payment_pct: null, interest_pct: 2, years: 30, purchase_cost_pct: 7 })).toEqual({
      ownFunds: 12_345_678,
      downPaymentPct: null,
      interestPct: 2,
      years: 30,
      purchaseCostPct: 7,
    });
    expect(modelTermsOf({ funding: "down_payment", own_funds_man: null, down_payment_pct: 20, interest_pct: 1.5, years: 25, purchase_cost_pct: 5 })).toEqual({
      ownFunds: null,
      downPaymentPct: 20,
      interestPct: 1.5,
      years: 25,
      purchaseCostPct: 5,
    });
  });
});

describe("loanTermsInput (form, tRPC and REST)", () => {
  const ok = { funding: "down_payment", down_payment_pct: "10", interest_pct: "2.5", years: "30", purchase_cost_pct: "7" };
  const errors = (v: unknown) => {
    const r = loanTermsInput.safeParse(v);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("accepts the form's strings (full-width too) and JSON numbers; 諸費用 defaults to 7 %", () => {
    expect(loanTermsInput.parse(ok)).toEqual({ funding: "down_payment", down_payment_pct: 10, interest_pct: 2.5, years: 30, purchase_cost_pct: 7 });
    expect(loanTermsInput.parse({ funding: "own_funds", own_funds_man: "１,５００", interest_pct: "１.８", years: 35, purchase_cost_pct: "" })).toEqual({
      funding: "own_funds",
      own_funds_man: 1500,
      interest_pct: 1.8,
      years: 35,
      purchase_cost_pct: 7,
    });
    expect(loanTermsInput.parse({ funding: "down_payment", down_payment_pct: 0, interest_pct: 0, years: 50 })).toMatchObject({ purchase_cost_pct: 7 });
  });

  it("says in Japanese what is out of range", () => {
    expect(errors({ ...ok, interest_pct: "15.1" })).toEqual({ interest_pct: "金利は0〜15%の範囲で入力してください" });
    expect(errors({ ...ok, interest_pct: "-1" })).toEqual({ interest_pct: "金利は0〜15%の範囲で入力してください" });
    expect(errors({ ...ok, years: "51" })).toEqual({ years: "期間は1〜50年の範囲の整数で入力してください" });
    expect(errors({ ...ok, years: "0" })).toEqual({ years: "期間は1〜50年の範囲の整数で入力してください" });
    expect(errors({ ...ok, years: "30.5" })).toEqual({ years: "期間は1〜50年の範囲の整数で入力してください" });
    expect(errors({ ...ok, down_payment_pct: "101" })).toEqual({ down_payment_pct: "頭金は0〜100%の範囲で入力してください" });
    expect(errors({ ...ok, purchase_cost_pct: "21" })).toEqual({ purchase_cost_pct: "購入時諸費用は0〜20%の範囲で入力してください" });
    expect(errors({ ...ok, interest_pct: "abc" })).toEqual({ interest_pct: "金利は半角数字で入力してください" });
  });

  it("needs the chosen way of funding's figure, and the required fields", () => {
    expect(errors({ ...ok, down_payment_pct: "" })).toEqual({ down_payment_pct: "頭金を入力してください" });
    expect(errors({ ...ok, funding: "own_funds" })).toEqual({ own_funds_man: "自己資金を入力してください" });
    expect(errors({ funding: "own_funds", own_funds_man: "1000" })).toEqual({ interest_pct: "金利を入力してください", years: "期間を入力してください" });
    expect(Object.keys(errors({ ...ok, funding: "loan" }))).toEqual(["funding"]);
  });
});
