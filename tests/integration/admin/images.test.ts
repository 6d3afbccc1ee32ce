import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { investment_images } from "@/server/db/schema";
import { sniffImageType, stageUpload, UploadRejectedError } from "@/server/media/image-staging";
import { handleImagePreview, handleImageUpload } from "@/server/routes/admin-upload";
import { investmentImageDir } from "@/server/media/images";
import { useAccountSuite } from "../../helpers/accounts";
import { actors, jpeg, uploadDir, validForm, type Actors } from "./helpers";

/** Listing photo uploads: sniffed type, re-encoding, generated names, admin-only, attached on save. */
const s = useAccountSuite({ mail: false, env: { UPLOAD_DIR: uploadDir } });
let a: Actors;
beforeAll(async () => {
  a = await actors(s.db);
});

function uploadRequest(who: "admin" | "member" | "visitor", file: Blob, name: string, headers: Record<string, string> = {}) {
  const fd = new FormData();
  fd.set("file", file, name);
  const cookie = who === "visitor" ? "" : a[who].cookieHeader();
  return new Request("http://localhost:3000/api/admin/images", { method: "POST", body: fd, headers: { cookie, "sec-fetch-site": "same-origin", ...headers } });
}

async function upload(file: Blob, name: string, who: "admin" | "member" | "visitor" = "admin", headers: Record<string, string> = {}) {
  const res = await handleImageUpload(s.db, uploadRequest(who, file, name, headers), { root: uploadDir });
  return { status: res.status, body: (await res.json()) as { token?: string; message?: string; width?: number } };
}

describe("upload checks", () => {
  it("sniffs the real type from the bytes", async () => {
    expect(sniffImageType(await jpeg())).toBe("image/jpeg");
    expect(
      sniffImageType(
        await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
          .png()
          .toBuffer(),
      ),
    ).toBe("image/png");
    expect(
      sniffImageType(
        await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
          .webp()
          .toBuffer(),
      ),
    ).toBe("image/webp");
    expect(sniffImageType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
  });

  it("rejects a text file named .jpg", async () => {
    const r = await upload(new Blob(["just some text, not an image"], { type: "image/jpeg" }), "photo.jpg");
    expect(r.status).toBe(422);
    expect(r.body.message).toBe("JPEG・PNG・WebP形式の画像を選択してください");
  });

  it("rejects an SVG (even named .png)", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>`;
    const r = await upload(new Blob([svg], { type: "image/png" }), "logo.png");
    expect(r.status).toBe(422);
  });

  it("rejects a GIF and a truncated JPEG", async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    expect((await upload(new Blob([new Uint8Array(gif)]), "a.gif")).status).toBe(422);
    const broken = (await jpeg()).subarray(0, 40);
    await expect(stageUpload(Buffer.from(broken), { root: uploadDir })).rejects.toBeInstanceOf(UploadRejectedError);
  });

  it("refuses members, visitors and cross-site posts", async () => {
    const img = new Blob([new Uint8Array(await jpeg())]);
    expect((await upload(img, "a.jpg", "member")).status).toBe(401);
    expect((await upload(img, "a.jpg", "visitor")).status).toBe(401);
    expect((await upload(img, "a.jpg", "admin", { "sec-fetch-site": "cross-site" })).status).toBe(403);
  });
});

describe("a staged upload becomes a listing photo on save", () => {
  it("re-encodes under a generated name and moves it into the listing's directory", async () => {
    const r1 = await upload(new Blob([new Uint8Array(await jpeg(2400, 1200))]), "../../evil name.jpg");
    const r2 = await upload(new Blob([new Uint8Array(await jpeg(300, 200, "#335577"))]), "second.jpg");
    expect(r1.status).toBe(201);
    expect(r1.body.token).toMatch(/^[0-9a-f]{32}$/);
    expect(r1.body.width).toBe(1600);
    const preview = await handleImagePreview(
      s.db,
      new Request("http://x/", { headers: { cookie: a.admin.cookieHeader() } }),
      ["staging", r1.body.token!, "thumb"],
      { root: uploadDir },
    );
    expect(preview.headers.get("content-type")).toBe("image/webp");
    const noAdmin = await handleImagePreview(s.db, new Request("http://x/"), ["staging", r1.body.token!, "thumb"], { root: uploadDir });
    expect(noAdmin.status).toBe(404);

    const images = [
      { token: r1.body.token!, comment: "外観" },
      { token: r2.body.token!, comment: "エントランス" },
    ];
    const { id } = await a.admin.call((c) => c.admin.investments.create(validForm({ images } as never) as never));
    const rows = await s.db.select().from(investment_images).where(eq(investment_images.investment_id, id)).orderBy(investment_images.e_sort).all();
    expect(rows.map((r) => [r.name, r.comment, r.e_sort])).toEqual([
      [r1.body.token, "外観", 0],
      [r2.body.token, "エントランス", 1],
    ]);
    const dir = investmentImageDir(id, { root: uploadDir });
    expect(existsSync(path.join(dir, `${r1.body.token}.webp`))).toBe(true);
    expect(existsSync(path.join(dir, `${r1.body.token}_thumb.jpg`))).toBe(true);

    // reorder and drop one: the dropped image's files go
    const loaded = await a.admin.call((c) => c.admin.investments.byId({ id }));
    const second = loaded.images[1]!;
    await a.admin.call((c) => c.admin.investments.update({ id, ...loaded.values, images: [{ id: second.id, comment: "入口" }] } as never));
    const after = await s.db.select().from(investment_images).where(eq(investment_images.investment_id, id)).all();
    expect(after.map((r) => [r.id, r.comment, r.e_sort])).toEqual([[second.id, "入口", 0]]);
    expect(existsSync(path.join(dir, `${r1.body.token}.webp`))).toBe(false);
  });

  it("a token that was never staged is refused", async () => {
    const e = await a.admin
      .call((c) => c.admin.investments.create(validForm({ images: [{ token: "0".repeat(32), comment: "" }] } as never) as never))
      .catch((err: unknown) => err);
    expect(String(e)).toContain("画像の有効期限が切れました");
  });
});
