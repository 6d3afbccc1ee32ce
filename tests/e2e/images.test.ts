import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDb, type Db } from "@/server/db";
import { investment_images, investments } from "@/server/db/schema";

const base = inject("baseURL");
let db: Db;
beforeAll(async () => {
  db = await openDb(inject("databaseURL"));
});
afterAll(() => db?.$client.close());

async function imageOf(members: boolean) {
  const row = await db
    .select({ id: investments.id, name: investment_images.name })
    .from(investment_images)
    .innerJoin(investments, eq(investments.id, investment_images.investment_id))
    .where(and(eq(investments.public, true), eq(investments.members, members)))
    .get();
  if (!row) throw new Error("seed has no such image");
  return row;
}

describe("listing images over HTTP", () => {
  it("serves a public listing's webp thumbnail and jpeg fallback with cache headers", async () => {
    const { id, name } = await imageOf(false);
    const webp = await fetch(`${base}/api/images/${id}/${name}/thumb`);
    expect(webp.status).toBe(200);
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect(webp.headers.get("x-content-type-options")).toBe("nosniff");
    expect(webp.headers.get("cache-control")).toContain("public");
    // A listing may become members-only at any time: its photos must not stay in shared caches for long (issue 16).
    const maxAge = Number(webp.headers.get("cache-control")?.match(/max-age=(\d+)/)?.[1]);
    expect(maxAge).toBeLessThanOrEqual(300);
    expect(webp.headers.get("cache-control")).not.toMatch(/stale-while-revalidate|stale-if-error|immutable/);
    const bytes = new Uint8Array(await webp.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe("WEBP");
    const jpg = await fetch(`${base}/api/images/${id}/${name}/thumb_jpg`);
    expect(jpg.headers.get("content-type")).toBe("image/jpeg");
    const again = await fetch(`${base}/api/images/${id}/${name}/thumb`, { headers: { "if-none-match": webp.headers.get("etag") ?? "" } });
    expect(again.status).toBe(304);
  });

  it("never serves a members-only listing's photo to a visitor", async () => {
    const { id, name } = await imageOf(true);
    const res = await fetch(`${base}/api/images/${id}/${name}/thumb`);
    expect(res.status).toBe(404);
  });

  it("rejects names it did not generate and unknown variants", async () => {
    const { id, name } = await imageOf(false);
    for (const path of [`${id}/..%2F..%2Fetc%2Fpasswd/thumb`, `${id}/${name}/original`, `abc/${name}/thumb`, `${id + 100000}/${name}/thumb`]) {
      expect((await fetch(`${base}/api/images/${path}`)).status).toBe(404);
    }
  });
});

describe("admin area routing", () => {
  it("answers 404 on /admin and on the internal folder, and serves the login page under the base path", async () => {
    expect((await fetch(`${base}/admin`)).status).toBe(404);
    expect((await fetch(`${base}/admin-area/login`)).status).toBe(404);
    const login = await fetch(`${base}/_kanri-7f3c/login`);
    expect(login.status).toBe(200);
    const html = await login.text();
    expect(html).toContain("管理者ログイン");
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow/);
  });
});
