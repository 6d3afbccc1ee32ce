/**
 * Hazard layers of the national hazard map portal (ハザードマップポータルサイト,
 * 重ねるハザードマップ; issue 34): the layers we read, their official legend colours
 * and what each colour means, in ONE place. The worker classifies a pixel with
 * `classifyPixel`, the detail page words a flag with `hazardWording`, the map's layer
 * control draws `legendOf`, and the search's hz key reads `isHazardOut`.
 *
 * Sources (verify again when the portal changes its legend):
 * - layer ids, titles and zoom range (2-17): the portal's layer list as mirrored in
 *   mghs15/gsimaps-with-disaportal docs/layers_txt/layers_disaportal_{flood,dosha}.txt
 *   (tiles at https://disaportaldata.gsi.go.jp/raster/{layer}/{z}/{x}/{y}.png);
 * - legend RGB: the portal's legend images shinsui_legend3.png (浸水深: the colours of
 *   国土交通省「水害ハザードマップ作成の手引き」, used alike by 洪水・高潮・津波 new
 *   legend) and keikai_{kyukeisya,dosekiryu,jisuberi}.png, as tabulated in
 *   mghs15/gsimaps-with-disaportal docs/js/disaportal_popup.js (disasterPopupTable).
 *
 * A transparent pixel is "not in a mapped zone" (`none`): NOT "safe" — an area the
 * data does not cover is blank too. A tile that could not be read is `unknown`,
 * never `none`.
 */

export type Rgb = readonly [number, number, number];

export interface LegendEntry {
  /** Stored in hazard_flags.class; stable. */
  key: string;
  /** The legend's own words. */
  label: string;
  rgb: Rgb;
  /**
   * Depth layers: 0 below 0.5 m, 1 from 0.5 m to 3 m, 2 3–5 m, 3 5–10 m, 4 10–20 m, 5 20 m and more.
   * Zone layers: 1 警戒区域 (yellow), 2 特別警戒区域 (red).
   */
  rank: number;
}

export type HazardGroup = "flood" | "sediment" | "tsunami" | "storm_surge";

export interface HazardLayer {
  /** The portal's layer id (the tile path's {layer}; stored in hazard_flags.layer). */
  id: string;
  group: HazardGroup;
  /** The portal's title. */
  title: string;
  /** The shorter name a flag's sentence starts with. */
  short: string;
  kind: "depth" | "zone";
  /** The finest zoom the portal serves (tiles are read there). */
  maxZoom: number;
  legend: readonly LegendEntry[];
}

/** 浸水深 (shinsui_legend3.png): 洪水・高潮・津波 share it. 0.3 m未満 and 0.5〜1.0 m are finer steps some data uses. */
const DEPTH_LEGEND: readonly LegendEntry[] = [
  { key: "d_lt03", label: "0.3m未満", rgb: [255, 255, 179], rank: 0 },
  { key: "d_lt05", label: "0.5m未満", rgb: [247, 245, 169], rank: 0 },
  { key: "d_05_1", label: "0.5〜1m", rgb: [248, 225, 166], rank: 1 },
  { key: "d_05_3", label: "0.5〜3m", rgb: [255, 216, 192], rank: 1 },
  { key: "d_3_5", label: "3〜5m", rgb: [255, 183, 183], rank: 2 },
  { key: "d_5_10", label: "5〜10m", rgb: [255, 145, 145], rank: 3 },
  { key: "d_10_20", label: "10〜20m", rgb: [242, 133, 201], rank: 4 },
  { key: "d_ge20", label: "20m以上", rgb: [220, 122, 220], rank: 5 },
];

/** 土砂災害警戒区域 legends: each phenomenon has its own yellow / red; 指定予定 is the lighter tone. */
const zoneLegend = (keikai: Rgb, tokubetsu: Rgb, keikaiPlanned: Rgb, tokubetsuPlanned: Rgb): LegendEntry[] => [
  { key: "keikai", label: "土砂災害警戒区域", rgb: keikai, rank: 1 },
  { key: "tokubetsu", label: "土砂災害特別警戒区域", rgb: tokubetsu, rank: 2 },
  { key: "keikai_planned", label: "土砂災害警戒区域（指定予定）", rgb: keikaiPlanned, rank: 1 },
  { key: "tokubetsu_planned", label: "土砂災害特別警戒区域（指定予定）", rgb: tokubetsuPlanned, rank: 2 },
];

export const HAZARD_LAYERS: readonly HazardLayer[] = [
  {
    id: "01_flood_l2_shinsuishin_data",
    group: "flood",
    title: "洪水浸水想定区域（想定最大規模）",
    short: "洪水",
    kind: "depth",
    maxZoom: 17,
    legend: DEPTH_LEGEND,
  },
  {
    id: "05_dosekiryukeikaikuiki",
    group: "sediment",
    title: "土砂災害警戒区域（土石流）",
    short: "土石流",
    kind: "zone",
    maxZoom: 17,
    legend: zoneLegend([230, 200, 50], [165, 0, 33], [235, 211, 91], [183, 51, 77]),
  },
  {
    id: "05_kyukeishakeikaikuiki",
    group: "sediment",
    title: "土砂災害警戒区域（急傾斜地の崩壊）",
    short: "急傾斜地の崩壊",
    kind: "zone",
    maxZoom: 17,
    legend: zoneLegend([250, 230, 0], [250, 40, 0], [251, 235, 51], [251, 83, 51]),
  },
  {
    id: "05_jisuberikeikaikuiki",
    group: "sediment",
    title: "土砂災害警戒区域（地すべり）",
    short: "地すべり",
    kind: "zone",
    maxZoom: 17,
    legend: zoneLegend([255, 153, 0], [180, 0, 40], [255, 173, 51], [195, 51, 83]),
  },
  { id: "04_tsunami_newlegend_data", group: "tsunami", title: "津波浸水想定", short: "津波", kind: "depth", maxZoom: 17, legend: DEPTH_LEGEND },
  {
    id: "03_hightide_l2_shinsuishin_data",
    group: "storm_surge",
    title: "高潮浸水想定区域（想定最大規模）",
    short: "高潮",
    kind: "depth",
    maxZoom: 17,
    legend: DEPTH_LEGEND,
  },
];

export type HazardLayerId = (typeof HAZARD_LAYERS)[number]["id"];
export const HAZARD_LAYER_IDS = HAZARD_LAYERS.map((l) => l.id) as [string, ...string[]];
const BY_ID = new Map(HAZARD_LAYERS.map((l) => [l.id, l]));

export function hazardLayer(id: string): HazardLayer | undefined {
  return BY_ID.get(id);
}

/** The credit the portal's terms ask for wherever its data is shown. */
export const HAZARD_CREDIT = "出典：ハザードマップポータルサイト";
export const HAZARD_CREDIT_URL = "https://disaportal.gsi.go.jp/";
/** The production tile base (HAZARD_TILE_BASE_URL's default): tiles at {base}/{layer}/{z}/{x}/{y}.png. */
export const HAZARD_TILE_BASE_DEFAULT = "https://disaportaldata.gsi.go.jp/raster";

/** Stored class of a transparent pixel: no zone mapped at the point (not "safe"). */
export const CLASS_NONE = "none";

/** A colour matches a legend colour when no channel is further off than this (PNG quantisation, resampling). */
export const COLOUR_TOLERANCE = 4;
/** Alpha at or below this is a transparent pixel (no zone). */
export const ALPHA_TRANSPARENT = 16;

export type PixelClass = { kind: "class"; key: string } | { kind: "none" } | { kind: "unmatched"; rgb: Rgb };

/**
 * One pixel of a layer's tile → its legend class. Nearest legend colour within
 * COLOUR_TOLERANCE per channel (the nearest wins where two are close, e.g. 0.3m未満 and
 * 0.5m未満); transparent → none; any other opaque colour → unmatched (never guessed).
 */
export function classifyPixel(layer: HazardLayer, r: number, g: number, b: number, a: number): PixelClass {
  if (a <= ALPHA_TRANSPARENT) return { kind: "none" };
  let best: LegendEntry | null = null;
  let bestDist = Infinity;
  for (const e of layer.legend) {
    const d = Math.max(Math.abs(e.rgb[0] - r), Math.abs(e.rgb[1] - g), Math.abs(e.rgb[2] - b));
    if (d <= COLOUR_TOLERANCE && d < bestDist) {
      best = e;
      bestDist = d;
    }
  }
  return best ? { kind: "class", key: best.key } : { kind: "unmatched", rgb: [r, g, b] };
}

/** Web Mercator: the tile and the pixel inside it (0-255) that hold a point at a zoom. */
export function tilePixel(lat: number, lng: number, zoom: number): { z: number; x: number; y: number; px: number; py: number } {
  const size = 256 * 2 ** zoom;
  const s = Math.sin((lat * Math.PI) / 180);
  const gx = Math.min(size - 1, Math.max(0, Math.floor(((lng + 180) / 360) * size)));
  const gy = Math.min(size - 1, Math.max(0, Math.floor((0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * size)));
  return { z: zoom, x: Math.floor(gx / 256), y: Math.floor(gy / 256), px: gx % 256, py: gy % 256 };
}

/** The tile URL of a layer: {base}/{layer}/{z}/{x}/{y}.png (or Leaflet's template, given "{z}" "{x}" "{y}"). */
export function hazardTileUrl(base: string, layer: string, z: number | string, x: number | string, y: number | string): string {
  return `${base.replace(/\/+$/, "")}/${layer}/${z}/${x}/${y}.png`;
}

/* ------------------------------------------------------------- flags */

/** A stored flag as the pages and the search read it. */
export interface HazardFlagView {
  layer: string;
  /** The worker's reading: a legend key, CLASS_NONE, or null (never read). */
  class: string | null;
  status: "ok" | "unknown";
  checkedAt: Date | null;
  overrideClass: string | null;
  overrideNote: string | null;
  overrideAt: Date | null;
}

/** The class that counts: staff's override wins; the worker's only when it read the tile (status ok). Null: unknown. */
export function effectiveClass(f: Pick<HazardFlagView, "class" | "status" | "overrideClass">): string | null {
  if (f.overrideClass) return f.overrideClass;
  return f.status === "ok" ? f.class : null;
}

/** A class key that is valid for a layer (a legend key or CLASS_NONE): the override's validation. */
export function isLayerClass(layerId: string, key: string): boolean {
  const l = hazardLayer(layerId);
  return Boolean(l && (key === CLASS_NONE || l.legend.some((e) => e.key === key)));
}

/**
 * The classes the search key hz=1 leaves out (issue 34): flood 浸水深 0.5 m or more
 * (rank ≥ 1) and any 土砂災害警戒区域 (警戒 or 特別警戒, designated or 指定予定 — a
 * zone about to be designated is the same slope). 津波 and 高潮 do not count.
 * Unknown never leaves a listing out.
 */
export function isHazardOutClass(layerId: string, key: string | null): boolean {
  const l = hazardLayer(layerId);
  if (!l || key === null || key === CLASS_NONE) return false;
  const e = l.legend.find((x) => x.key === key);
  if (!e) return false;
  if (l.group === "flood") return e.rank >= 1;
  if (l.group === "sediment") return true;
  return false;
}

/** A listing is left out by hz=1 when any of its effective flags is an hz class. */
export function isHazardOut(flags: readonly Pick<HazardFlagView, "layer" | "class" | "status" | "overrideClass">[]): boolean {
  return flags.some((f) => isHazardOutClass(f.layer, effectiveClass(f)));
}

/* ------------------------------------------------------------- wording */

export const UNKNOWN_WORD = "未確認";

/** A class of a layer in words: "想定浸水深 0.5〜3m", "区域外", "土砂災害特別警戒区域"; 未確認 for null. */
export function classWording(layer: HazardLayer, key: string | null): string {
  if (key === null) return UNKNOWN_WORD;
  if (key === CLASS_NONE) return layer.kind === "depth" ? "浸水想定区域外" : "区域外";
  const e = layer.legend.find((x) => x.key === key);
  if (!e) return UNKNOWN_WORD;
  return layer.kind === "depth" ? `想定浸水深 ${e.label}` : e.label;
}

export interface HazardLine {
  group: HazardGroup;
  /** "洪水：想定浸水深 0.5〜3m" */
  text: string;
  /** none: 区域外 / 浸水想定なし, zone: inside, unknown: 未確認 (some layer unread). */
  tone: "none" | "zone" | "unknown";
  /** Some flag of the line was set by staff. */
  confirmed: boolean;
}

const GROUP_NAMES: Record<HazardGroup, string> = { flood: "洪水", sediment: "土砂災害警戒区域", tsunami: "津波", storm_surge: "高潮" };

/**
 * The detail's sentences, one per group in the order 洪水, 土砂災害警戒区域, 津波, 高潮.
 * The three 土砂 layers make one line: inside any → the zones named; all read and
 * outside → 区域外; otherwise 未確認 (区域外 is never said of a layer not read).
 */
export function hazardWording(flags: readonly HazardFlagView[]): HazardLine[] {
  const byLayer = new Map(flags.map((f) => [f.layer, f]));
  const lines: HazardLine[] = [];
  for (const group of ["flood", "sediment", "tsunami", "storm_surge"] as const) {
    const layers = HAZARD_LAYERS.filter((l) => l.group === group);
    const read = layers.map((l) => {
      const f = byLayer.get(l.id);
      return { layer: l, key: f ? effectiveClass(f) : null, confirmed: Boolean(f?.overrideClass) };
    });
    const confirmed = read.some((r) => r.confirmed);
    if (group !== "sediment") {
      const r = read[0]!;
      const tone = r.key === null ? "unknown" : r.key === CLASS_NONE ? "none" : "zone";
      lines.push({ group, text: `${GROUP_NAMES[group]}：${classWording(r.layer, r.key)}`, tone, confirmed });
      continue;
    }
    const inside = read.filter((r) => r.key !== null && r.key !== CLASS_NONE);
    if (inside.length) {
      const parts = inside.map((r) => `${r.layer.short}（${classWording(r.layer, r.key).replace("土砂災害", "")}）`);
      lines.push({ group, text: `${GROUP_NAMES[group]}：${parts.join("・")}`, tone: "zone", confirmed });
    } else if (read.every((r) => r.key === CLASS_NONE)) {
      lines.push({ group, text: `${GROUP_NAMES[group]}：区域外`, tone: "none", confirmed });
    } else {
      lines.push({ group, text: `${GROUP_NAMES[group]}：${UNKNOWN_WORD}`, tone: "unknown", confirmed });
    }
  }
  return lines;
}

/** `rgb(…)` of a legend colour (the map's legend swatches). */
export const cssRgb = (c: Rgb) => `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
