import { and, asc, eq, isNull } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDb, type Db } from "@/server/db";
import { investment_images, investments } from "@/server/db/schema";
import { artifactsDir, launchBrowser, viewports } from "./browser";

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

  it("serves the AVIF and phone-width variants with their Content-Type", async () => {
    const { id, name } = await imageOf(false);
    for (const [variant, type] of [
      ["avif", "image/avif"],
      ["w800_avif", "image/avif"],
      ["thumb_avif", "image/avif"],
      ["w320_avif", "image/avif"],
      ["w160_avif", "image/avif"],
      ["w800", "image/webp"],
      ["w320", "image/webp"],
      ["w160", "image/webp"],
    ] as const) {
      const res = await fetch(`${base}/api/images/${id}/${name}/${variant}`);
      expect(res.status, variant).toBe(200);
      expect(res.headers.get("content-type"), variant).toBe(type);
      const bytes = new Uint8Array(await res.arrayBuffer());
      // The bytes are what the type says: ISO-BMFF "ftypavif" for AVIF, RIFF…WEBP for WebP.
      const text = (from: number, to: number) => new TextDecoder().decode(bytes.slice(from, to));
      if (type === "image/avif") expect(text(4, 12), variant).toBe("ftypavif");
      else expect(text(0, 4) + text(8, 12), variant).toBe("RIFFWEBP");
    }
  });

  it("never serves a members-only listing's photo to a visitor, whatever the variant", async () => {
    const { id, name } = await imageOf(true);
    for (const variant of ["webp", "jpg", "thumb", "thumb_jpg", "avif", "w800", "w800_avif", "thumb_avif", "w320", "w320_avif", "w160", "w160_avif"]) {
      const res = await fetch(`${base}/api/images/${id}/${name}/${variant}`);
      expect(res.status, variant).toBe(404);
    }
  });

  it("rejects names it did not generate and unknown variants", async () => {
    const { id, name } = await imageOf(false);
    for (const path of [`${id}/..%2F..%2Fetc%2Fpasswd/thumb`, `${id}/${name}/original`, `abc/${name}/thumb`, `${id + 100000}/${name}/thumb`]) {
      expect((await fetch(`${base}/api/images/${path}`)).status).toBe(404);
    }
  });
});

describe("listing photos in Chromium at phone width (issue 21)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** What each <picture>'s <img> of the page chose, in document order. */
  const pictures = (page: Page, selector: string) =>
    page.$$eval(selector, (imgs) =>
      (imgs as HTMLImageElement[]).map((i) => ({
        variant: i.currentSrc.split("/").pop() ?? "",
        loading: i.getAttribute("loading"),
        fetchpriority: i.getAttribute("fetchpriority"),
        sources: [...(i.parentElement?.querySelectorAll("source") ?? [])].map((s) => s.type),
        sizes: i.parentElement?.querySelector("source")?.getAttribute("sizes") ?? null,
      })),
    );

  async function phonePage(path: string): Promise<{ page: Page; types: Map<string, string> }> {
    const context = await browser.newContext({ viewport: viewports.phone, deviceScaleFactor: 1, locale: "ja-JP" });
    const page = await context.newPage();
    const types = new Map<string, string>();
    page.on("response", (r) => {
      if (r.url().includes("/api/images/")) types.set(r.url().split("/").pop() ?? "", r.headers()["content-type"] ?? "");
    });
    const res = await page.goto(base + path, { waitUntil: "load" });
    expect(res?.status()).toBe(200);
    return { page, types };
  }

  it("the list: the first two cards load eagerly at high priority and pick a small AVIF; the rest are lazy", async () => {
    const { page, types } = await phonePage("/investments");
    const cards = await pictures(page, '[data-slot="investment-card"] picture img');
    expect(cards.length).toBeGreaterThan(3);
    for (const c of cards) expect(c.sources).toEqual(["image/avif", "image/webp"]);
    expect(cards.slice(0, 2).map((c) => [c.loading, c.fetchpriority])).toEqual([
      ["eager", "high"],
      ["eager", "high"],
    ]);
    for (const c of cards.slice(2)) expect([c.loading, c.fetchpriority]).toEqual(["lazy", "auto"]);
    // At 390 px and 1× a card's picture is drawn about 270 px wide (cropped to the card's height, sizes 240px):
    // the 320 px AVIF, not the 480 px thumbnail, the large file or a WebP.
    for (const c of cards.slice(0, 2)) expect(c.variant).toMatch(/^w(160|320)_avif$/);
    expect(types.get(cards[0]!.variant)).toBe("image/avif");
    await page.screenshot({ path: `${artifactsDir}/photos-list-phone.png` });
    await page.context().close();
  });

  it("the detail: the main photo loads eagerly at high priority as an AVIF of at most 800 px; the strip picks the 160 px AVIF", async () => {
    const db2 = await openDb(inject("databaseURL"));
    const listing = await db2
      .select({ id: investments.id })
      .from(investments)
      .where(and(eq(investments.public, true), eq(investments.members, false), isNull(investments.not_updated_at)))
      .orderBy(asc(investments.id))
      .get();
    db2.$client.close();
    const { page, types } = await phonePage(`/investments/${listing!.id}`);
    const [main] = await pictures(page, '[data-slot="gallery-main"]');
    expect(main).toBeDefined();
    expect(main!.sources).toEqual(["image/avif", "image/webp"]);
    expect(main!.loading).toBeNull();
    expect(main!.fetchpriority).toBe("high");
    // 358 px drawn at 1×: the 480 px file (thumb_avif), never the 1600 px one.
    expect(main!.variant).toMatch(/^(w320|thumb|w800)_avif$/);
    expect(types.get(main!.variant)).toBe("image/avif");
    const strip = await pictures(page, '[data-slot="gallery"] ul picture img');
    expect(strip.length).toBeGreaterThan(1);
    for (const t of strip) expect(t.loading).toBe("lazy");
    await page.getByRole("button", { name: /写真2を表示/ }).scrollIntoViewIfNeeded();
    await expect.poll(async () => (await pictures(page, '[data-slot="gallery"] ul picture img'))[1]?.variant).toBe("w160_avif");
    await page.context().close();
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
