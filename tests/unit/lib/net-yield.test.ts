import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { netYield, percentage } from "@/lib/yield";

/** 実質利回り（概算）: (annual income − 12 × monthly running costs) ÷ price, truncated to 2 decimals. */
describe("netYield", () => {
  it("subtracts 12 × (管理費 + 修繕積立金) from the annual income", () => {
    // 区分 1,200万円, rent 6万円/month, 管理費 8,000 + 修繕積立金 6,000
    // (720,000 − 168,000) / 12,000,000 = 4.6 %
    expect(netYield({ price: 1200, income: { month: 60000, year: 720000 }, service_charge: 8000, maintenance_fee: 6000 })).toBe(4.6);
    // (720,000 − 168,000) / 11,900,000 = 4.63865… → 4.63 (truncated, not 4.64)
    expect(netYield({ price: 1190, income: { month: 60000 }, service_charge: 8000, maintenance_fee: 6000 })).toBe(4.63);
  });
  it("adds the ground rent of leasehold land", () => {
    expect(netYield({ price: 1000, income: { year: 1_200_000 }, service_charge: 10000, maintenance_fee: null, land_fee: 10000 })).toBe(9.6);
  });
  it("takes the annual income when given, else 12 × the monthly one; full-width digits too", () => {
    expect(netYield({ price: "１０００", income: { month: "５００００" }, service_charge: "５０００", maintenance_fee: "" })).toBe(5.4);
    expect(netYield({ price: 1000, income: { month: 1, year: 600000 }, service_charge: 5000, maintenance_fee: null })).toBe(5.4);
  });
  it("is null without any running cost, income or price (the data does not allow an estimate)", () => {
    expect(netYield({ price: 1000, income: { year: 600000 }, service_charge: null, maintenance_fee: null })).toBeNull();
    expect(netYield({ price: 1000, income: { year: 600000 }, service_charge: 0, maintenance_fee: 0 })).toBeNull();
    expect(netYield({ price: 1000, income: null, service_charge: 5000, maintenance_fee: 5000 })).toBeNull();
    expect(netYield({ price: 0, income: { year: 600000 }, service_charge: 5000, maintenance_fee: null })).toBeNull();
  });
  it("truncates toward zero when the costs exceed the income", () => {
    expect(netYield({ price: 300, income: { year: 12000 }, service_charge: 2000, maintenance_fee: 1000 })).toBe(-0.8);
  });
  it("equals the gross-yield helper applied to the net income (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999 }),
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        (price, year, sc, mf) => {
          const expected = sc + mf === 0 ? null : percentage(year - 12 * (sc + mf), price * 10_000);
          expect(netYield({ price, income: { year }, service_charge: sc, maintenance_fee: mf })).toBe(expected);
        },
      ),
    );
  });
});
