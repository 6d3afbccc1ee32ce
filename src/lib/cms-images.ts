/**
 * URLs of images uploaded in the CMS editor (post covers). Isomorphic: the
 * editor derives the preview thumbnail from the cover field's value, the
 * server builds the URLs and parses the route's file name.
 *
 *   /api/cms-images/{name}.webp        large, at most 1600 px wide
 *   /api/cms-images/{name}_thumb.webp  480 px wide thumbnail
 *
 * {name} is a generated 32-hex-character name; the uploaded file name is never used.
 */
export const CMS_IMAGE_BASE = "/api/cms-images";

export type CmsImageVariant = "webp" | "thumb";

const FILE_RE = /^([0-9a-f]{32})(_thumb)?\.webp$/;

export function cmsImageFileName(name: string, variant: CmsImageVariant): string {
  return variant === "thumb" ? `${name}_thumb.webp` : `${name}.webp`;
}

export function cmsImageUrl(name: string, variant: CmsImageVariant = "webp"): string {
  return `${CMS_IMAGE_BASE}/${cmsImageFileName(name, variant)}`;
}

/** "{name}.webp" / "{name}_thumb.webp" → its parts; null for anything else (no path tricks get through). */
export function parseCmsImageFile(file: string): { name: string; variant: CmsImageVariant } | null {
  const m = FILE_RE.exec(file);
  return m ? { name: m[1]!, variant: m[2] ? "thumb" : "webp" } : null;
}

/** The thumbnail of a cover URL when it is one of ours, else null. */
export function cmsThumbOf(url: string | null | undefined): string | null {
  if (!url?.startsWith(`${CMS_IMAGE_BASE}/`)) return null;
  const parsed = parseCmsImageFile(url.slice(CMS_IMAGE_BASE.length + 1));
  return parsed ? cmsImageUrl(parsed.name, "thumb") : null;
}
