import type * as React from "react";
import type { GalleryImage } from "./investment-gallery";

/** One gallery photo: webp with the jpeg fallback through <picture> (the browser decides), at its stored size. */
export function GalleryPicture({ image, ...img }: { image: GalleryImage } & Omit<React.ComponentProps<"img">, "src" | "alt" | "width" | "height">) {
  return (
    <picture>
      <source type="image/webp" srcSet={image.src} />
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
