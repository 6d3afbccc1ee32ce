import { describe, expect, it } from "vitest";
import { monthlyCashFlowText } from "@/components/investment/investment-card";
import { formatMan } from "@/lib/man-yen";
import { manText } from "@/lib/simulator";

/** The one 万円 formatter of the cash-flow figures (card, simulator, mail), by hand. */
describe("formatMan", () => {
  it("rounds to one decimal of 万円, with commas, and '—' for nothing", () => {
    expect(formatMan(123_456)).toBe("12.3万円"); // 12.3456万 → 12.3
    expect(formatMan(12_345_678)).toBe("1,234.6万円");
    expect(formatMan(-84_950)).toBe("-8.5万円"); // 8.495 → 8.5, half away from zero
    expect(formatMan(-400)).toBe("0.0万円"); // −0.04万: no "-0.0"
    expect(formatMan(1_234_567, { digits: 0 })).toBe("123万円");
    expect(formatMan(null)).toBe("—");
    expect(formatMan(Number.NaN)).toBe("—");
  });

  it("a level with its sign (cards), a change with ± and U+2212 (mail)", () => {
    expect(formatMan(12_000, { sign: "always" })).toBe("+1.2万円");
    expect(formatMan(-8_000, { sign: "always" })).toBe("-0.8万円");
    expect(formatMan(300, { sign: "always" })).toBe("0.0万円");
    expect(formatMan(12_000, { sign: "difference" })).toBe("+1.2万円");
    expect(formatMan(-8_000, { sign: "difference" })).toBe("−0.8万円");
    expect(formatMan(-300, { sign: "difference" })).toBe("±0.0万円");
  });

  it("the card's and the simulator's figures are the same digits (the e2e compares them without the +)", () => {
    for (const yen of [123_456, -84_950, 0, 99_999, -1_000_000, 450]) {
      expect(monthlyCashFlowText(yen).replace(/^\+/, "")).toBe(manText(yen));
    }
  });
});
