/**
 * Listing images on local disk (the default store; an S3-compatible store can
 * implement the same functions later).
 *
 * Layout: {UPLOAD_DIR}/investments/{investmentId}/{name}{suffix}
 *   {name}.webp         large, at most 1600 px wide
 *   {name}.jpg          large JPEG fallback for browsers without WebP
 *   {name}_thumb.webp   480 px wide thumbnail
 *   {name}_thumb.jpg    thumbnail JPEG fallback
 *
 * Uploads are always decoded and re-encoded by sharp (which also drops
 * metadata such as GPS EXIF and applies the EXIF orientation), and stored under
 * a random name: the uploaded file name never reaches the disk or a URL.
 */
import { randomBytes } from "node:crypto";
import { constants as fsConstants } from "node:fs";
import { copyFile, link, mkdir, readdir, rm, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { env } from "@/server/env";

export const IMAGE_VARIANTS = ["webp", "jpg", "thumb", "thumb_jpg"] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];

const SUFFIX: Record<ImageVariant, string> = {
  webp: ".webp",
  jpg: ".jpg",
  thumb: "_thumb.webp",
  thumb_jpg: "_thumb.jpg",
};

export const IMAGE_CONTENT_TYPES: Record<ImageVariant, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  thumb: "image/webp",
  thumb_jpg: "image/jpeg",
};

export const LARGE_MAX_WIDTH = 1600;
export const THUMB_WIDTH = 480;
/** Decoding limit: refuses decompression bombs (about 40 megapixels). */
const MAX_INPUT_PIXELS = 40_000_000;

const NAME_RE = /^[0-9a-f]{32}$/;

export interface StoredImage {
  /** Generated storage name (32 hex characters); the investment_images.name value. */
  name: string;
  /** Size of the large variant. */
  width: number;
  height: number;
}

export interface EncodedImage {
  width: number;
  height: number;
  files: Record<ImageVariant, Buffer>;
}

export interface StorageOptions {
  /** Root directory; defaults to env().UPLOAD_DIR. */
  root?: string;
}

/** The upload is not an image sharp can decode (or is too large). */
export class InvalidImageError extends Error {
  constructor(message = "画像ファイルを読み込めませんでした", options?: { cause?: unknown }) {
    super(message, options);
    this.name = "InvalidImageError";
  }
}

export function uploadRoot(opts: StorageOptions = {}): string {
  // turbopackIgnore: a run-time directory, not a module; without it the build traces the whole project.
  return path.resolve(/*turbopackIgnore: true*/ opts.root ?? env().UPLOAD_DIR);
}

function checkId(investmentId: number): void {
  if (!Number.isSafeInteger(investmentId) || investmentId <= 0) throw new Error(`invalid investment id: ${investmentId}`);
}

export function isImageName(name: string): boolean {
  return NAME_RE.test(name);
}

/** Directory of one listing's images. */
export function investmentImageDir(investmentId: number, opts: StorageOptions = {}): string {
  checkId(investmentId);
  return path.join(/*turbopackIgnore: true*/ uploadRoot(opts), "investments", String(investmentId));
}

/**
 * Absolute path of one stored variant, for serving. Throws on a name that is
 * not a generated one, so a crafted name can never escape the directory.
 */
export function imagePath(investmentId: number, name: string, variant: ImageVariant = "webp", opts: StorageOptions = {}): string {
  if (!isImageName(name)) throw new Error("invalid image name");
  if (!(variant in SUFFIX)) throw new Error("invalid image variant");
  return path.join(/*turbopackIgnore: true*/ investmentImageDir(investmentId, opts), name + SUFFIX[variant]);
}

/** File name of one variant of a stored image (e.g. `{name}_thumb.webp`). */
export function variantFileName(name: string, variant: ImageVariant): string {
  if (!isImageName(name)) throw new Error("invalid image name");
  return name + SUFFIX[variant];
}

export function newImageName(): string {
  return randomBytes(16).toString("hex");
}

/** Decodes any sharp-readable image and produces the four variants in memory. */
export async function encodeImage(input: Buffer): Promise<EncodedImage> {
  try {
    // rotate() with no argument applies the EXIF orientation; metadata is not kept.
    const large = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: LARGE_MAX_WIDTH, withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height } = large.info;
    const raw = { raw: { width, height, channels: large.info.channels } } as const;
    const thumbWidth = Math.min(THUMB_WIDTH, width);
    const [webp, jpg, thumb, thumbJpg] = await Promise.all([
      sharp(large.data, raw).webp({ quality: 80, effort: 2 }).toBuffer(),
      sharp(large.data, raw).jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
      sharp(large.data, raw).resize({ width: thumbWidth }).webp({ quality: 75, effort: 2 }).toBuffer(),
      sharp(large.data, raw).resize({ width: thumbWidth }).jpeg({ quality: 75, mozjpeg: true }).toBuffer(),
    ]);
    return { width, height, files: { webp, jpg, thumb, thumb_jpg: thumbJpg } };
  } catch (e) {
    throw new InvalidImageError(undefined, { cause: e });
  }
}

/** Writes already-encoded variants under a new generated name. */
export async function writeEncodedImage(investmentId: number, encoded: EncodedImage, opts: StorageOptions = {}): Promise<StoredImage> {
  const dir = investmentImageDir(investmentId, opts);
  await mkdir(dir, { recursive: true });
  const name = newImageName();
  await Promise.all(IMAGE_VARIANTS.map((v) => writeFile(path.join(/*turbopackIgnore: true*/ dir, name + SUFFIX[v]), encoded.files[v])));
  return { name, width: encoded.width, height: encoded.height };
}

/** Re-encodes an upload (webp ≤1600 px, 480 px thumbnail, JPEG fallbacks) and stores it under a random name. */
export async function storeImage(investmentId: number, buffer: Buffer, opts: StorageOptions = {}): Promise<StoredImage> {
  return writeEncodedImage(investmentId, await encodeImage(buffer), opts);
}

/**
 * Stores variants that already exist on disk (written with `writeEncodedImage`
 * elsewhere, e.g. a seed's picture pool) for another listing, under a new name.
 * Hard-links when possible (no extra disk space), copies otherwise.
 */
export async function linkStoredImage(
  source: { dir: string; name: string; width: number; height: number },
  investmentId: number,
  opts: StorageOptions = {},
): Promise<StoredImage> {
  if (!isImageName(source.name)) throw new Error("invalid image name");
  const dir = investmentImageDir(investmentId, opts);
  await mkdir(dir, { recursive: true });
  const name = newImageName();
  await Promise.all(
    IMAGE_VARIANTS.map(async (v) => {
      const from = path.join(/*turbopackIgnore: true*/ source.dir, source.name + SUFFIX[v]);
      const to = path.join(/*turbopackIgnore: true*/ dir, name + SUFFIX[v]);
      try {
        await link(from, to);
      } catch {
        await copyFile(from, to, fsConstants.COPYFILE_FICLONE);
      }
    }),
  );
  return { name, width: source.width, height: source.height };
}

/** Removes every variant of one image; missing files are ignored. */
export async function removeImage(investmentId: number, name: string, opts: StorageOptions = {}): Promise<void> {
  await Promise.all(
    IMAGE_VARIANTS.map((v) =>
      unlink(imagePath(investmentId, name, v, opts)).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== "ENOENT") throw e;
      }),
    ),
  );
}

/** Removes a listing's image directory (after the listing row is deleted). */
export async function removeInvestmentImages(investmentId: number, opts: StorageOptions = {}): Promise<void> {
  await rm(investmentImageDir(investmentId, opts), { recursive: true, force: true });
}

/** Removes all listing images (seed --reset). */
export async function removeAllInvestmentImages(opts: StorageOptions = {}): Promise<void> {
  await rm(path.join(/*turbopackIgnore: true*/ uploadRoot(opts), "investments"), { recursive: true, force: true });
}

/** Names of the images stored for a listing (for consistency checks). */
export async function listStoredImageNames(investmentId: number, opts: StorageOptions = {}): Promise<string[]> {
  const files = await readdir(investmentImageDir(investmentId, opts)).catch(() => [] as string[]);
  return [...new Set(files.map((f) => f.slice(0, 32)).filter(isImageName))];
}
