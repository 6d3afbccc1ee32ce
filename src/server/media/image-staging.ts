/**
 * Listing photos uploaded in the editor before the listing is saved.
 *
 * POST {admin}/api/admin/images checks the upload (size, sniffed type: JPEG,
 * PNG or WebP only — never the file name or the browser's content type),
 * re-encodes it with sharp (webp and AVIF ≤1600 px, 800/480/320/160 px
 * widths, JPEG fallbacks; metadata dropped: images.ts) and keeps the variants under
 * staging/{token} in the media store (storage.ts). The token is a random name of
 * ours; saving the listing moves the files into the listing's folder under that
 * name. With database storage both happen in the database (the move inside the
 * listing's save transaction), so an upload staged through one web node is saved
 * through any other, and a failed save leaves the upload staged.
 * Unclaimed staged files are removed after STAGING_TTL_MS (the worker's hourly
 * purgeStagedImages job, and opportunistically after each upload).
 */
import sharp from "sharp";
import {
  CORE_VARIANTS,
  encodeImage,
  IMAGE_VARIANTS,
  isDerivedVariant,
  investmentImageFolder,
  isImageName,
  newImageName,
  uploadRoot,
  variantFileName,
  type EncodedImage,
  type ImageVariant,
} from "@/server/media/images";
import { mediaStore, type MediaObject, type StorageOptions } from "@/server/media/storage";
import path from "node:path";

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
  if (buf.length >= 12 && String.fromCharCode(...buf.subarray(0, 4)) === "RIFF" && String.fromCharCode(...buf.subarray(8, 12)) === "WEBP") {
    return "image/webp";
  }
  return null;
}

const SHARP_FORMAT: Record<SniffedType, string> = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp" };

const STAGING = "staging/";

/** The local backend's staging directory (tests look at the files). */
export function stagingDir(opts: StorageOptions = {}): string {
  return path.join(/*turbopackIgnore: true*/ uploadRoot(opts), "staging");
}

function stagedKey(token: string, variant: ImageVariant): string {
  return STAGING + variantFileName(token, variant);
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
  const store = await mediaStore(opts);
  const token = newImageName();
  await store.putMany(IMAGE_VARIANTS.map((v) => [stagedKey(token, v), encoded.files[v]] as const));
  void purgeStaleStaging(opts).catch(() => undefined);
  return { token, width: encoded.width, height: encoded.height };
}

/** A staged variant (for the admin preview route); null when the token is not ours or gone. */
export async function stagedFile(token: string, variant: ImageVariant, opts: StorageOptions = {}): Promise<MediaObject | null> {
  if (!isImageName(token)) return null;
  return (await mediaStore(opts)).get(stagedKey(token, variant));
}

export async function isStaged(token: string, opts: StorageOptions = {}): Promise<boolean> {
  if (!isImageName(token)) return false;
  const store = await mediaStore(opts);
  // The core variants: a token staged before the derived ones existed has none of those (made on first request).
  const found = await Promise.all(CORE_VARIANTS.map((v) => store.exists(stagedKey(token, v))));
  return found.every(Boolean);
}

/**
 * Moves a staged image into a listing's folder (same name); returns its size.
 * Pass the save's transaction as `opts.tx`: with database storage the move
 * then commits or rolls back with the listing's rows.
 */
export async function claimStaged(token: string, investmentId: number, opts: StorageOptions = {}): Promise<{ name: string; width: number; height: number }> {
  const expired = () => new UploadRejectedError("画像の有効期限が切れました。もう一度アップロードしてください");
  if (!isImageName(token)) throw expired();
  const store = await mediaStore(opts);
  const large = await store.get(stagedKey(token, "webp"));
  if (!large || !(await isStaged(token, opts))) throw expired();
  const meta = await sharp(await large.body()).metadata();
  const folder = investmentImageFolder(investmentId);
  const moved = await store.moveMany(IMAGE_VARIANTS.map((v) => [stagedKey(token, v), folder + variantFileName(token, v)] as const));
  // Another save claimed it meanwhile (the core variants are gone): the same answer as an expired upload.
  if (IMAGE_VARIANTS.some((v, i) => !moved[i] && !isDerivedVariant(v))) throw expired();
  return { name: token, width: meta.width ?? 0, height: meta.height ?? 0 };
}

/**
 * Removes staged files older than the TTL. Runs hourly in the worker
 * (purgeStagedImages) and after each upload. Returns how many files went and
 * how many images (tokens) they belonged to.
 */
export async function purgeStaleStaging(opts: StorageOptions = {}, now = Date.now()): Promise<{ files: number; images: number }> {
  const removed = await (await mediaStore(opts)).purgeOlderThan(STAGING, now - STAGING_TTL_MS);
  return { files: removed.length, images: new Set(removed.map((k) => k.slice(STAGING.length, STAGING.length + 32))).size };
}
