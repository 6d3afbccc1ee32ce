import { describe, expect, it } from "vitest";
import { fromFixed, parseDecimal } from "@/lib/decimal";

describe("parseDecimal", () => {
  it.each([
    ["4.35", 435n, 2],
    ["４．３５", 435n, 2],
    ["-1,234.50", -123450n, 2],
    ["0012", 12n, 0],
    [".5", 5n, 1],
    ["7.", 7n, 0],
  ])("parses %j exactly", (input, int, scale) => {
    expect(parseDecimal(input)).toEqual({ int, scale });
  });

  it("reads numbers through their shortest string", () => {
    expect(parseDecimal(4.35)).toEqual({ int: 435n, scale: 2 });
    expect(parseDecimal(1e21)).toEqual({ int: 10n ** 21n, scale: 0 });
    expect(parseDecimal(1.5e-7)).toEqual({ int: 15n, scale: 8 });
  });

  it.each(["", "abc", "1e3", "1.2.3", "-", ".", null, undefined, Number.NaN, Number.POSITIVE_INFINITY])("rejects %j", (input) => {
    expect(parseDecimal(input)).toBeNull();
  });

  it("fromFixed gives the same double as the literal", () => {
    expect(fromFixed(435n, 2)).toBe(4.35);
    expect(fromFixed(12345n, 4)).toBe(1.2345);
  });
});
