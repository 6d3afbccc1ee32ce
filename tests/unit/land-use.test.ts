import { describe, expect, it } from "vitest";
import { LAND_USE_ZONES, isLandUseZone, mapLandUse } from "@/lib/constants/land-use";

describe("LAND_USE_ZONES", () => {
  it("holds the 13 zones of 都市計画法 第9条 plus 指定なし and 市街化調整区域, each once", () => {
    expect(LAND_USE_ZONES).toHaveLength(15);
    expect(new Set(LAND_USE_ZONES.map((z) => z.name)).size).toBe(15);
    expect(LAND_USE_ZONES.filter((z) => z.name.endsWith("地域"))).toHaveLength(13);
  });
});

describe("mapLandUse", () => {
  it("keeps every official name as it is", () => {
    for (const z of LAND_USE_ZONES) expect(mapLandUse(z.name)).toBe(z.name);
  });

  it.each([
    ["1種低層", "第一種低層住居専用地域"],
    ["第１種低層住居専用地域", "第一種低層住居専用地域"],
    ["一低層", "第一種低層住居専用地域"],
    ["2種低層住専", "第二種低層住居専用地域"],
    ["第1種中高層", "第一種中高層住居専用地域"],
    ["２中高", "第二種中高層住居専用地域"],
    ["第1種住居", "第一種住居地域"],
    ["第２種住居地域", "第二種住居地域"],
    ["1住", "第一種住居地域"],
    ["準住居", "準住居地域"],
    ["田園住居", "田園住居地域"],
    ["商業", "商業地域"],
    ["商業地域（80/400）", "商業地域"],
    ["近商", "近隣商業地域"],
    ["近隣商業", "近隣商業地域"],
    ["準工", "準工業地域"],
    ["準工業", "準工業地域"],
    ["工業", "工業地域"],
    ["工専", "工業専用地域"],
    ["調整区域", "市街化調整区域"],
    ["市街化調整区域（非線引き）", "市街化調整区域"],
    ["無指定", "指定なし"],
    ["用途地域の指定なし", "指定なし"],
    ["なし", "指定なし"],
    [" 商業 地域 ", "商業地域"],
  ])("%s → %s", (input, want) => {
    expect(mapLandUse(input)).toBe(want);
  });

  it.each([
    ["", "blank"],
    ["住居地域", "which 住居 is not said"],
    ["第一種住居専用地域", "the pre-1992 name is ambiguous"],
    ["商業・近商", "two zones"],
    ["第1種住居/準工", "two zones"],
    ["駅前", "no zone at all"],
  ])("%s → null (%s)", (input) => {
    expect(mapLandUse(input)).toBeNull();
  });

  it("null and undefined give null; isLandUseZone tells official names from free text", () => {
    expect(mapLandUse(null)).toBeNull();
    expect(mapLandUse(undefined)).toBeNull();
    expect(isLandUseZone("商業地域")).toBe(true);
    expect(isLandUseZone("商業")).toBe(false);
  });
});
