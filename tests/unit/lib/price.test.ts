import { describe, expect, it } from "vitest";
import { PRICE_LIMIT, PRICE_MAX, PRICE_TOO_LARGE, formatPrice, formatYen, withCommas } from "@/lib/price";

describe("formatPrice (万円 units)", () => {
  it.each([
    [0, "0万円"],
    [1, "1万円"],
    [980, "980万円"],
    [8500, "8,500万円"],
    [9999, "9,999万円"],
  ])("under 1億: %j → %s", (v, s) => {
    expect(formatPrice(v)).toBe(s);
  });

  it.each([
    [10000, "1億円"],
    [10001, "1億1万円"],
    [12000, "1億2,000万円"],
    [20000, "2億円"],
    [123456, "12億3,456万円"],
    [99990000, "9,999億円"],
    [PRICE_MAX, "9,999億9,999万円"],
  ])("from 10000 uses 億: %j → %s", (v, s) => {
    expect(formatPrice(v)).toBe(s);
  });

  it("refuses 1e8 and more", () => {
    expect(PRICE_LIMIT).toBe(100_000_000);
    expect(formatPrice(100_000_000)).toBe(PRICE_TOO_LARGE);
    expect(formatPrice(100_000_000)).toBe("その価格は表示できません");
    expect(formatPrice(1e12)).toBe(PRICE_TOO_LARGE);
    expect(formatPrice(-100_000_000)).toBe(PRICE_TOO_LARGE);
  });

  it("keeps fractions of 万円", () => {
    expect(formatPrice(1980.5)).toBe("1,980.5万円");
    expect(formatPrice("1980.50")).toBe("1,980.5万円");
    expect(formatPrice(12000.25)).toBe("1億2,000.25万円");
    expect(formatPrice(10000.5)).toBe("1億0.5万円");
    expect(formatPrice("8500.0")).toBe("8,500万円");
    expect(formatPrice(99_999_999.5)).toBe("9,999億9,999.5万円");
  });

  it("accepts full-width strings", () => {
    expect(formatPrice("１２０００")).toBe("1億2,000万円");
    expect(formatPrice("８，５００")).toBe("8,500万円");
  });

  it("shows a sign for negative amounts", () => {
    expect(formatPrice(-500)).toBe("-500万円");
    expect(formatPrice(-12000)).toBe("-1億2,000万円");
  });

  it("returns an empty string for missing or non-numeric values", () => {
    expect(formatPrice(null)).toBe("");
    expect(formatPrice(undefined)).toBe("");
    expect(formatPrice("")).toBe("");
    expect(formatPrice("価格未定")).toBe("");
    expect(formatPrice(Number.NaN)).toBe("");
  });
});

describe("formatYen", () => {
  it("adds separators and 円", () => {
    expect(formatYen(0)).toBe("0円");
    expect(formatYen(999)).toBe("999円");
    expect(formatYen(1000)).toBe("1,000円");
    expect(formatYen(1234567)).toBe("1,234,567円");
    expect(formatYen("１２３４５６７")).toBe("1,234,567円");
    expect(formatYen(-50000)).toBe("-50,000円");
  });
  it("truncates fractions of a yen", () => {
    expect(formatYen(1234.99)).toBe("1,234円");
    expect(formatYen(-0.5)).toBe("0円");
  });
  it("returns an empty string for missing values", () => {
    expect(formatYen(null)).toBe("");
    expect(formatYen("abc")).toBe("");
  });
});

describe("withCommas", () => {
  it("groups by three", () => {
    expect(withCommas("1")).toBe("1");
    expect(withCommas("1000")).toBe("1,000");
    expect(withCommas("100000000")).toBe("100,000,000");
  });
});
