/** URLs of a listing's pages and images, in one place. */

/** Detail page of a listing. */
export function investmentHref(id: number): string {
  return `/investments/${id}`;
}

/**
 * The stored variants of a listing image that /api/images serves (src/server/media/images.ts):
 * large (≤1600 px) webp/avif/jpg, 800, 480 (thumb, thumb_avif, thumb_jpg), 320 and 160 px.
 */
export type ListingImageVariant =
  "webp" | "avif" | "jpg" | "w800" | "w800_avif" | "thumb" | "thumb_avif" | "thumb_jpg" | "w320" | "w320_avif" | "w160" | "w160_avif";

/** A stored listing image variant (served by /api/images). */
export function investmentImageSrc(investmentId: number, name: string, variant: ListingImageVariant): string {
  return `/api/images/${investmentId}/${encodeURIComponent(name)}/${variant}`;
}

type Format = "avif" | "webp";
const WIDTHS: { width: number; variant: Record<Format, ListingImageVariant> }[] = [
  { width: 160, variant: { avif: "w160_avif", webp: "w160" } },
  { width: 320, variant: { avif: "w320_avif", webp: "w320" } },
  { width: 480, variant: { avif: "thumb_avif", webp: "thumb" } },
  { width: 800, variant: { avif: "w800_avif", webp: "w800" } },
];
const LARGE: Record<Format, ListingImageVariant> = { avif: "avif", webp: "webp" };

/**
 * A `srcset` of one format with the widths from `min` to `max` px; with `largeWidth` (the stored
 * large file's width) the large file too, and no width at or above it (files are never enlarged).
 */
export function listingSrcSet(
  investmentId: number,
  name: string,
  format: Format,
  { min = 160, max = 800, largeWidth }: { min?: number; max?: number; largeWidth?: number | null } = {},
): string {
  const parts = WIDTHS.filter((w) => w.width >= min && w.width <= max && (!largeWidth || w.width < largeWidth)).map(
    (w) => `${investmentImageSrc(investmentId, name, w.variant[format])} ${w.width}w`,
  );
  if (largeWidth) parts.push(`${investmentImageSrc(investmentId, name, LARGE[format])} ${largeWidth}w`);
  return parts.join(", ");
}
