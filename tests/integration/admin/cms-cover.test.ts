import { readdirSync } from "node:fs";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { cmsThumbOf } from "@/lib/cms-images";
import { MAX_UPLOAD_BYTES, sniffImageType } from "@/server/media/image-staging";
import { handleCmsImageUpload } from "@/server/routes/admin-upload";
import { cmsImageDir, serveCmsImage } from "@/server/media/cms-images";
import { useAccountSuite } from "../../helpers/accounts";
import { actors, uploadDir, type Actors } from "./helpers";

/**
 * CMS post covers: uploaded through the listing photos' checks (type sniffed
 * from the bytes, size), re-encoded to WebP under a generated name, served
 * publicly, and their URL saved as the post's cover.
 */
const s = useAccountSuite({ mail: false, env: { UPLOAD_DIR: uploadDir } });
let a: Actors;
beforeAll(async () => {
  a = await actors(s.db);
});
const root = { root: uploadDir };

type UploadBody = { name?: string; url?: string; thumbUrl?: string; width?: number; height?: number; message?: string };

async function upload(file: Blob, name: string, who: "admin" | "member" | "visitor" = "admin", headers: Record<string, string> = {}) {
  const fd = new FormData();
  fd.set("file", file, name);
  const cookie = who === "visitor" ? "" : a[who].cookieHeader();
  const req = new Request("http://localhost:3000/api/admin/cms-images", {
    method: "POST",
    body: fd,
    headers: { cookie, "sec-fetch-site": "same-origin", ...headers },
  });
  const res = await handleCmsImageUpload(s.db, req, root);
  return { status: res.status, body: (await res.json()) as UploadBody };
}

/** GET {url} as the public route does. */
const get = (url: string, headers: Record<string, string> = {}) =>
  serveCmsImage(new Request(`http://localhost:3000${url}`, { headers }), decodeURIComponent(url.split("/").pop()!), root);

const png = () =>
  sharp({ create: { width: 2400, height: 1260, channels: 4, background: { r: 184, g: 147, b: 47, alpha: 0.5 } } })
    .png()
    .toBuffer();

describe("CMS cover upload", () => {
  it("rejects a text file disguised as a JPEG with a Japanese message, and stores nothing", async () => {
    const r = await upload(new Blob(["これは画像ではありません"], { type: "image/jpeg" }), "cover.jpg");
    expect(r.status).toBe(422);
    expect(r.body.message).toBe("JPEG・PNG・WebP形式の画像を選択してください");
    expect(readdirSync(uploadDir)).not.toContain("cms");
  });

  it("rejects an SVG named .png, a GIF and a file over the size limit", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`;
    expect((await upload(new Blob([svg], { type: "image/png" }), "cover.png")).body.message).toBe("JPEG・PNG・WebP形式の画像を選択してください");
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    expect((await upload(new Blob([new Uint8Array(gif)]), "cover.gif")).status).toBe(422);
    const huge = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    huge.set(await png());
    // No Content-Length on this request, so the size check on the bytes answers (a browser's header gets 413 before reading).
    const r = await upload(new Blob([huge]), "huge.png");
    expect(r.status).toBe(422);
    expect(r.body.message).toBe("画像は15MB以下のファイルを選択してください");
  });

  it("refuses members, visitors and cross-site posts", async () => {
    const img = new Blob([new Uint8Array(await png())]);
    expect((await upload(img, "a.png", "member")).status).toBe(401);
    expect((await upload(img, "a.png", "visitor")).status).toBe(401);
    expect((await upload(img, "a.png", "admin", { "sec-fetch-site": "cross-site" })).status).toBe(403);
  });

  it("stores a real PNG as WebP under a generated name, serves it, and the post keeps its URL as the cover", async () => {
    const r = await upload(new Blob([new Uint8Array(await png())], { type: "image/png" }), "../../表紙 画像.png");
    expect(r.status).toBe(201);
    expect(r.body.name).toMatch(/^[0-9a-f]{32}$/);
    expect(r.body.url).toBe(`/api/cms-images/${r.body.name}.webp`);
    expect(r.body.thumbUrl).toBe(`/api/cms-images/${r.body.name}_thumb.webp`);
    expect(cmsThumbOf(r.body.url)).toBe(r.body.thumbUrl);
    expect([r.body.width, r.body.height]).toEqual([1600, 840]);
    // Only WebP files under the generated name; the uploaded name is nowhere.
    expect(readdirSync(cmsImageDir(root)).sort()).toEqual([`${r.body.name}.webp`, `${r.body.name}_thumb.webp`]);

    const res = await get(r.body.url!);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const body = Buffer.from(await res.arrayBuffer());
    expect(sniffImageType(body)).toBe("image/webp");
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1600, 840]);
    // Cached copies revalidate by ETag.
    expect((await get(r.body.url!, { "if-none-match": res.headers.get("etag")! })).status).toBe(304);
    const thumb = await get(r.body.thumbUrl!);
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(480);

    // Anything that is not a stored cover's name answers 404.
    for (const bad of [`${r.body.name}.png`, `${r.body.name}.jpg`, "0".repeat(32) + ".webp", "..%2F..%2Fetc%2Fpasswd", `${r.body.name!.toUpperCase()}.webp`]) {
      expect((await serveCmsImage(new Request("http://localhost:3000/"), decodeURIComponent(bad), root)).status, bad).toBe(404);
    }

    // The URL is a valid cover for a post and reaches the public post.
    const slug = `cover-${crypto.randomUUID().slice(0, 8)}`;
    const post = {
      title: "表紙つきの記事",
      slug,
      category: "news",
      cover_image: r.body.url,
      excerpt: "",
      body_md: "本文",
      status: "published",
      published_at: "",
    };
    await a.admin.call((c) => c.admin.cms.createPost(post as never));
    expect((await a.visitor.call((c) => c.public.cms.post({ slug }))).cover_image).toBe(r.body.url);
  });
});
