import { describe, expect, it } from "vitest";
import { buildingAge, builtAt, formatAge, formatAgeShort, isNewQuakeStandard, jstYearMonth, residualAt, residualYears, usefulLife } from "@/lib/age";

// 2026-11-21 noon in Japan
const NOW = new Date("2026-11-21T12:00:00+09:00");

describe("jstYearMonth", () => {
  it("reads the date in Japan time", () => {
    // 2026-12-31T16:00Z is already 2027-01-01 01:00 in Japan
    expect(jstYearMonth(new Date("2026-12-31T16:00:00Z"))).toEqual({ year: 2027, month: 1 });
    expect(jstYearMonth(new Date("2026-12-31T14:59:59Z"))).toEqual({ year: 2026, month: 12 });
  });
});

describe("formatAge (spec §4)", () => {
  it("future build date → 完成予定・新築", () => {
    expect(formatAge({ year: 2027, month: 3 }, NOW)).toBe("完成予定・新築");
    expect(formatAge({ year: 2026, month: 12 }, NOW)).toBe("完成予定・新築");
    expect(formatAge({ year: 2027 }, NOW)).toBe("完成予定・新築");
  });
  it("same year (not in the future) → 新築", () => {
    expect(formatAge({ year: 2026, month: 11 }, NOW)).toBe("新築");
    expect(formatAge({ year: 2026, month: 1 }, NOW)).toBe("新築");
    expect(formatAge({ year: 2026, month: null }, NOW)).toBe("新築");
  });
  it("otherwise 築N年 in calendar years", () => {
    expect(formatAge({ year: 2025, month: 12 }, NOW)).toBe("築1年");
    expect(formatAge({ year: 2016, month: 4 }, NOW)).toBe("築10年");
    expect(formatAge({ year: 1975, month: 1 }, NOW)).toBe("築51年");
  });
  it("short form is N年", () => {
    expect(formatAgeShort({ year: 2016, month: 4 }, NOW)).toBe("10年");
    expect(formatAgeShort({ year: 2026, month: 1 }, NOW)).toBe("新築");
    expect(formatAgeShort({ year: 2030, month: 1 }, NOW)).toBe("完成予定・新築");
  });
  it("unknown year → empty", () => {
    expect(formatAge(null, NOW)).toBe("");
    expect(formatAge({ year: null, month: 4 }, NOW)).toBe("");
    expect(formatAgeShort(undefined, NOW)).toBe("");
  });
  it("uses Japan time around New Year", () => {
    const newYearJst = new Date("2026-12-31T15:30:00Z"); // 2027-01-01 00:30 JST
    expect(formatAge({ year: 2027, month: 1 }, newYearJst)).toBe("新築");
    expect(formatAge({ year: 2026, month: 12 }, newYearJst)).toBe("築1年");
  });
  it("defaults now to the current date", () => {
    expect(formatAge({ year: 1900, month: 1 })).toMatch(/^築\d+年$/);
  });
  it("buildingAge returns kind and years", () => {
    expect(buildingAge({ year: 2000, month: 5 }, NOW)).toEqual({ kind: "aged", years: 26 });
    expect(buildingAge({ year: 2026, month: 11 }, NOW)).toEqual({ kind: "new", years: 0 });
    expect(buildingAge({ year: 2026, month: 13 }, NOW)).toEqual({ kind: "new", years: 0 }); // bad month ignored
  });
});

describe("builtAt", () => {
  it("returns YYYY-MM-01", () => {
    expect(builtAt(1998, 3)).toBe("1998-03-01");
    expect(builtAt(2026, 12)).toBe("2026-12-01");
  });
  it("uses January when the month is unknown", () => {
    expect(builtAt(1998)).toBe("1998-01-01");
    expect(builtAt(1998, null)).toBe("1998-01-01");
  });
  it("returns null for invalid input", () => {
    expect(builtAt(null, 3)).toBeNull();
    expect(builtAt(1998, 0)).toBeNull();
    expect(builtAt(1998, 13)).toBeNull();
    expect(builtAt(1998.5, 1)).toBeNull();
  });
});

describe("isNewQuakeStandard (built June 1981 or later)", () => {
  it.each([
    [1981, 6, true],
    [1981, 12, true],
    [1982, 1, true],
    [2020, null, true],
    [1981, 5, false],
    [1981, 1, false],
    [1980, 12, false],
    [1981, null, false],
    [null, 6, false],
  ])("%j/%j → %j", (y, m, expected) => {
    expect(isNewQuakeStandard(y, m)).toBe(expected);
  });
});

describe("usefulLife", () => {
  it("uses the legal useful lives", () => {
    expect(usefulLife(1)).toBe(47);
    expect(usefulLife(2)).toBe(47);
    expect(usefulLife(3)).toBe(34);
    expect(usefulLife(4)).toBe(27);
    expect(usefulLife(5)).toBe(22);
    expect(usefulLife(99)).toBeNull();
    expect(usefulLife(null)).toBeNull();
  });
});

describe("residualYears (簡便法)", () => {
  const at = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 15, 3));
  it("age ≥ life → floor(life × 0.2)", () => {
    expect(residualYears(5, { year: 1990, month: 1 }, at(2026, 1))).toBe(4); // 22 × 0.2 = 4.4
    expect(residualYears(2, { year: 1970, month: 1 }, at(2026, 1))).toBe(9); // 9.4
    expect(residualYears(3, { year: 1980, month: 1 }, at(2026, 1))).toBe(6); // 6.8
    expect(residualYears(4, { year: 1990, month: 1 }, at(2026, 1))).toBe(5); // 5.4
    // exactly at the end of life
    expect(residualYears(5, { year: 2004, month: 1 }, at(2026, 1))).toBe(4);
  });
  it("age < life → floor(life − age + age × 0.2)", () => {
    // RC, 10 years: 47 − 10 + 2 = 39
    expect(residualYears(2, { year: 2016, month: 1 }, at(2026, 1))).toBe(39);
    // RC, 33 years: 20.6 → 20 (fs 1 threshold)
    expect(residualYears(2, { year: 1993, month: 1 }, at(2026, 1))).toBe(20);
    // RC, 34 years: 19.8 → 19
    expect(residualYears(1, { year: 1992, month: 1 }, at(2026, 1))).toBe(19);
    // wood, 10 years: 22 − 10 + 2 = 14
    expect(residualYears(5, { year: 2016, month: 4 }, at(2026, 4))).toBe(14);
    // wood, 21 years: 22 − 21 + 4.2 = 5.2 → 5
    expect(residualYears(5, { year: 2005, month: 4 }, at(2026, 4))).toBe(5);
  });
  it("counts elapsed months", () => {
    // RC, 33 years 6 months: 47 − 33.5 + 6.7 = 20.2 → 20
    expect(residualYears(2, { year: 1992, month: 7 }, at(2026, 1))).toBe(20);
    // RC, 33 years 11 months: 47 − 33.9167 + 6.7833 = 19.8667 → 19
    expect(residualYears(2, { year: 1992, month: 2 }, at(2026, 1))).toBe(19);
    // unknown month counts as January
    expect(residualYears(2, { year: 1992 }, at(2026, 1))).toBe(19);
  });
  it("a building not yet completed keeps its full life", () => {
    expect(residualYears(2, { year: 2027, month: 4 }, at(2026, 1))).toBe(47);
    expect(residualYears(5, { year: 2026, month: 1 }, at(2026, 1))).toBe(22);
  });
  it("null without a legal life or a year", () => {
    expect(residualYears(99, { year: 2000, month: 1 }, NOW)).toBeNull();
    expect(residualYears(null, { year: 2000, month: 1 }, NOW)).toBeNull();
    expect(residualYears(2, { year: null }, NOW)).toBeNull();
    expect(residualYears(2, null, NOW)).toBeNull();
  });
});

describe("residualAt", () => {
  it("adds the remaining years to the current month", () => {
    expect(residualAt(2, { year: 2016, month: 1 }, new Date("2026-01-15T12:00:00+09:00"))).toBe("2065-01-01");
    expect(residualAt(5, { year: 1990, month: 1 }, NOW)).toBe("2030-11-01");
  });
  it("null when residualYears is null", () => {
    expect(residualAt(99, { year: 2000, month: 1 }, NOW)).toBeNull();
  });
});
