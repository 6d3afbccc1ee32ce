/** URLs of a listing's pages and images, in one place. */

/** Detail page of a listing. */
export function investmentHref(id: number): string {
  return `/investments/${id}`;
}

/** A stored listing image variant (served by /api/images): webp, jpg, thumb (webp) or thumb_jpg. */
export function investmentImageSrc(investmentId: number, name: string, variant: "webp" | "jpg" | "thumb" | "thumb_jpg"): string {
  return `/api/images/${investmentId}/${encodeURIComponent(name)}/${variant}`;
}

/** Thumbnail (webp) of a stored listing image; investmentImageSrc(…, "thumb_jpg") is its fallback. */
export function investmentThumbSrc(investmentId: number, name: string): string {
  return investmentImageSrc(investmentId, name, "thumb");
}
