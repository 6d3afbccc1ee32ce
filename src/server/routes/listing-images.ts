import { createContext } from "@/server/api/context";
import { getDb, type Db } from "@/server/db";
import { imageForViewer } from "@/server/investments";
import { ensureImageVariant, IMAGE_CONTENT_TYPES, IMAGE_VARIANTS, isImageName, type ImageVariant, type StorageOptions } from "@/server/media";

/**
 * Listing images by generated name. Visibility is the listing's: a visitor
 * asking for a members-only listing's photo gets the same 404 as for a
 * missing one. Public images may be cached by shared caches; members-only
 * ones only privately. An admin session also sees the photos of listings no
 * one else may see (the preview area), and those responses are never stored.
 */
/**
 * How long a shared cache or browser may keep a public listing's photo without asking again. A listing
 * can become members-only at any moment and a stored copy cannot be recalled, so this bounds how long
 * its photos stay visible to visitors after that (issue 16: it was a day plus a week stale); asking
 * again after that costs a 304 (ETag).
 */
const PUBLIC_IMAGE_MAX_AGE_SECONDS = 300;
const notFound = () => new Response("Not Found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });

export async function listingImageResponse(
  req: Request,
  { id, name, variant }: { id: string; name: string; variant: string },
  /** The process's database and media store by default (tests pass their own; database storage uses `db`). */
  deps: { db?: Db; storage?: StorageOptions } = {},
): Promise<Response> {
  const investmentId = Number(id);
  if (!Number.isSafeInteger(investmentId) || investmentId <= 0 || !isImageName(name) || !IMAGE_VARIANTS.includes(variant as ImageVariant)) {
    return notFound();
  }
  const db = deps.db ?? (await getDb());
  const ctx = await createContext({ db, headers: req.headers });
  const image = await imageForViewer(db, ctx, investmentId, name);
  if (!image) return notFound();
  // Only after the visibility check: a variant an older image lacks is made (once) for someone who may see it.
  const file = await ensureImageVariant(investmentId, name, variant as ImageVariant, { db, ...deps.storage });
  if (!file) return notFound();
  const etag = file.etag;
  const headers = {
    "content-type": IMAGE_CONTENT_TYPES[variant as ImageVariant],
    "content-length": String(file.size),
    // An unpublished listing's photo, for an admin (preview): never stored.
    "cache-control": image.previewOnly
      ? "private, no-store"
      : image.members
        ? "private, max-age=3600"
        : `public, max-age=${PUBLIC_IMAGE_MAX_AGE_SECONDS}, must-revalidate`,
    etag,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'",
  };
  if (req.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(file.stream(), { headers });
}
