import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountByPercent, annual, grossIncomeYield, percentage } from "@/lib/yield";

describe("percentage (a / b × 100, truncated to 2 decimals)", () => {
  it("computes a simple yield", () => {
    expect(percentage(500, 10000)).toBe(5);
    expect(percentage(1, 3)).toBe(33.33);
    expect(percentage(2, 3)).toBe(66.66); // truncated, not rounded (66.67)
  });
  it("is exact where floating point is not", () => {
    // 4.35 * 100 === 434.99999999999994 in IEEE 754
    expect(percentage(4.35, 100)).toBe(4.35);
    expect(percentage("4.35", "100")).toBe(4.35);
    expect(percentage(0.0435, 1)).toBe(4.35);
    expect(percentage(1.15, 100)).toBe(1.15);
    expect(percentage(0.57, 1)).toBe(57);
    expect(percentage(8.2, 100)).toBe(8.2);
  });
  it("truncates toward zero for negative values", () => {
    expect(percentage(-2, 3)).toBe(-66.66);
  });
  it("accepts full-width digits", () => {
    expect(percentage("５００", "１００００")).toBe(5);
    expect(percentage("４．３５", "１００")).toBe(4.35);
    expect(percentage("1,000", "12,345")).toBe(8.1);
  });
  it("returns null for non-numeric input or division by zero", () => {
    expect(percentage("abc", 1)).toBeNull();
    expect(percentage(1, "")).toBeNull();
    expect(percentage(null, 1)).toBeNull();
    expect(percentage(1, undefined)).toBeNull();
    expect(percentage(1, 0)).toBeNull();
    expect(percentage(1, "０")).toBeNull();
  });
  it("never exceeds the exact value and is within 0.01 of it (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000_000 }), (a, b) => {
        const r = percentage(a, b)!;
        // compare in integers: r*100 ≤ a*10000/b < r*100 + 1
        const hundredths = Math.round(r * 100);
        return hundredths * b <= a * 10000 && a * 10000 < (hundredths + 1) * b;
      }),
    );
  });
});

describe("annual (12 × monthly, truncated to 4 decimals)", () => {
  it("multiplies by 12", () => {
    expect(annual(100000)).toBe(1200000);
    expect(annual("25.5")).toBe(306);
  });
  it("keeps 4 decimals exactly", () => {
    expect(annual(0.12345)).toBe(1.4814); // 1.4814 exactly
    expect(annual(4.35)).toBe(52.2);
    expect(annual(1.1)).toBe(13.2); // 1.1 * 12 === 13.200000000000001
    expect(annual("0.00001")).toBe(0.0001); // 0.00012 → 0.0001
    expect(annual("0.000001")).toBe(0);
  });
  it("accepts full-width digits", () => {
    expect(annual("１２．３４")).toBe(148.08);
  });
  it("returns null for non-numeric input", () => {
    expect(annual("十万")).toBeNull();
    expect(annual("")).toBeNull();
    expect(annual(null)).toBeNull();
  });
});

describe("amountByPercent (amount × percent / 100, truncated to 4 decimals)", () => {
  it("computes an amount", () => {
    expect(amountByPercent(10000, 5)).toBe(500);
    expect(amountByPercent(8500, 4.35)).toBe(369.75);
  });
  it("is exact where floating point is not", () => {
    expect(amountByPercent(100, 4.35)).toBe(4.35); // 100 * 4.35 / 100 === 4.3499999999999996
    expect(amountByPercent(1, 0.07)).toBe(0.0007);
    expect(amountByPercent(3, 33.33333)).toBe(0.9999); // 0.9999999
  });
  it("accepts full-width digits", () => {
    expect(amountByPercent("１００", "４．３５")).toBe(4.35);
  });
  it("returns null for non-numeric input", () => {
    expect(amountByPercent("x", 1)).toBeNull();
    expect(amountByPercent(1, "x")).toBeNull();
    expect(amountByPercent(undefined, 1)).toBeNull();
  });
});

describe("grossIncomeYield (the one rule for a listing's annual income and yield)", () => {
  it("follows a price cut with unchanged income: 2億200万 → 1億9,800万 moves 5.78 % to 5.90 %", () => {
    const income = { month: "974000", year: "11688000" };
    expect(grossIncomeYield("20200", income, "5.78").yield).toBe(5.78);
    // the stored 5.78 typed back by the editor does not win over income ÷ price
    expect(grossIncomeYield("19800", income, "5.78").yield).toBe(5.9);
  });
  it("takes the annual figure as typed, else 12 × monthly (full-width digits too)", () => {
    expect(grossIncomeYield("１２０００", { month: "６０００００", year: "" })).toEqual({ year: 7_200_000, yield: 6 });
    expect(grossIncomeYield("12000", { month: "600000", year: "7500000" })).toEqual({ year: 7_500_000, yield: 6.25 });
  });
  it("truncates, never rounds (spec §9)", () => {
    // 7,000,000 / 72,800,000 = 9.6153… → 9.61
    expect(grossIncomeYield("7280", { year: "7000000" }).yield).toBe(9.61);
  });
  it("keeps a typed yield only when there is no income to derive it from", () => {
    expect(grossIncomeYield("5000", { month: "", year: "" }, "7.2")).toEqual({ year: null, yield: 7.2 });
    expect(grossIncomeYield("", { month: "100000" }, "")).toEqual({ year: 1_200_000, yield: null });
  });
});
