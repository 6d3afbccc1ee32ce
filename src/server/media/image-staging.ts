/**
 * Listing photos uploaded in the editor before the listing is saved.
 *
 * POST {admin}/api/admin/images checks the upload (size, sniffed type: JPEG,
 * PNG or WebP only — never the file name or the browser's content type),
 * re-encodes it with sharp (webp and AVIF ≤1600 px, 800/480/320/160 px
 * widths, JPEG fallbacks; metadata dropped: images.ts) and keeps the variants under
 * {UPLOAD_DIR}/staging/{token}. The token is a random name of ours; saving the
 * listing moves the files into the listing's directory under that name.
 * Unclaimed staged files are removed after STAGING_TTL_MS (the worker's hourly
 * purgeStagedImages job, and opportunistically after each upload).
 */
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import {
  CORE_VARIANTS,
  encodeImage,
  IMAGE_VARIANTS,
  isDerivedVariant,
  investmentImageDir,
  isImageName,
  newImageName,
  uploadRoot,
  variantFileName,
  type EncodedImage,
  type ImageVariant,
  type StorageOptions,
} from "@/server/media/images";

/** Largest upload accepted (bytes). */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
export const STAGING_TTL_MS = 24 * 3600 * 1000;

export type SniffedType = "image/jpeg" | "image/png" | "image/webp";

export class UploadRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UploadRejectedError";
  }
}

/** The image type from the first bytes, or null (SVG, GIF, HEIC, text… are refused). */
export function sniffImageType(buf: Uint8Array): SniffedType | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return "image/jpeg";
  if (buf.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => buf[i] === b)) return "image/png";
  if (
    buf.length >= 12 &&
    String.fromCharCode(...buf.subarray(0, 4)) === "RIFF" &&
    String.fromCharCode(...buf.subarray(8, 12)) === "WEBP"
  ) {
    return "image/webp";
  }
  return null;
}

const SHARP_FORMAT: Record<SniffedType, string> = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp" };

export function stagingDir(opts: StorageOptions = {}): string {
  return path.join(/*turbopackIgnore: true*/ uploadRoot(opts), "staging");
}

function stagedPath(token: string, variant: ImageVariant, opts: StorageOptions): string {
  return path.join(/*turbopackIgnore: true*/ stagingDir(opts), variantFileName(token, variant));
}

export interface StagedImage {
  token: string;
  width: number;
  height: number;
}

/**
 * The checks every admin image upload goes through (listing photos, CMS
 * covers): size, the type sniffed from the bytes, a decoder that agrees with
 * it, then sharp re-encodes it (webp ≤1600 px + 480 px thumbnail + JPEG
 * fallbacks, metadata dropped). Throws UploadRejectedError with a Japanese message.
 */
export async function encodeUpload(buffer: Buffer): Promise<EncodedImage> {
  if (buffer.length === 0) throw new UploadRejectedError("ファイルが空です");
  if (buffer.length > MAX_UPLOAD_BYTES) throw new UploadRejectedError(`画像は${MAX_UPLOAD_BYTES / 1024 / 1024}MB以下のファイルを選択してください`);
  const type = sniffImageType(buffer);
  if (!type) throw new UploadRejectedError("JPEG・PNG・WebP形式の画像を選択してください");
  // The decoder must agree with the sniffed type (a PNG header glued onto something else fails here).
  const meta = await sharp(buffer, { failOn: "error" })
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== SHARP_FORMAT[type]) throw new UploadRejectedError("画像ファイルを読み込めませんでした");
  try {
    return await encodeImage(buffer);
  } catch {
    throw new UploadRejectedError("画像ファイルを読み込めませんでした");
  }
}

/** Checks, re-encodes and stages one upload. Throws UploadRejectedError with a Japanese message. */
export async function stageUpload(buffer: Buffer, opts: StorageOptions = {}): Promise<StagedImage> {
  const encoded = await encodeUpload(buffer);
  const dir = stagingDir(opts);
  await mkdir(dir, { recursive: true });
  const token = newImageName();
  await Promise.all(IMAGE_VARIANTS.map((v) => writeFile(stagedPath(token, v, opts), encoded.files[v])));
  void purgeStaleStaging(opts).catch(() => undefined);
  return { token, width: encoded.width, height: encoded.height };
}

/** Path of a staged variant (for the admin preview route); null when the token is not ours or gone. */
export async function stagedFile(token: string, variant: ImageVariant, opts: StorageOptions = {}): Promise<string | null> {
  if (!isImageName(token)) return null;
  const p = stagedPath(token, variant, opts);
  const info = await stat(p).catch(() => null);
  return info?.isFile() ? p : null;
}

export async function isStaged(token: string, opts: StorageOptions = {}): Promise<boolean> {
  if (!isImageName(token)) return false;
  // The core variants: a token staged before the derived ones existed has none of those (made on first request).
  const found = await Promise.all(CORE_VARIANTS.map((v) => stat(stagedPath(token, v, opts)).then(() => true, () => false)));
  return found.every(Boolean);
}

/** Moves a staged image into a listing's directory (same name); returns its size. */
export async function claimStaged(token: string, investmentId: number, opts: StorageOptions = {}): Promise<{ name: string; width: number; height: number }> {
  if (!(await isStaged(token, opts))) throw new UploadRejectedError("画像の有効期限が切れました。もう一度アップロードしてください");
  const dir = investmentImageDir(investmentId, opts);
  await mkdir(dir, { recursive: true });
  const meta = await sharp(stagedPath(token, "webp", opts)).metadata();
  await Promise.all(
    IMAGE_VARIANTS.map((v) =>
      rename(stagedPath(token, v, opts), path.join(/*turbopackIgnore: true*/ dir, variantFileName(token, v))).catch((e: NodeJS.ErrnoException) => {
        if (!(isDerivedVariant(v) && e.code === "ENOENT")) throw e;
      }),
    ),
  );
  return { name: token, width: meta.width ?? 0, height: meta.height ?? 0 };
}

/**
 * Removes staged files older than the TTL. Runs hourly in the worker
 * (purgeStagedImages) and after each upload. Returns how many files went and
 * how many images (tokens) they belonged to.
 */
export async function purgeStaleStaging(opts: StorageOptions = {}, now = Date.now()): Promise<{ files: number; images: number }> {
  const dir = stagingDir(opts);
  const files = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  const images = new Set<string>();
  for (const f of files) {
    const p = path.join(/*turbopackIgnore: true*/ dir, f);
    const info = await stat(p).catch(() => null);
    if (info?.isFile() && now - info.mtimeMs > STAGING_TTL_MS) {
      await rm(p, { force: true });
      removed++;
      images.add(f.slice(0, 32));
    }
  }
  return { files: removed, images: images.size };
}
