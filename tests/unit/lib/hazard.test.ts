import { describe, expect, it } from "vitest";
import {
  CLASS_NONE,
  classifyPixel,
  HAZARD_LAYERS,
  hazardLayer,
  hazardTileUrl,
  hazardWording,
  isHazardOut,
  isLayerClass,
  tilePixel,
  type HazardFlagView,
} from "@/lib/hazard";
import { toPixel } from "@/lib/mercator";

const flood = hazardLayer("01_flood_l2_shinsuishin_data")!;
const steep = hazardLayer("05_kyukeishakeikaikuiki")!;

const flag = (layer: string, cls: string | null, over: Partial<HazardFlagView> = {}): HazardFlagView => ({
  layer,
  class: cls,
  status: cls === null ? "unknown" : "ok",
  checkedAt: new Date(),
  overrideClass: null,
  overrideNote: null,
  overrideAt: null,
  ...over,
});

describe("hazard legend tables", () => {
  it("names the portal's layers, each legend colour once per layer", () => {
    expect(HAZARD_LAYERS.map((l) => l.id)).toEqual([
      "01_flood_l2_shinsuishin_data",
      "05_dosekiryukeikaikuiki",
      "05_kyukeishakeikaikuiki",
      "05_jisuberikeikaikuiki",
      "04_tsunami_newlegend_data",
      "03_hightide_l2_shinsuishin_data",
    ]);
    for (const l of HAZARD_LAYERS) {
      const colours = l.legend.map((e) => e.rgb.join());
      expect(new Set(colours).size).toBe(colours.length);
      // every colour reads back as its own class
      for (const e of l.legend) expect(classifyPixel(l, ...e.rgb, 255)).toEqual({ kind: "class", key: e.key });
    }
  });

  it("matches a legend colour within the tolerance, nearest first; transparent is none; others unmatched", () => {
    expect(classifyPixel(flood, 255 - 3, 183 + 2, 183, 255)).toEqual({ kind: "class", key: "d_3_5" });
    expect(classifyPixel(flood, 255, 183 + 9, 183, 255)).toEqual({ kind: "unmatched", rgb: [255, 192, 183] });
    expect(classifyPixel(flood, 0, 0, 0, 0)).toEqual({ kind: "none" });
    expect(classifyPixel(flood, 255, 183, 183, 10)).toEqual({ kind: "none" });
    // 0.3m未満 and 0.5m未満 are 10 apart: each pixel goes to its own
    expect(classifyPixel(flood, 254, 254, 178, 255)).toEqual({ kind: "class", key: "d_lt03" });
    expect(classifyPixel(flood, 248, 246, 170, 255)).toEqual({ kind: "class", key: "d_lt05" });
    expect(classifyPixel(steep, 250, 40, 0, 255)).toEqual({ kind: "class", key: "tokubetsu" });
  });

  it("finds the tile pixel of a point as Web Mercator does", () => {
    const p = tilePixel(34.7025, 135.4959, 17);
    const g = toPixel(34.7025, 135.4959, 17);
    expect(p.x * 256 + p.px).toBe(Math.floor(g.x));
    expect(p.y * 256 + p.py).toBe(Math.floor(g.y));
    expect(hazardTileUrl("http://t.example/raster/", "05_jisuberikeikaikuiki", 17, p.x, p.y)).toBe(
      `http://t.example/raster/05_jisuberikeikaikuiki/17/${p.x}/${p.y}.png`,
    );
  });

  it("hz: flood ≥ 0.5 m or any 土砂 zone is out; unknown, below 0.5 m, 津波 and 高潮 are not; an override wins", () => {
    expect(isHazardOut([flag(flood.id, "d_05_3")])).toBe(true);
    expect(isHazardOut([flag(flood.id, "d_lt05")])).toBe(false);
    expect(isHazardOut([flag(flood.id, null)])).toBe(false);
    expect(isHazardOut([flag(steep.id, "keikai_planned")])).toBe(true);
    expect(isHazardOut([flag("04_tsunami_newlegend_data", "d_5_10"), flag("03_hightide_l2_shinsuishin_data", "d_3_5")])).toBe(false);
    expect(isHazardOut([flag(flood.id, "d_3_5", { overrideClass: CLASS_NONE })])).toBe(false);
    expect(isHazardOut([flag(flood.id, null, { overrideClass: "d_3_5" })])).toBe(true);
    // a class read once, then a failed read (status unknown) counts as unknown
    expect(isHazardOut([flag(flood.id, "d_3_5", { status: "unknown" })])).toBe(false);
    expect(isLayerClass(flood.id, "d_3_5")).toBe(true);
    expect(isLayerClass(flood.id, "keikai")).toBe(false);
    expect(isLayerClass(steep.id, CLASS_NONE)).toBe(true);
  });

  it("words the flags, never 区域外 for what was not read", () => {
    const all = (over: Record<string, string | null>) => HAZARD_LAYERS.map((l) => flag(l.id, l.id in over ? over[l.id]! : CLASS_NONE));
    expect(hazardWording(all({ "01_flood_l2_shinsuishin_data": "d_05_3" })).map((l) => l.text)).toEqual([
      "洪水：想定浸水深 0.5〜3m",
      "土砂災害警戒区域：区域外",
      "津波：浸水想定区域外",
      "高潮：浸水想定区域外",
    ]);
    const lines = hazardWording(all({ "05_jisuberikeikaikuiki": null, "01_flood_l2_shinsuishin_data": null }));
    expect(lines[0]).toMatchObject({ text: "洪水：未確認", tone: "unknown" });
    expect(lines[1]).toMatchObject({ text: "土砂災害警戒区域：未確認", tone: "unknown" });
    expect(hazardWording(all({ "05_kyukeishakeikaikuiki": "tokubetsu" }))[1]).toMatchObject({
      text: "土砂災害警戒区域：急傾斜地の崩壊（特別警戒区域）",
      tone: "zone",
    });
    expect(hazardWording([]).every((l) => l.tone === "unknown")).toBe(true);
  });
});
