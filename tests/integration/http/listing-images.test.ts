import { existsSync, mkdtempSync, readdirSync, statSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { investment_images, investments } from "@/server/db/schema";
import { listingImageResponse } from "@/server/routes/listing-images";
import {
  CORE_VARIANTS,
  DERIVED_VARIANTS,
  IMAGE_CONTENT_TYPES,
  IMAGE_VARIANTS,
  ensureImageVariant,
  imagePath,
  linkStoredImage,
  investmentImageDir,
  investmentImageFolder,
  storeImage,
  type ImageVariant,
} from "@/server/media";
import { useAccountSuite } from "../../helpers/accounts";
import { actors, validForm, type Actors } from "../admin/helpers";

/**
 * Listing photos for phones (issue 21): AVIF and 800/480/320/160 px variants
 * written at upload, made once from the large WebP for images stored before
 * them, and served by /api/images under the listing's visibility rule, the
 * same for every variant.
 */
const uploads = mkdtempSync(path.join(tmpdir(), "kir-listing-images-"));
const storage = { root: uploads };
const s = useAccountSuite({ mail: false, env: { UPLOAD_DIR: uploads } });
let a: Actors;
beforeAll(async () => {
  a = await actors(s.db);
});

const WIDTH: Record<ImageVariant, number> = {
  webp: 1600,
  jpg: 1600,
  avif: 1600,
  w800: 800,
  w800_avif: 800,
  thumb: 480,
  thumb_avif: 480,
  thumb_jpg: 480,
  w320: 320,
  w320_avif: 320,
  w160: 160,
  w160_avif: 160,
};
const FORMAT: Record<string, string> = { "image/webp": "webp", "image/avif": "heif", "image/jpeg": "jpeg" };

/** Something like a photo: soft noise (a flat colour would be a few bytes in any format). */
const photo = async () =>
  sharp(
    await sharp({ create: { width: 2400, height: 1800, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
      .blur(3)
      .png()
      .toBuffer(),
  )
    .composite([{ input: { create: { width: 600, height: 400, channels: 3, background: "#cc9933" } }, left: 300, top: 200 }])
    .png()
    .toBuffer();

/** A listing (published, or members-only / unpublished) with one stored photo. */
async function listingWithPhoto(kind: "public" | "members" | "unpublished") {
  const { id } = await a.admin.call((c) => c.admin.investments.create(validForm({ public: kind !== "unpublished" }) as never));
  if (kind === "members") await s.db.update(investments).set({ members: true }).where(eq(investments.id, id));
  const stored = await storeImage(id, await photo(), storage);
  await s.db.insert(investment_images).values({ investment_id: id, name: stored.name, e_sort: 0, width: stored.width, height: stored.height });
  return { id, name: stored.name };
}

const get = (who: "admin" | "member" | "visitor", id: number | string, name: string, variant: string, headers: Record<string, string> = {}) =>
  listingImageResponse(
    new Request(`http://x/api/images/${id}/${name}/${variant}`, { headers: { cookie: a[who].cookieHeader(), ...headers } }),
    { id: String(id), name, variant },
    { db: s.db, storage },
  );

/** Deletes a listing's derived files, as for an image stored before they existed. */
function dropDerived(id: number, name: string) {
  for (const v of DERIVED_VARIANTS) unlinkSync(imagePath(id, name, v, storage));
}

describe("variants written at upload", () => {
  it("stores AVIF and WebP at 1600 (the large size), 800, 480, 320 and 160 px and the two JPEG fallbacks", async () => {
    const { id, name } = await listingWithPhoto("public");
    for (const v of IMAGE_VARIANTS) {
      const meta = await sharp(imagePath(id, name, v, storage)).metadata();
      expect({ v, format: meta.format, width: meta.width }).toEqual({ v, format: FORMAT[IMAGE_CONTENT_TYPES[v]], width: WIDTH[v] });
    }
  });

  it("never enlarges: a 300 px upload gives 300 px files where the variant would be wider", async () => {
    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const stored = await storeImage(999_101, small, storage);
    expect((await sharp(imagePath(999_101, stored.name, "w800_avif", storage)).metadata()).width).toBe(300);
    expect((await sharp(imagePath(999_101, stored.name, "w160", storage)).metadata()).width).toBe(160);
  });
});

describe("derived variants of older images (made once, on first request)", () => {
  it("makes a missing variant from the large WebP, stores it, and reads it from disk afterwards", async () => {
    const { id, name } = await listingWithPhoto("public");
    dropDerived(id, name);
    const file = imagePath(id, name, "w320_avif", storage);
    expect(existsSync(file)).toBe(false);
    const res = await get("visitor", id, name, "w320_avif");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/avif");
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ format: "heif", width: 320 });
    expect(existsSync(file)).toBe(true);
    const mtime = statSync(file).mtimeMs;
    // A second request reads the stored file (no new encode: the file is the same one).
    expect((await get("visitor", id, name, "w320_avif")).status).toBe(200);
    expect(statSync(file).mtimeMs).toBe(mtime);
    // No temporary file left behind.
    expect(readdirSync(investmentImageDir(id, storage)).filter((f) => f.startsWith("."))).toEqual([]);
  });

  it("concurrent first requests share one encode and all get the whole file", async () => {
    const { id, name } = await listingWithPhoto("public");
    dropDerived(id, name);
    const bodies = await Promise.all(Array.from({ length: 6 }, () => get("visitor", id, name, "avif").then(async (r) => Buffer.from(await r.arrayBuffer()))));
    const first = bodies[0]!;
    expect(first.length).toBeGreaterThan(0);
    for (const b of bodies) expect(b.equals(first)).toBe(true);
    expect((await sharp(first).metadata()).width).toBe(1600);
  });

  it("makes them from the JPEG when the WebP is gone, and answers 404 when no source is left", async () => {
    const { id, name } = await listingWithPhoto("public");
    dropDerived(id, name);
    unlinkSync(imagePath(id, name, "webp", storage));
    expect((await get("visitor", id, name, "w160")).status).toBe(200);
    unlinkSync(imagePath(id, name, "jpg", storage));
    expect((await get("visitor", id, name, "w800")).status).toBe(404);
    // A core variant is never made up: a missing one is a 404.
    expect((await get("visitor", id, name, "webp")).status).toBe(404);
  });

  it("a duplicated listing whose source has no derived files links what exists and makes the rest later", async () => {
    const { id, name } = await listingWithPhoto("public");
    dropDerived(id, name);
    const copy = await linkStoredImage({ folder: investmentImageFolder(id), name, width: 1600, height: 1200 }, 999_102, storage);
    for (const v of CORE_VARIANTS) expect(existsSync(imagePath(999_102, copy.name, v, storage))).toBe(true);
    expect(await ensureImageVariant(999_102, copy.name, "thumb_avif", storage)).not.toBeNull();
    expect(existsSync(imagePath(999_102, copy.name, "thumb_avif", storage))).toBe(true);
  });
});

describe("serving every variant under the listing's visibility", () => {
  it("a public listing: every variant with its Content-Type, nosniff, a short public cache and a 304 on the ETag", async () => {
    const { id, name } = await listingWithPhoto("public");
    for (const v of IMAGE_VARIANTS) {
      const res = await get("visitor", id, name, v);
      expect(res.status, v).toBe(200);
      expect(res.headers.get("content-type"), v).toBe(IMAGE_CONTENT_TYPES[v]);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cache-control")).toBe("public, max-age=300, must-revalidate");
      const body = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get("content-length"))).toBe(body.length);
      expect((await sharp(body).metadata()).format).toBe(FORMAT[IMAGE_CONTENT_TYPES[v]]);
      expect((await get("visitor", id, name, v, { "if-none-match": res.headers.get("etag") ?? "" })).status).toBe(304);
    }
    expect(IMAGE_CONTENT_TYPES.avif).toBe("image/avif");
  });

  it("a members-only listing: a visitor gets 404 for every variant, and nothing is made for them", async () => {
    const { id, name } = await listingWithPhoto("members");
    dropDerived(id, name);
    for (const v of IMAGE_VARIANTS) expect((await get("visitor", id, name, v)).status, v).toBe(404);
    // The visitor's requests did not make the missing files (only someone who may see the photo does).
    for (const v of DERIVED_VARIANTS) expect(existsSync(imagePath(id, name, v, storage)), v).toBe(false);
    for (const v of IMAGE_VARIANTS) {
      const res = await get("member", id, name, v);
      expect(res.status, v).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, max-age=3600");
    }
    // Now that the files exist, a visitor still gets nothing.
    for (const v of IMAGE_VARIANTS) expect((await get("visitor", id, name, v)).status, v).toBe(404);
  });

  it("an unpublished listing: 404 for members and visitors, never stored for the admin's preview", async () => {
    const { id, name } = await listingWithPhoto("unpublished");
    for (const v of IMAGE_VARIANTS) {
      expect((await get("visitor", id, name, v)).status, v).toBe(404);
      expect((await get("member", id, name, v)).status, v).toBe(404);
      const admin = await get("admin", id, name, v);
      expect(admin.status, v).toBe(200);
      expect(admin.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("hostile names, ids and variants are 404, never 500, and write nothing", async () => {
    const { id, name } = await listingWithPhoto("public");
    const before = readdirSync(investmentImageDir(id, storage)).sort();
    const cases: [string, string, string][] = [
      [String(id), "../../etc/passwd", "webp"],
      [String(id), `${name}/../x`, "avif"],
      [String(id), name.toUpperCase(), "avif"],
      [String(id), `${name}.avif`, "avif"],
      [String(id), name, "original"],
      [String(id), name, "w320_avif/../../x"],
      [String(id), name, "__proto__"],
      [String(id), name, "constructor"],
      [String(id), name, "w9999_avif"],
      [String(id), name, ""],
      [String(id), "0".repeat(32), "w160_avif"],
      ["abc", name, "w160"],
      ["-1", name, "w160"],
      ["1e3", name, "w160"],
      [String(Number.MAX_SAFE_INTEGER + 2), name, "w160"],
      [String(id + 100_000), name, "w160_avif"],
    ];
    for (const [i, n, v] of cases) {
      const res = await listingImageResponse(new Request("http://x/"), { id: i, name: n, variant: v }, { db: s.db, storage });
      expect(res.status, `${i}/${n}/${v}`).toBe(404);
    }
    expect(readdirSync(investmentImageDir(id, storage)).sort()).toEqual(before);
  });
});
