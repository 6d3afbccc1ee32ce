import { describe, expect, it } from "vitest";
import { investmentImageSrc, listingSrcSet } from "@/components/investment/links";

const NAME = "0123456789abcdef0123456789abcdef";

describe("listing photo srcsets (issue 21)", () => {
  it("cards: AVIF and WebP at 160, 320, 480 and 800 px", () => {
    expect(listingSrcSet(7, NAME, "avif")).toBe(
      [
        `/api/images/7/${NAME}/w160_avif 160w`,
        `/api/images/7/${NAME}/w320_avif 320w`,
        `/api/images/7/${NAME}/thumb_avif 480w`,
        `/api/images/7/${NAME}/w800_avif 800w`,
      ].join(", "),
    );
    expect(listingSrcSet(7, NAME, "webp")).toBe(
      [`/api/images/7/${NAME}/w160 160w`, `/api/images/7/${NAME}/w320 320w`, `/api/images/7/${NAME}/thumb 480w`, `/api/images/7/${NAME}/w800 800w`].join(", "),
    );
  });

  it("the gallery: from 320 px up to the stored large file at its real width, nothing at or above it", () => {
    expect(listingSrcSet(7, NAME, "avif", { min: 320, largeWidth: 1600 })).toBe(
      [
        `/api/images/7/${NAME}/w320_avif 320w`,
        `/api/images/7/${NAME}/thumb_avif 480w`,
        `/api/images/7/${NAME}/w800_avif 800w`,
        `/api/images/7/${NAME}/avif 1600w`,
      ].join(", "),
    );
    // A 600 px upload: the 800 px file would be the same 600 px, so the large one stands for it.
    expect(listingSrcSet(7, NAME, "webp", { min: 320, largeWidth: 600 })).toBe(
      [`/api/images/7/${NAME}/w320 320w`, `/api/images/7/${NAME}/thumb 480w`, `/api/images/7/${NAME}/webp 600w`].join(", "),
    );
  });

  it("the thumbnail strip and bookmarks: 160 and 320 px only", () => {
    expect(listingSrcSet(7, NAME, "avif", { max: 320 })).toBe(`/api/images/7/${NAME}/w160_avif 160w, /api/images/7/${NAME}/w320_avif 320w`);
  });

  it("URLs are built from the id and the encoded name", () => {
    expect(investmentImageSrc(3, "a/b", "jpg")).toBe("/api/images/3/a%2Fb/jpg");
  });
});
