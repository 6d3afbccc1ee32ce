import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { boundsOf } from "@/components/map/map-view-param";
import { areaSelectionHref } from "@/components/search/area-search-form";
import { conditionsOf, entryPageHref, isListPath } from "@/components/search/entry-href";
import { PRICE_STEPS } from "@/components/search/feature-search-form";
import { RefineLinks } from "@/components/search/refine-links";
import { AREAS, areaName } from "@/lib/constants/investment";
import { collapseWards, DESIGNATED_CITIES, expandWards } from "@/lib/constants/designated-cities";
import municipalitiesJson from "@/master-data/municipalities.json";
import { expandCityCodes, parseSearchParams } from "@/schemas/search";

/** Issue 30: areas as investors think of them, and refining that keeps what was asked for. */
const munis = (municipalitiesJson as { municipalities: { code: string; name: string; parent_code?: string }[] }).municipalities;
/** The area page's facets as far as areaSelectionHref reads them. */
const facets = { areas: AREAS.map((a) => ({ id: a.id, municipalities: a.municipality_codes.map((code) => ({ code })) })) } as unknown as Parameters<
  typeof areaSelectionHref
>[0];
const qsOf = (href: string) => new URLSearchParams(href.split("?")[1] ?? "");
const OSAKA = DESIGNATED_CITIES.find((c) => c.key === "osaka")!;

describe("designated cities", () => {
  it("are the four cities of the master with all their wards (大阪市 24, 京都市 11, 神戸市 9, 堺市 7)", () => {
    expect(DESIGNATED_CITIES.map((c) => [c.code, c.name, c.ward_codes.length])).toEqual([
      ["271004", "大阪市", 24],
      ["261009", "京都市", 11],
      ["281000", "神戸市", 9],
      ["271403", "堺市", 7],
    ]);
    for (const c of DESIGNATED_CITIES) {
      expect(munis.find((m) => m.code === c.code)?.name).toBe(c.name);
      expect([...c.ward_codes]).toEqual(
        munis
          .filter((m) => m.parent_code === c.code)
          .map((m) => m.code)
          .sort(),
      );
      // the search's own expansion of ct agrees
      expect(expandCityCodes([c.code])).toEqual([c.code, ...c.ward_codes].sort());
    }
  });

  it("area 3 says it is central Osaka, and 大阪市 spans it and the bay area", () => {
    expect(areaName(3)).toBe("大阪市中心部");
    const inAreas = new Set(OSAKA.ward_codes.map((w) => AREAS.find((a) => a.municipality_codes.includes(w))?.id));
    expect([...inAreas].sort()).toEqual([3, 4]);
  });

  it("collapseWards / expandWards", () => {
    expect(collapseWards(OSAKA.ward_codes)).toEqual(["271004"]);
    expect(collapseWards([...OSAKA.ward_codes.slice(1), "272272"])).toEqual([...OSAKA.ward_codes.slice(1), "272272"].sort());
    expect(expandWards(["271004", "272272"])).toEqual([...OSAKA.ward_codes, "272272"].sort());
  });
});

describe("area page selection", () => {
  it("all 24 wards of 大阪市 go as ct=271004, not as two areas or 24 codes", () => {
    expect(qsOf(areaSelectionHref(facets, new Set(OSAKA.ward_codes))).getAll("ct")).toEqual(["271004"]);
    expect(qsOf(areaSelectionHref(facets, new Set(OSAKA.ward_codes))).getAll("re")).toEqual([]);
  });
  it("a whole area alone still goes as re; a whole city with another town as ct", () => {
    expect(qsOf(areaSelectionHref(facets, new Set(AREAS[2]!.municipality_codes))).getAll("re")).toEqual(["3"]);
    const kyoto = DESIGNATED_CITIES.find((c) => c.key === "kyoto")!;
    expect(qsOf(areaSelectionHref(facets, new Set([...kyoto.ward_codes, "272272"]))).getAll("ct")).toEqual(["261009", "272272"]);
  });
});

describe("ways into the search pages carry the conditions", () => {
  it("entryPageHref keeps the list's conditions, without its page, display or saved-filter id", () => {
    const q = parseSearchParams({ ty: "2", hp: "8000", page: "3" });
    expect(entryPageHref("/investments/search/train", q)).toBe("/investments/search/train?ty=2&hp=8000");
    expect(entryPageHref("/investments/search/area", {})).toBe("/investments/search/area");
    expect(entryPageHref("/investments/search/area", "ty=2&vw=table&pp=50&filter=abc&page=2")).toBe("/investments/search/area?ty=2");
    expect(entryPageHref("/investments/search/feature", q, "map")).toBe("/investments/search/feature?ty=2&hp=8000&to=map");
    expect(conditionsOf(new URLSearchParams("c=34.7,135.5&z=12&ct=261009")).toString()).toBe("ct=261009");
    expect(isListPath("/investments")).toBe(true);
    expect(isListPath("/investments/page/2/")).toBe(true);
    expect(isListPath("/investments/search/area")).toBe(false);
  });

  it("the side panel's three entries (train too) and its city choices keep the conditions", () => {
    const html = renderToStaticMarkup(createElement(RefineLinks, { query: parseSearchParams({ ty: "2", hp: "8000" }) }));
    for (const path of ["/investments/search/area", "/investments/search/train", "/investments/search/feature"]) {
      expect(html).toContain(`href="${path}?ty=2&amp;hp=8000"`);
    }
    expect(html).toContain("大阪市全域（24区）");
    // a city replaces an area choice (re and ct are ANDed), the other conditions stay
    expect(html).toContain('href="/investments/page/1?ct=271004&amp;ty=2&amp;hp=8000"');
  });
});

describe("refine details", () => {
  it("the price dropdown has steps between 7,000万 and 1億", () => {
    expect(PRICE_STEPS.filter((p) => p > 7000 && p < 10000)).toEqual([8000, 9000]);
  });
  it("boundsOf: the map opens on the results", () => {
    expect(boundsOf([])).toBeNull();
    expect(
      boundsOf([
        { lat: 35.01, lng: 135.76 },
        { lat: 34.98, lng: 135.7 },
      ]),
    ).toEqual([
      [34.98, 135.7],
      [35.01, 135.76],
    ]);
  });
});
