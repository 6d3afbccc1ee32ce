/**
 * Map search (/investments/map, GET /api/investments/map, public.map.view):
 * the viewport (bbox, zoom), the selected marker, and what a viewport answers
 * (clusters, single markers, the cards in view, counts). The search
 * parameters of the list page come along as they are and are read by
 * parseSearchParams (lenient, like the list); bbox and zoom are checked here
 * strictly, so a bad viewport is a 422 with a Japanese field message.
 */
import { investmentCard, investmentCardDto } from "@/schemas/investment";
import { publicSearchParams } from "@/schemas/search";
import { label, z } from "@/schemas/zod";

/** Zoom levels the map offers (5: all of western Japan, 18: a block). */
export const MAP_MIN_ZOOM = 5;
export const MAP_MAX_ZOOM = 18;
/** Cards listed for a viewport (newest first, or the query's sort). */
export const MAP_CARDS = 20;

/** "west,south,east,north" (degrees) or the four numbers as a list. */
function toBbox(v: unknown): unknown {
  const parts = typeof v === "string" ? v.split(",") : Array.isArray(v) ? v : null;
  if (!parts || parts.length !== 4) return v;
  return parts.map((p) => (typeof p === "string" && p.trim() !== "" ? Number(p) : p));
}

const lng = z.number().min(-180).max(180);
const lat = z.number().min(-85).max(85);

export const mapBbox = label(
  z.preprocess(
    toBbox,
    z
      .tuple([lng, lat, lng, lat])
      .refine(([w, s, e, n]) => w < e && s < n, { message: "表示範囲は「西,南,東,北」の順で、西は東より、南は北より小さくしてください" }),
  ),
  "表示範囲",
);
export const mapZoom = label(z.coerce.number().int().min(MAP_MIN_ZOOM).max(MAP_MAX_ZOOM), "ズーム");
const selected = label(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER), "選択した物件");

const viewFields = {
  bbox: mapBbox.describe("表示範囲: 西経度,南緯度,東経度,北緯度 (例 135.3,34.5,135.7,34.8)"),
  zoom: mapZoom.describe(`ズームレベル (${MAP_MIN_ZOOM}〜${MAP_MAX_ZOOM}): 集約する格子の細かさ`),
  sel: selected.optional().describe("選択したマーカーの物件 ID: 範囲と条件に合えば cards の先頭に来る"),
};

/**
 * The procedure's input: the viewport, checked, and every other key kept raw
 * for parseSearchParams (the list page's parameters, read leniently).
 */
export const mapViewInput = z.object(viewFields).catchall(z.unknown());
export type MapViewInput = z.infer<typeof mapViewInput>;

/** GET /api/investments/map's parameters as documented: the viewport plus the list's search parameters. */
export const mapViewParams = publicSearchParams.extend(viewFields);

/** Positions are public points (src/lib/public-position.ts): a 0.001° grid, never the stored point (issue 27). */
const cluster = z.object({
  lat: z.number().describe("まとまっている物件のおおよその位置の平均 (緯度)"),
  lng: z.number().describe("まとまっている物件のおおよその位置の平均 (経度)"),
  count: z.int().min(2).describe("まとまっている物件数"),
  members: z.boolean().describe("会員限定物件を含む (会員にのみ)"),
});
const marker = z.object({
  id: z.int(),
  lat: z.number().describe("おおよその位置 (緯度、0.001°単位: 約100m)"),
  lng: z.number().describe("おおよその位置 (経度、0.001°単位: 約100m)"),
  price: z.int().describe("価格 (万円)"),
  members: z.boolean().describe("会員限定物件 (会員にのみ)"),
});

function viewOf<C extends z.ZodType>(card: C) {
  return z.object({
    zoom: z.int(),
    clusters: z.array(cluster),
    markers: z.array(marker),
    total: z.int().describe("表示範囲で条件に合う物件数"),
    cards: z.array(card).describe(`表示範囲の物件 (最大${MAP_CARDS}件)`),
    unplaced: z.int().describe("条件に合うが位置情報のない物件数 (地図に出ない)"),
  });
}

export const mapView = viewOf(investmentCard);
export type MapView = z.infer<typeof mapView>;
export type MapCluster = z.infer<typeof cluster>;
export type MapMarker = z.infer<typeof marker>;
/** GET /api/investments/map: cards with `_id` like every REST list. */
export const mapViewDto = viewOf(investmentCardDto);

/** The editor's "nearest station" helper: a position to place an unplaced listing. */
export const nearestStationInput = z.object({ stationCd: z.coerce.number().int().positive() });
