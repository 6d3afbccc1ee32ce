import { describe, expect, it } from "vitest";
import { bboxAround, fitView, FIT_MAX_ZOOM, MIN_ZOOM, PREVIEW_BOX, type FitBounds } from "@/components/map/map-view-param";
import { toPixel } from "@/lib/mercator";

/** The bounds' size in pixels at a zoom. */
const spanAt = ([[s, w], [n, e]]: FitBounds, zoom: number) => {
  const a = toPixel(n, w, zoom);
  const b = toPixel(s, e, zoom);
  return { w: b.x - a.x, h: b.y - a.y };
};

describe("the map's first view, computed on the server (issue 31)", () => {
  it("fitView: Leaflet's fitBounds rule (padding 24 px, the highest whole zoom that fits, at most FIT_MAX_ZOOM)", () => {
    // 京都市 (about 34.9–35.1 N, 135.6–135.8 E)
    const kyoto: FitBounds = [
      [34.93, 135.66],
      [35.06, 135.79],
    ];
    const v = fitView(kyoto);
    const inner = { w: PREVIEW_BOX.width - 48, h: PREVIEW_BOX.height - 48 };
    const at = spanAt(kyoto, v.zoom);
    expect(at.w).toBeLessThanOrEqual(inner.w);
    expect(at.h).toBeLessThanOrEqual(inner.h);
    const closer = spanAt(kyoto, v.zoom + 1);
    expect(closer.w > inner.w || closer.h > inner.h).toBe(true);
    // by hand: 0.13° of longitude is 0.13/360 × 256 × 2^z px; 310 px fit at z = floor(log2(310 / 0.0924)) = 11
    expect(v.zoom).toBe(11);
    // the centre in Mercator pixels, not the mean of the latitudes (close here, as it should be)
    expect(v.lat).toBeCloseTo(34.995, 2);
    expect(v.lng).toBeCloseTo(135.725, 6);
  });

  it("fitView: one point opens at FIT_MAX_ZOOM; all of Japan no further out than MIN_ZOOM", () => {
    expect(
      fitView([
        [34.7, 135.5],
        [34.7, 135.5],
      ]).zoom,
    ).toBe(FIT_MAX_ZOOM);
    expect(
      fitView([
        [24, 122],
        [46, 154],
      ]).zoom,
    ).toBe(MIN_ZOOM);
  });

  it("bboxAround: the box of that many pixels centred on the view (west, south, east, north)", () => {
    const view = { lat: 34.7, lng: 135.5, zoom: 12 };
    const [w, s, e, n] = bboxAround(view, { width: 512, height: 512 }).split(",").map(Number) as [number, number, number, number];
    // 512 px at zoom 12 is 512 / (256 × 4096) of 360° = 0.17578125° of longitude
    expect(e - w).toBeCloseTo(0.17578125, 5);
    expect((e + w) / 2).toBeCloseTo(135.5, 5);
    const c = toPixel(view.lat, view.lng, 12);
    expect(toPixel(n, w, 12).y).toBeCloseTo(c.y - 256, 1);
    expect(toPixel(s, e, 12).y).toBeCloseTo(c.y + 256, 1);
  });
});
