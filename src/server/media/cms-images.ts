/**
 * Images uploaded in the CMS editor (blog post covers), through the listing
 * photos' pipeline: the same checks (size, type sniffed from the bytes, a
 * decoder that agrees) and sharp re-encoding (metadata dropped, EXIF
 * orientation applied), kept as WebP only — the large image (≤1600 px) and a
 * 480 px thumbnail for the editor's preview — under a generated name:
 *
 *   {UPLOAD_DIR}/cms/{name}.webp, {name}_thumb.webp
 *
 * Covers are public (the post's page shows them); the name is random, so an
 * unpublished post's cover cannot be guessed. See src/lib/cms-images.ts for
 * the URLs.
 */
import { createReadStream } from "node:fs";
import { mkdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { cmsImageFileName, cmsImageUrl, parseCmsImageFile } from "@/lib/cms-images";
import { encodeUpload } from "@/server/media/image-staging";
import { newImageName, uploadRoot, type StorageOptions } from "@/server/media/images";

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
  const dir = cmsImageDir(opts);
  await mkdir(dir, { recursive: true });
  const name = newImageName();
  await Promise.all([
    writeFile(path.join(/*turbopackIgnore: true*/ dir, cmsImageFileName(name, "webp")), encoded.files.webp),
    writeFile(path.join(/*turbopackIgnore: true*/ dir, cmsImageFileName(name, "thumb")), encoded.files.thumb),
  ]);
  return { name, url: cmsImageUrl(name), thumbUrl: cmsImageUrl(name, "thumb"), width: encoded.width, height: encoded.height };
}

/** GET /api/cms-images/{file}: the stored WebP, cacheable (names never change content), or 404. */
export async function serveCmsImage(req: Request, file: string, opts: StorageOptions = {}): Promise<Response> {
  const notFound = () => new Response("Not Found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const parsed = parseCmsImageFile(file);
  if (!parsed) return notFound();
  const p = path.join(/*turbopackIgnore: true*/ cmsImageDir(opts), cmsImageFileName(parsed.name, parsed.variant));
  const info = await stat(p).catch(() => null);
  if (!info?.isFile()) return notFound();
  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers = {
    "content-type": "image/webp",
    "content-length": String(info.size),
    "cache-control": "public, max-age=31536000, immutable",
    etag,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'",
  };
  if (req.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(Readable.toWeb(createReadStream(p)) as ReadableStream, { headers });
}
