import path from "node:path";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDb, type Db } from "@/server/db";
import { cms_posts, investment_images, investments } from "@/server/db/schema";
import { artifactsDir, launchBrowser, viewports } from "./browser";

/**
 * Issue 8, the preview area: an admin opens an unpublished listing (and a
 * draft post) from the editor under the preview prefix and sees the public
 * page as it will be, photos included, under a fixed banner; visitors and
 * members get the ordinary 404 there, the public URL stays 404 and the
 * internal folder answers 404 to everyone.
 */
const base = inject("baseURL");
const ADMIN = "/_kanri-7f3c";
const PREVIEW = "/_preview-7f3c";
const ADMIN_PASSWORD = process.env.DEMO_ADMIN_PASSWORD ?? "kanri-demo-2026";
const MEMBER_PASSWORD = process.env.DEMO_MEMBER_PASSWORD ?? "mypage-demo-2026";

let browser: Browser;
let db: Db;
let listing: { id: number; name: string; image: string };
let draft: { id: number; title: string; slug: string };

beforeAll(async () => {
  browser = await launchBrowser();
  db = await openDb(inject("databaseURL"));
  const row = await db
    .select({ id: investments.id, name: investments.name, image: investment_images.name })
    .from(investments)
    .innerJoin(investment_images, eq(investment_images.investment_id, investments.id))
    .where(eq(investments.public, false))
    .orderBy(asc(investments.id), asc(investment_images.e_sort))
    .get();
  if (!row) throw new Error("the seed has no unpublished listing with a photo");
  listing = row;
  const post = await db
    .select({ id: cms_posts.id, title: cms_posts.title, slug: cms_posts.slug })
    .from(cms_posts)
    .where(eq(cms_posts.status, "draft"))
    .orderBy(asc(cms_posts.id))
    .get();
  if (!post) throw new Error("the seed has no draft post");
  draft = post;
});
afterAll(async () => {
  await browser?.close();
  db?.$client.close();
});

async function adminContext(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: viewports.desktop, locale: "ja-JP" });
  const page = await context.newPage();
  await page.goto(base + ADMIN + "/login");
  await page.getByLabel("メールアドレス").fill("admin@example.com");
  await page.getByLabel("パスワード").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "ログイン" }).click();
  await page.waitForURL(new RegExp(`${ADMIN}$`));
  return { context, page };
}

const cookieHeader = async (context: BrowserContext) => (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");

describe("preview area", () => {
  it("an admin opens an unpublished listing's preview from the editor: the public page with its photo, under the banner", async () => {
    const { context, page } = await adminContext();
    await page.goto(`${base}${ADMIN}/investments/${listing.id}`);
    await expect.poll(() => page.getByRole("heading", { name: "物件の編集" }).isVisible(), { timeout: 15_000 }).toBe(true);
    const link = page.getByRole("link", { name: "プレビュー", exact: true }).first();
    expect(await link.getAttribute("href")).toBe(`${PREVIEW}/investments/${listing.id}`);
    expect(await link.getAttribute("target")).toBe("_blank");
    const [preview] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await preview.waitForLoadState("domcontentloaded");
    expect(new URL(preview.url()).pathname).toBe(`${PREVIEW}/investments/${listing.id}`);

    await expect.poll(() => preview.getByRole("heading", { name: listing.name }).first().isVisible(), { timeout: 15_000 }).toBe(true);
    const banner = preview.locator('[data-slot="preview-banner"]');
    expect(await banner.isVisible()).toBe(true);
    expect(await banner.innerText()).toContain("プレビュー（非公開）");
    expect(await banner.evaluate((el) => getComputedStyle(el).position)).toBe("fixed");

    // The first photo comes from the image route, which serves it to the admin only.
    const photo = preview.locator(`img[src*="/api/images/${listing.id}/${listing.image}/"]`).first();
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);

    // noindex, nofollow; no analytics tag
    expect(await preview.locator('meta[name="robots"]').getAttribute("content")).toMatch(/noindex, nofollow/);
    expect(await preview.locator('script[src*="googletagmanager"]').count()).toBe(0);
    await preview.screenshot({ path: path.join(artifactsDir, "preview-investment.png"), fullPage: false });

    // The photo over HTTP: the admin gets it, never stored; anyone else the 404.
    const cookie = await cookieHeader(context);
    const img = await fetch(`${base}/api/images/${listing.id}/${listing.image}/jpg`, { headers: { cookie } });
    expect(img.status).toBe(200);
    expect(img.headers.get("cache-control")).toBe("private, no-store");
    expect((await fetch(`${base}/api/images/${listing.id}/${listing.image}/jpg`)).status).toBe(404);

    // A published listing's preview says so (it used to say 未公開 for every listing).
    const published = await db
      .select({ id: investments.id })
      .from(investments)
      .where(and(eq(investments.public, true), eq(investments.members, false), isNull(investments.not_updated_at)))
      .orderBy(asc(investments.id))
      .get();
    if (!published) throw new Error("the seed has a published listing");
    await preview.goto(`${base}${PREVIEW}/investments/${published.id}`);
    const liveBanner = await preview.locator('[data-slot="preview-banner"]').innerText();
    expect(liveBanner).toContain("プレビュー（公開中）");
    expect(liveBanner).not.toContain("未公開");

    // The public URL stays 404, even for the admin; the internal folder too.
    expect((await page.goto(`${base}/investments/${listing.id}`))?.status()).toBe(404);
    expect((await fetch(`${base}/investments/${listing.id}`)).status).toBe(404);
    expect((await page.goto(`${base}/preview-area/investments/${listing.id}`))?.status()).toBe(404);
    await context.close();
  });

  it("an admin previews a draft post as the blog page will show it; the editor's link opens it", async () => {
    const { context, page } = await adminContext();
    await page.goto(`${base}${ADMIN}/cms/posts/${draft.id}`);
    await expect.poll(() => page.getByRole("heading", { name: "記事の編集" }).isVisible(), { timeout: 15_000 }).toBe(true);
    const link = page.getByRole("link", { name: "プレビュー", exact: true });
    expect(await link.getAttribute("href")).toBe(`${PREVIEW}/blogs/${draft.id}`);
    expect(await link.getAttribute("target")).toBe("_blank");
    const res = await page.goto(`${base}${PREVIEW}/blogs/${draft.id}`);
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.getByRole("heading", { level: 1, name: draft.title }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.locator('[data-slot="preview-banner"]').innerText()).toContain("プレビュー（下書き）");
    expect(await page.getByRole("navigation", { name: "前後の記事" }).count()).toBe(1);
    expect((await fetch(`${base}/blogs/${encodeURIComponent(draft.slug)}`)).status).toBe(404);
    await context.close();
  });

  it("visitors and members get the ordinary 404 under the preview prefix, with nothing of either base path", async () => {
    for (const p of [`${PREVIEW}/investments/${listing.id}`, `${PREVIEW}/blogs/${draft.id}`, PREVIEW, `/preview-area/investments/${listing.id}`]) {
      const res = await fetch(base + p, { redirect: "manual" });
      expect(res.status, p).toBe(404);
      const html = await res.text();
      expect(html, p).not.toContain(ADMIN);
      expect(html, p).not.toContain("プレビュー（");
      expect(html, p).not.toContain(listing.name);
    }

    const context = await browser.newContext({ viewport: viewports.phone, locale: "ja-JP" });
    const member = await context.newPage();
    await member.goto(base + "/login");
    await member.getByLabel("メールアドレス").fill("member@example.com");
    await member.getByLabel("パスワード").fill(MEMBER_PASSWORD);
    await member.getByRole("button", { name: "ログイン" }).click();
    await member.waitForURL(/\/mypage/);
    const res = await member.goto(`${base}${PREVIEW}/investments/${listing.id}`);
    expect(res?.status()).toBe(404);
    expect(await member.locator('[data-slot="preview-banner"]').count()).toBe(0);
    expect(await member.content()).not.toContain(listing.name);
    const cookie = await cookieHeader(context);
    expect((await fetch(`${base}/api/images/${listing.id}/${listing.image}/jpg`, { headers: { cookie } })).status).toBe(404);
    await context.close();
  });

  it("the public pages that share their bodies with the preview still render (published listing and post)", async () => {
    const pub = await db
      .select({ id: investments.id, name: investments.name })
      .from(investments)
      .where(and(eq(investments.public, true), eq(investments.members, false), isNull(investments.not_updated_at)))
      .orderBy(asc(investments.id))
      .get();
    const live = await db
      .select({ slug: cms_posts.slug, title: cms_posts.title })
      .from(cms_posts)
      .where(eq(cms_posts.status, "published"))
      .orderBy(asc(cms_posts.id))
      .get();
    if (!pub || !live) throw new Error("the seed has no public listing or published post");
    const detail = await fetch(`${base}/investments/${pub.id}`);
    expect(detail.status).toBe(200);
    const html = await detail.text();
    expect(html).toContain(pub.name);
    expect(html).toContain('aria-label="パンくずリスト"');
    expect(html).not.toContain("プレビュー（");
    const blog = await fetch(`${base}/blogs/${encodeURIComponent(live.slug)}`);
    expect(blog.status).toBe(200);
    const blogHtml = await blog.text();
    expect(blogHtml).toContain(live.title);
    expect(blogHtml).toContain('aria-label="前後の記事"');
    expect(blogHtml).toContain('"@type":"BlogPosting"');
    expect(blogHtml).not.toContain("プレビュー（");
  });
});
