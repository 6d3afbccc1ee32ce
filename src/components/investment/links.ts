/** URLs of a listing's pages and images, in one place. */

/** Detail page of a listing. */
export function investmentHref(id: number): string {
  return `/investments/${id}`;
}

/** Thumbnail of a stored listing image (served by /api/images). */
export function investmentThumbSrc(investmentId: number, name: string): string {
  return `/api/images/${investmentId}/${encodeURIComponent(name)}/thumb`;
}
