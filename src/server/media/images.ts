/**
 * Listing images, in the media store (storage.ts: a local directory or the
 * database, by MEDIA_STORAGE).
 *
 * Layout (keys): investments/{investmentId}/{name}{suffix}
 *   {name}.webp / .avif            large, at most 1600 px wide
 *   {name}.jpg                     large JPEG fallback for browsers without WebP
 *   {name}_w800.webp / .avif       800 px (the detail gallery on a phone or a 1280 px screen)
 *   {name}_thumb.webp / .avif      480 px thumbnail
 *   {name}_thumb.jpg               thumbnail JPEG fallback
 *   {name}_w320.webp / .avif       320 px (a card on a phone at 2-3× density, or at 1×on a wide screen)
 *   {name}_w160.webp / .avif       160 px (a card on a phone at 1×, the gallery's thumbnail strip)
 *
 * The four "core" variants (webp, jpg, thumb, thumb_jpg) exist for every stored
 * image. The "derived" ones (AVIF and the extra widths, issue 21) are written at
 * upload time too, but images stored before them (old uploads, a restored
 * backup) lack them: `ensureImageVariant` then makes the missing file once from
 * the large WebP, on the first request for it, and stores it next to the others
 * in the same store (with database storage: once for the whole cluster, not per
 * node; when that write fails, e.g. a read-only database, the bytes are served anyway).
 * Why lazily and not a worker backfill: pages name the derived variants in
 * <picture> sources as soon as this code runs, and a browser whose chosen
 * <source> answers 404 shows a broken image rather than falling back, so the
 * files must be there whenever they are asked for; first request is the one
 * moment that is always in time, covers every way an image can arrive (upload,
 * seed, duplicate, restore) and costs only the images someone looks at.
 *
 * Uploads are always decoded and re-encoded by sharp (which also drops
 * metadata such as GPS EXIF and applies the EXIF orientation), and stored under
 * a random name: the uploaded file name never reaches the disk or a URL.
 */
import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { mediaStore, uploadRoot, type MediaObject, type StorageOptions } from "@/server/media/storage";

export { uploadRoot, type StorageOptions } from "@/server/media/storage";

/** Variants every stored image has had from the start. */
export const CORE_VARIANTS = ["webp", "jpg", "thumb", "thumb_jpg"] as const;
/** Variants added for phones (issue 21): made at upload, or from the large WebP on first request. */
export const DERIVED_VARIANTS = ["avif", "w800", "w800_avif", "thumb_avif", "w320", "w320_avif", "w160", "w160_avif"] as const;
export const IMAGE_VARIANTS = [...CORE_VARIANTS, ...DERIVED_VARIANTS] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];
export type DerivedVariant = (typeof DERIVED_VARIANTS)[number];

export const LARGE_MAX_WIDTH = 1600;
export const THUMB_WIDTH = 480;

type Format = "webp" | "avif" | "jpeg";
interface VariantSpec {
  suffix: string;
  format: Format;
  /** Target width; null: the large size (at most LARGE_MAX_WIDTH). Never enlarged. */
  width: number | null;
  quality: number;
}

const SPECS: Record<ImageVariant, VariantSpec> = {
  webp: { suffix: ".webp", format: "webp", width: null, quality: 80 },
  jpg: { suffix: ".jpg", format: "jpeg", width: null, quality: 80 },
  thumb: { suffix: "_thumb.webp", format: "webp", width: THUMB_WIDTH, quality: 75 },
  thumb_jpg: { suffix: "_thumb.jpg", format: "jpeg", width: THUMB_WIDTH, quality: 75 },
  avif: { suffix: ".avif", format: "avif", width: null, quality: 55 },
  w800: { suffix: "_w800.webp", format: "webp", width: 800, quality: 78 },
  w800_avif: { suffix: "_w800.avif", format: "avif", width: 800, quality: 52 },
  thumb_avif: { suffix: "_thumb.avif", format: "avif", width: THUMB_WIDTH, quality: 50 },
  w320: { suffix: "_w320.webp", format: "webp", width: 320, quality: 75 },
  w320_avif: { suffix: "_w320.avif", format: "avif", width: 320, quality: 50 },
  w160: { suffix: "_w160.webp", format: "webp", width: 160, quality: 75 },
  w160_avif: { suffix: "_w160.avif", format: "avif", width: 160, quality: 50 },
};

const SUFFIX = Object.fromEntries(IMAGE_VARIANTS.map((v) => [v, SPECS[v].suffix])) as Record<ImageVariant, string>;

const MIME: Record<Format, string> = { webp: "image/webp", avif: "image/avif", jpeg: "image/jpeg" };
export const IMAGE_CONTENT_TYPES = Object.fromEntries(IMAGE_VARIANTS.map((v) => [v, MIME[SPECS[v].format]])) as Record<ImageVariant, string>;

/** The width of a variant's file for an image whose large variant is `largeWidth` px wide. */
export function variantWidth(variant: ImageVariant, largeWidth: number): number {
  const w = SPECS[variant].width;
  return w === null ? largeWidth : Math.min(w, largeWidth);
}

export function isDerivedVariant(variant: string): variant is DerivedVariant {
  return (DERIVED_VARIANTS as readonly string[]).includes(variant);
}

/** One sharp pipeline's encoder for a variant (AVIF at a low effort: about 0.2 s for 1200 px on one core). */
function encodeTo(pipeline: Sharp, spec: VariantSpec): Sharp {
  if (spec.format === "webp") return pipeline.webp({ quality: spec.quality, effort: 2 });
  if (spec.format === "avif") return pipeline.avif({ quality: spec.quality, effort: 2 });
  return pipeline.jpeg({ quality: spec.quality, mozjpeg: true });
}
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

/** The upload is not an image sharp can decode (or is too large). */
export class InvalidImageError extends Error {
  constructor(message = "画像ファイルを読み込めませんでした", options?: { cause?: unknown }) {
    super(message, options);
    this.name = "InvalidImageError";
  }
}

function checkId(investmentId: number): void {
  if (!Number.isSafeInteger(investmentId) || investmentId <= 0) throw new Error(`invalid investment id: ${investmentId}`);
}

export function isImageName(name: string): boolean {
  return NAME_RE.test(name);
}

/** The store folder of one listing's images (`investments/12/`). */
export function investmentImageFolder(investmentId: number): string {
  checkId(investmentId);
  return `investments/${investmentId}/`;
}

/** Directory of one listing's images with the local backend (tests look at the files). */
export function investmentImageDir(investmentId: number, opts: StorageOptions = {}): string {
  return path.join(/*turbopackIgnore: true*/ uploadRoot(opts), investmentImageFolder(investmentId));
}

/**
 * Store key of one variant. Throws on a name that is not a generated one, so
 * a crafted name can never escape the listing's folder.
 */
export function imageKey(investmentId: number, name: string, variant: ImageVariant = "webp"): string {
  if (!isImageName(name)) throw new Error("invalid image name");
  if (!(variant in SUFFIX)) throw new Error("invalid image variant");
  return investmentImageFolder(investmentId) + name + SUFFIX[variant];
}

/** Local path of one variant (local backend; tests and the seed's checks). */
export function imagePath(investmentId: number, name: string, variant: ImageVariant = "webp", opts: StorageOptions = {}): string {
  return path.join(/*turbopackIgnore: true*/ uploadRoot(opts), imageKey(investmentId, name, variant));
}

/** File name of one variant of a stored image (e.g. `{name}_thumb.webp`). */
export function variantFileName(name: string, variant: ImageVariant): string {
  if (!isImageName(name)) throw new Error("invalid image name");
  return name + SUFFIX[variant];
}

export function newImageName(): string {
  return randomBytes(16).toString("hex");
}

/** Decodes any sharp-readable image and produces every variant in memory. */
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
    // One variant at a time through libvips' own threads: the AVIF encoder is the costly one and
    // running a dozen at once only makes an upload's peak memory larger, not the upload faster.
    const files = {} as Record<ImageVariant, Buffer>;
    for (const v of IMAGE_VARIANTS) {
      const spec = SPECS[v];
      const w = variantWidth(v, width);
      const pipeline = w === width ? sharp(large.data, raw) : sharp(large.data, raw).resize({ width: w });
      files[v] = await encodeTo(pipeline, spec).toBuffer();
    }
    return { width, height, files };
  } catch (e) {
    throw new InvalidImageError(undefined, { cause: e });
  }
}

/** Writes already-encoded variants under a new generated name. */
export async function writeEncodedImage(investmentId: number, encoded: EncodedImage, opts: StorageOptions = {}): Promise<StoredImage> {
  const folder = investmentImageFolder(investmentId);
  const name = newImageName();
  const store = await mediaStore(opts);
  await store.putMany(IMAGE_VARIANTS.map((v) => [folder + name + SUFFIX[v], encoded.files[v]] as const));
  return { name, width: encoded.width, height: encoded.height };
}

/** Re-encodes an upload (webp ≤1600 px, 480 px thumbnail, JPEG fallbacks) and stores it under a random name. */
export async function storeImage(investmentId: number, buffer: Buffer, opts: StorageOptions = {}): Promise<StoredImage> {
  return writeEncodedImage(investmentId, await encodeImage(buffer), opts);
}

/**
 * Stores an image that is already in the store (another listing's, the seed's
 * picture pool: `folder` is its folder, e.g. `seed-pool/`) for a listing, under
 * a new name, without re-encoding: hard links on a local disk, rows naming the
 * same bodies in the database. The derived variants an older image lacks are
 * simply not copied (made on first request).
 */
export async function linkStoredImage(
  source: { folder: string; name: string; width: number; height: number },
  investmentId: number,
  opts: StorageOptions = {},
): Promise<StoredImage> {
  if (!isImageName(source.name)) throw new Error("invalid image name");
  const name = newImageName();
  const store = await mediaStore(opts);
  const folder = source.folder.endsWith("/") ? source.folder : `${source.folder}/`;
  const copied = await store.copyPrefix(folder + source.name, investmentImageFolder(investmentId) + name);
  if (copied === 0) throw new Error(`stored image not found: ${folder}${source.name}`);
  return { name, width: source.width, height: source.height };
}

const making = new Map<string, Promise<MediaObject | null>>();
/** Derived variants being made at once, at most (each is one libvips pipeline with its own threads). */
const MAKE_CONCURRENCY = 2;
let makingNow = 0;
const waiting: (() => void)[] = [];

async function withMakeSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (makingNow >= MAKE_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  makingNow++;
  try {
    return await fn();
  } finally {
    makingNow--;
    waiting.shift()?.();
  }
}

function memoryObject(body: Buffer): MediaObject {
  return {
    size: body.length,
    etag: `"${createHash("sha256").update(body).digest("hex").slice(0, 24)}"`,
    body: async () => body,
    stream: () =>
      new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new Uint8Array(body));
          c.close();
        },
      }),
  };
}

/**
 * A stored variant, or null. A derived variant (AVIF, the extra widths) that an
 * older image lacks is made once from its large WebP (the JPEG when the WebP is
 * gone) and stored next to the others (atomically: a reader never sees half a
 * file), so later requests read it like any other. Concurrent requests for the
 * same missing file share one encode. The caller checks who may see the image
 * before calling: nothing is made for an image the viewer may not see.
 */
export async function ensureImageVariant(investmentId: number, name: string, variant: ImageVariant, opts: StorageOptions = {}): Promise<MediaObject | null> {
  const key = imageKey(investmentId, name, variant);
  const store = await mediaStore(opts);
  const found = await store.get(key);
  if (found) return found;
  if (!isDerivedVariant(variant)) return null;
  const memo = `${store.id}|${key}`;
  let job = making.get(memo);
  if (!job) {
    job = withMakeSlot(async () => {
      const again = await store.get(key);
      if (again) return again;
      let source: MediaObject | null = null;
      for (const v of ["webp", "jpg"] as const) if ((source = await store.get(imageKey(investmentId, name, v)))) break;
      if (!source) return null;
      const input = await source.body();
      const spec = SPECS[variant];
      const meta = await sharp(input).metadata();
      const w = variantWidth(variant, meta.width ?? LARGE_MAX_WIDTH);
      let pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS });
      if (meta.width && w < meta.width) pipeline = pipeline.resize({ width: w });
      const body = await encodeTo(pipeline, spec).toBuffer();
      try {
        await store.putMany([[key, body]]);
        return (await store.get(key)) ?? memoryObject(body);
      } catch {
        // Not stored (a full disk, a read-only database): this viewer still gets the picture.
        return memoryObject(body);
      }
    })
      // A source that no longer decodes, or a listing removed meanwhile: the variant is simply not there (404).
      .catch(() => null)
      .finally(() => making.delete(memo));
    making.set(memo, job);
  }
  return job;
}

/** Removes every variant of one image; missing files are ignored. */
export async function removeImage(investmentId: number, name: string, opts: StorageOptions = {}): Promise<void> {
  const store = await mediaStore(opts);
  await store.remove(IMAGE_VARIANTS.map((v) => imageKey(investmentId, name, v)));
}

/** Removes a listing's images (after the listing row is deleted). */
export async function removeInvestmentImages(investmentId: number, opts: StorageOptions = {}): Promise<void> {
  await (await mediaStore(opts)).removeFolder(investmentImageFolder(investmentId));
}

/** Removes all listing images (seed --reset). */
export async function removeAllInvestmentImages(opts: StorageOptions = {}): Promise<void> {
  await (await mediaStore(opts)).removeFolder("investments/");
}

/** Names of the images stored for a listing (for consistency checks). */
export async function listStoredImageNames(investmentId: number, opts: StorageOptions = {}): Promise<string[]> {
  const keys = await (await mediaStore(opts)).list(investmentImageFolder(investmentId));
  return [...new Set(keys.map((k) => k.slice(k.lastIndexOf("/") + 1, k.lastIndexOf("/") + 33)).filter(isImageName))];
}
