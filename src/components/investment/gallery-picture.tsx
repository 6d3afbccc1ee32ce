import type * as React from "react";
import type { GalleryImage } from "./investment-gallery";

/**
 * The detail gallery's main picture at its drawn width (investment-detail/index.tsx): the page
 * less its padding on phones and tablets, beside the 23rem column from lg, at most 80rem - 2.5rem - 23rem - 1.5rem.
 */
export const GALLERY_SIZES = "(min-width: 1280px) 848px, (min-width: 1024px) calc(100vw - 432px), (min-width: 640px) calc(100vw - 40px), calc(100vw - 32px)";

/**
 * One gallery photo: AVIF and WebP sources at 320 px up to the stored size (the browser picks by
 * `sizes` and the screen's density), the large JPEG for browsers with neither.
 */
export function GalleryPicture({
  image,
  sizes = GALLERY_SIZES,
  ...img
}: { image: GalleryImage; sizes?: string } & Omit<React.ComponentProps<"img">, "src" | "srcSet" | "alt" | "width" | "height" | "sizes">) {
  return (
    <picture>
      <source type="image/avif" srcSet={image.avifSet} sizes={sizes} />
      <source type="image/webp" srcSet={image.webpSet} sizes={sizes} />
      <img src={image.fallback} alt={image.alt} width={image.width ?? 1200} height={image.height ?? 900} decoding="async" {...img} />
    </picture>
  );
}

/** Where a key moves the gallery from `index` (→ ← Home End), or null for other keys. */
export function galleryKeyTarget(key: string, index: number, count: number): number | null {
  if (key === "ArrowRight") return index + 1;
  if (key === "ArrowLeft") return index - 1;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}
