/**
 * Images uploaded in the CMS editor (blog post covers), through the listing
 * photos' pipeline: the same checks (size, type sniffed from the bytes, a
 * decoder that agrees) and sharp re-encoding (metadata dropped, EXIF
 * orientation applied), kept as WebP only — the large image (≤1600 px) and a
 * 480 px thumbnail for the editor's preview — under a generated name:
 *
 *   cms/{name}.webp, {name}_thumb.webp   (keys of the media store, storage.ts)
 *
 * Covers are public (the post's page shows them); the name is random, so an
 * unpublished post's cover cannot be guessed. See src/lib/cms-images.ts for
 * the URLs.
 */
import path from "node:path";
import { cmsImageFileName, cmsImageUrl, parseCmsImageFile } from "@/lib/cms-images";
import { encodeUpload } from "@/server/media/image-staging";
import { newImageName } from "@/server/media/images";
import { mediaStore, uploadRoot, type StorageOptions } from "@/server/media/storage";

export interface CmsImage {
  name: string;
  /** The large image's URL: what goes into cover_image. */
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
}

export function cmsImageDir(opts: StorageOptions = {}): string {
  return path.join(/*turbopackIgnore: true*/ uploadRoot(opts), "cms");
}

/** Checks, re-encodes and stores one upload. Throws UploadRejectedError with a Japanese message. */
export async function storeCmsImage(buffer: Buffer, opts: StorageOptions = {}): Promise<CmsImage> {
  const encoded = await encodeUpload(buffer);
  const name = newImageName();
  await (
    await mediaStore(opts)
  ).putMany([
    [`cms/${cmsImageFileName(name, "webp")}`, encoded.files.webp],
    [`cms/${cmsImageFileName(name, "thumb")}`, encoded.files.thumb],
  ]);
  return { name, url: cmsImageUrl(name), thumbUrl: cmsImageUrl(name, "thumb"), width: encoded.width, height: encoded.height };
}

/** GET /api/cms-images/{file}: the stored WebP, cacheable (names never change content), or 404. */
export async function serveCmsImage(req: Request, file: string, opts: StorageOptions = {}): Promise<Response> {
  const notFound = () => new Response("Not Found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const parsed = parseCmsImageFile(file);
  if (!parsed) return notFound();
  const found = await (await mediaStore(opts)).get(`cms/${cmsImageFileName(parsed.name, parsed.variant)}`);
  if (!found) return notFound();
  const headers = {
    "content-type": "image/webp",
    "content-length": String(found.size),
    "cache-control": "public, max-age=31536000, immutable",
    etag: found.etag,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'",
  };
  if (req.headers.get("if-none-match") === found.etag) return new Response(null, { status: 304, headers });
  return new Response(found.stream(), { headers });
}
