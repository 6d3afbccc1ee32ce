import { describe, expect, it } from "vitest";
import { parseNumber, toHalfWidth } from "@/lib/digits";

describe("toHalfWidth", () => {
  it("converts full-width digits", () => {
    expect(toHalfWidth("０１２３４５６７８９")).toBe("0123456789");
  });
  it("converts full-width period, minus and comma", () => {
    expect(toHalfWidth("－１，２３４．５")).toBe("-1,234.5");
  });
  it("converts U+2212 minus sign", () => {
    expect(toHalfWidth("\u2212５")).toBe("-5");
  });
  it("converts full-width alphabet", () => {
    expect(toHalfWidth("ＡＢＣｘｙｚ")).toBe("ABCxyz");
  });
  it("leaves half-width text and other Japanese characters alone", () => {
    expect(toHalfWidth("abc 123")).toBe("abc 123");
    expect(toHalfWidth("築（２０年）ー！")).toBe("築（20年）ー！");
  });
});

describe("parseNumber", () => {
  it.each([
    ["123", 123],
    ["１２３", 123],
    ["１２．５", 12.5],
    ["12.", 12],
    [".5", 0.5],
    ["-3", -3],
    ["－３", -3],
    ["+4", 4],
    ["1,200", 1200],
    ["１，２００．５", 1200.5],
    ["  42  ", 42],
    ["\u3000４２\u3000", 42],
    ["0", 0],
  ])("parses %j", (input, expected) => {
    expect(parseNumber(input)).toBe(expected);
  });

  it.each(["", " ", "abc", "1.2.3", "1e3", "0x10", "Infinity", "NaN", "12円", "-", "."])("rejects %j", (input) => {
    expect(parseNumber(input)).toBeNull();
  });

  it("passes finite numbers through and rejects others", () => {
    expect(parseNumber(4.35)).toBe(4.35);
    expect(parseNumber(Number.NaN)).toBeNull();
    expect(parseNumber(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseNumber(null)).toBeNull();
    expect(parseNumber(undefined)).toBeNull();
  });
});
