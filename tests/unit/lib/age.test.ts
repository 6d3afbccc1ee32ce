import { describe, expect, it } from "vitest";
import { jstMonthPlusYears } from "@/lib/jst-date";
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

describe("residualYears: 残存耐用年数 = max(0, 法定 − 経過) (issue 35; the 簡便法 period is economics.simplifiedUsefulLife)", () => {
  const at = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 15, 3));
  it("past its legal life → 0 (not floor(life × 0.2) as the 簡便法 gives)", () => {
    expect(residualYears(5, { year: 1990, month: 1 }, at(2026, 1))).toBe(0);
    expect(residualYears(2, { year: 1970, month: 1 }, at(2026, 1))).toBe(0);
    // exactly at the end of life
    expect(residualYears(5, { year: 2004, month: 1 }, at(2026, 1))).toBe(0);
  });
  it("age < life → life − age in whole years", () => {
    // the example: RC aged 11 → 47 − 11 = 36 (the 簡便法 would say 38)
    expect(residualYears(2, { year: 2015, month: 11 }, at(2026, 11))).toBe(36);
    // RC, 10 years: 37
    expect(residualYears(2, { year: 2016, month: 1 }, at(2026, 1))).toBe(37);
    // RC, 27 years: 20 (the fs 1 threshold)
    expect(residualYears(2, { year: 1999, month: 1 }, at(2026, 1))).toBe(20);
    // wood, 10 years: 12
    expect(residualYears(5, { year: 2016, month: 4 }, at(2026, 4))).toBe(12);
  });
  it("counts elapsed months and truncates", () => {
    // RC, 26 years 6 months: 20.5 → 20
    expect(residualYears(2, { year: 1999, month: 7 }, at(2026, 1))).toBe(20);
    // RC, 27 years 1 month: 19.9 → 19
    expect(residualYears(2, { year: 1998, month: 12 }, at(2026, 1))).toBe(19);
    // unknown month counts as January
    expect(residualYears(2, { year: 1999 }, at(2026, 2))).toBe(19);
  });
  it("a building not yet completed keeps its full life", () => {
    expect(residualYears(2, { year: 2027, month: 4 }, at(2026, 1))).toBe(47);
    expect(residualYears(5, { year: 2026, month: 1 }, at(2026, 1))).toBe(22);
  });
  it("鉄骨の肉厚 picks the bracket when given", () => {
    expect(residualYears({ structure_cd: 4, steel_thickness_mm: 2.3 }, { year: 2016, month: 1 }, at(2026, 1))).toBe(9); // 19 − 10
    expect(residualYears({ structure_cd: 4, steel_thickness_mm: 4.5 }, { year: 2016, month: 1 }, at(2026, 1))).toBe(24); // 34 − 10
  });
  it("null without a legal life or a year", () => {
    expect(residualYears(99, { year: 2000, month: 1 }, NOW)).toBeNull();
    expect(residualYears(null, { year: 2000, month: 1 }, NOW)).toBeNull();
    expect(residualYears(2, { year: null }, NOW)).toBeNull();
    expect(residualYears(2, null, NOW)).toBeNull();
  });
});

describe("residualAt", () => {
  it("is the month the legal life ends: build month + 法定耐用年数, whatever the date", () => {
    expect(residualAt(2, { year: 2016, month: 1 })).toBe("2063-01-01");
    expect(residualAt(5, { year: 1990, month: 1 })).toBe("2012-01-01");
    expect(residualAt(2, { year: 1999 })).toBe("2046-01-01");
  });
  it("residualYears(now) ≥ N exactly when residual_at ≥ this month + N years (the rs filter's comparison)", () => {
    for (const [built, now] of [
      [{ year: 1999, month: 7 }, new Date("2026-01-31T12:00:00+09:00")],
      [{ year: 1999, month: 1 }, new Date("2026-01-01T00:30:00+09:00")],
      [{ year: 2015, month: 11 }, new Date("2026-11-27T12:00:00+09:00")],
    ] as const) {
      const at = residualAt(2, built)!;
      const years = residualYears(2, built, now)!;
      for (const n of [years - 1, years, years + 1]) expect(at >= jstMonthPlusYears(now, n), `${JSON.stringify(built)} n=${n}`).toBe(years >= n);
    }
  });
  it("null when residualYears is null", () => {
    expect(residualAt(99, { year: 2000, month: 1 })).toBeNull();
  });
});
