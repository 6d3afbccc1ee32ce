import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "@/server/db";
import { investment_images, media_blobs, media_files } from "@/server/db/schema";
import { handleImagePreview, handleImageUpload } from "@/server/routes/admin-upload";
import { listingImageResponse } from "@/server/routes/listing-images";
import { isStaged, warnIfLocalMediaOnSharedDatabase, type StorageOptions } from "@/server/media";
import { setTestEnv } from "../../helpers/accounts";
import { createTestDb } from "../../helpers/db";
import { actors, jpeg, validForm, type Actors } from "./helpers";

/**
 * MEDIA_STORAGE=database (issue 32 item 4): two "nodes" in one process, each with its own
 * UPLOAD_DIR and its own client of the same database (what two machines on one libSQL server
 * have). Node A stages an upload, node B saves the listing with it, both serve the photo, and
 * neither directory ever holds a file.
 */
let t: Awaited<ReturnType<typeof createTestDb>>;
let dbA: Db;
let a: Actors;
const dirA = mkdtempSync(path.join(tmpdir(), "kir-node-a-"));
const dirB = mkdtempSync(path.join(tmpdir(), "kir-node-b-"));
const nodeA = (): StorageOptions => ({ root: dirA, backend: "database", db: dbA });
let restoreEnv: () => void;

beforeAll(async () => {
  t = await createTestDb();
  dbA = await openDb(t.url);
  // Node B is "the process": its env says database storage and its own directory.
  restoreEnv = setTestEnv({ MEDIA_STORAGE: "database", UPLOAD_DIR: dirB });
  a = await actors(t.db);
});
afterAll(() => {
  restoreEnv();
  dbA.$client.close();
  t.cleanup();
  rmSync(dirA, { recursive: true, force: true });
  rmSync(dirB, { recursive: true, force: true });
});

async function uploadOnA(color = "#446688"): Promise<string> {
  const fd = new FormData();
  fd.set("file", new Blob([new Uint8Array(await jpeg(900, 600, color))]), "photo.jpg");
  const req = new Request("http://localhost:3000/api/admin/images", {
    method: "POST",
    body: fd,
    headers: { cookie: a.admin.cookieHeader(), "sec-fetch-site": "same-origin" },
  });
  const res = await handleImageUpload(dbA, req, nodeA());
  const body = (await res.json()) as { token: string };
  expect(res.status).toBe(201);
  return body.token;
}

const filesUnder = (dir: string): string[] => readdirSync(dir, { recursive: true }).map(String);

describe("media in the database", () => {
  it("an upload staged on node A is saved through node B and served by both; no node writes a file", async () => {
    const token = await uploadOnA();
    // B sees the staged upload (the editor's preview) before anything is saved.
    const preview = await handleImagePreview(t.db, new Request("http://x/", { headers: { cookie: a.admin.cookieHeader() } }), ["staging", token, "thumb"]);
    expect(preview.status).toBe(200);

    const { id } = await a.admin.call((c) => c.admin.investments.create(validForm({ images: [{ token, comment: "外観" }] } as never) as never));
    const rows = await t.db.select().from(investment_images).where(eq(investment_images.investment_id, id)).all();
    expect(rows.map((r) => [r.name, r.width, r.height])).toEqual([[token, 900, 600]]);
    expect(await isStaged(token, nodeA())).toBe(false);

    const onA = await listingImageResponse(new Request("http://a/"), { id: String(id), name: token, variant: "thumb" }, { db: dbA, storage: nodeA() });
    const onB = await listingImageResponse(new Request("http://b/"), { id: String(id), name: token, variant: "thumb" }, { db: t.db });
    expect(onA.status).toBe(200);
    expect(onB.status).toBe(200);
    expect(onA.headers.get("content-type")).toBe("image/webp");
    const bytesA = Buffer.from(await onA.arrayBuffer());
    expect(Buffer.from(await onB.arrayBuffer()).equals(bytesA)).toBe(true);
    expect((await sharp(bytesA).metadata()).width).toBe(480);
    expect(onA.headers.get("etag")).toBe(onB.headers.get("etag"));
    const again = await listingImageResponse(
      new Request("http://a/", { headers: { "if-none-match": onA.headers.get("etag")! } }),
      { id: String(id), name: token, variant: "thumb" },
      { db: dbA, storage: nodeA() },
    );
    expect(again.status).toBe(304);

    expect(filesUnder(dirA)).toEqual([]);
    expect(filesUnder(dirB)).toEqual([]);
  });

  it("a save that fails leaves the upload staged (the move is part of the save's transaction)", async () => {
    const token = await uploadOnA();
    const first = await a.admin.call((c) => c.admin.investments.create(validForm({ no: "MEDIA-1" } as never) as never));
    expect(first.id).toBeGreaterThan(0);
    // The same 物件番号 again: refused inside the transaction, after nothing else; the photo stays staged.
    const e = await a.admin
      .call((c) => c.admin.investments.create(validForm({ no: "MEDIA-1", images: [{ token, comment: "" }] } as never) as never))
      .catch((err: unknown) => err);
    expect(e).toBeInstanceOf(Error);
    expect(await isStaged(token, nodeA())).toBe(true);
    const { id } = await a.admin.call((c) => c.admin.investments.create(validForm({ no: "MEDIA-2", images: [{ token, comment: "" }] } as never) as never));
    expect((await listingImageResponse(new Request("http://a/"), { id: String(id), name: token, variant: "webp" }, { db: dbA, storage: nodeA() })).status).toBe(
      200,
    );
  });

  it("deleting a listing removes its photos' rows, and bodies nothing else names", async () => {
    // A picture of its own: equal bytes are stored once, whichever listing they belong to.
    const token = await uploadOnA("#884422");
    const { id } = await a.admin.call((c) => c.admin.investments.create(validForm({ no: "MEDIA-3", images: [{ token, comment: "" }] } as never) as never));
    const copy = await a.admin.call((c) => c.admin.investments.duplicate({ id }));
    const keysOf = async (listing: number) =>
      (await t.db.select({ key: media_files.key }).from(media_files).all()).map((r) => r.key).filter((k) => k.startsWith(`investments/${listing}/`));
    expect((await keysOf(copy.id)).length).toBeGreaterThanOrEqual(4);
    const blobsBefore = (await t.db.select({ hash: media_blobs.hash }).from(media_blobs).all()).length;

    await a.admin.call((c) => c.admin.investments.remove({ id }));
    expect(await keysOf(id)).toEqual([]);
    // The duplicate (an unpublished draft: staff's preview) names the same bodies: they stay, and it still shows.
    expect((await t.db.select({ hash: media_blobs.hash }).from(media_blobs).all()).length).toBe(blobsBefore);
    const copyName = (await t.db.select().from(investment_images).where(eq(investment_images.investment_id, copy.id)).get())!.name;
    expect(
      (
        await listingImageResponse(
          new Request("http://b/", { headers: { cookie: a.admin.cookieHeader() } }),
          { id: String(copy.id), name: copyName, variant: "jpg" },
          { db: t.db },
        )
      ).status,
    ).toBe(200);

    await a.admin.call((c) => c.admin.investments.remove({ id: copy.id }));
    const orphans = await t.db.select({ hash: media_blobs.hash }).from(media_blobs).all();
    expect(orphans.length).toBeLessThan(blobsBefore);
  });
});

describe("the start-up warning", () => {
  /** What warnIfLocalMediaOnSharedDatabase writes under these settings. */
  function warningWith(vars: Record<string, string | undefined>): string {
    const restore = setTestEnv({ LOG_LEVEL: "warn", ...vars });
    const lines: string[] = [];
    const err = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    try {
      warnIfLocalMediaOnSharedDatabase();
    } finally {
      process.stderr.write = err;
      restore();
    }
    return lines.join("");
  }

  it("a node with a local directory on a shared database says so; database storage or a local file says nothing", () => {
    expect(warningWith({ MEDIA_STORAGE: "local", DATABASE_URL: "http://127.0.0.1:8080", DATABASE_SYNC_URL: undefined })).toContain(
      "media.local_storage_on_shared_database",
    );
    expect(warningWith({ MEDIA_STORAGE: "local", DATABASE_URL: "file:./x.db", DATABASE_SYNC_URL: "http://127.0.0.1:8080" })).toContain(
      "MEDIA_STORAGE=database",
    );
    expect(warningWith({ MEDIA_STORAGE: "database", DATABASE_URL: "http://127.0.0.1:8080", DATABASE_SYNC_URL: undefined })).toBe("");
    expect(warningWith({ MEDIA_STORAGE: "local", DATABASE_URL: "file:./x.db", DATABASE_SYNC_URL: undefined })).toBe("");
  });
});
