import path from "node:path";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDb } from "@/server/db";
import { cms_pages, cms_posts, investments } from "@/server/db/schema";
import { artifactsDir, launchBrowser, viewports } from "./browser";

const base = inject("baseURL");
let browser: Browser;
const titles = new Map<string, string>();
let publicId = 0;
let membersOnlyId = 0;
let draftSlug = "";
let scheduledSlug = "";
let publishedSlug = "";

beforeAll(async () => {
  browser = await launchBrowser();
  const db = await openDb(inject("databaseURL"));
  for (const p of await db.select({ key: cms_pages.key, title: cms_pages.title }).from(cms_pages).all()) titles.set(p.key, p.title);
  const live = and(eq(investments.public, true), isNull(investments.not_updated_at));
  publicId =
    (
      await db
        .select({ id: investments.id })
        .from(investments)
        .where(and(live, eq(investments.members, false)))
        .orderBy(asc(investments.id))
        .get()
    )?.id ?? 0;
  membersOnlyId =
    (
      await db
        .select({ id: investments.id })
        .from(investments)
        .where(and(live, eq(investments.members, true)))
        .orderBy(asc(investments.id))
        .get()
    )?.id ?? 0;
  draftSlug = (await db.select({ slug: cms_posts.slug }).from(cms_posts).where(eq(cms_posts.status, "draft")).get())?.slug ?? "";
  scheduledSlug = (await db.select({ slug: cms_posts.slug }).from(cms_posts).where(eq(cms_posts.status, "scheduled")).get())?.slug ?? "";
  publishedSlug = (await db.select({ slug: cms_posts.slug }).from(cms_posts).where(eq(cms_posts.status, "published")).get())?.slug ?? "";
  db.$client.close();
});
afterAll(async () => {
  await browser?.close();
});

async function get(p: string) {
  const res = await fetch(base + p, { redirect: "manual" });
  return { status: res.status, html: await res.text(), headers: res.headers };
}

const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
const textOf = (html: string) => decode(html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, ""));

function h1Of(html: string): string {
  const m = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return m ? textOf(m[1] ?? "").trim() : "";
}
function canonicalOf(html: string): string | null {
  const m = /<link[^>]+rel="canonical"[^>]*>/.exec(html);
  return m ? decode(/href="([^"]+)"/.exec(m[0])?.[1] ?? "") : null;
}
function metaOf(html: string, property: string): string | null {
  const re = new RegExp(`<meta[^>]+(?:property|name)="${property}"[^>]*>`);
  const m = re.exec(html);
  return m ? decode(/content="([^"]*)"/.exec(m[0])?.[1] ?? "") : null;
}
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((m) => {
    const v = JSON.parse(m[1] ?? "null") as unknown;
    return (Array.isArray(v) ? v : [v]) as Record<string, unknown>[];
  });
}

describe("content pages", () => {
  const pages: [path: string, key: string | null, h1: string | null][] = [
    ["/about", "about", null],
    ["/advantage", "advantage", null],
    ["/corporate", "corporate", null],
    ["/results", "results", null],
    ["/staff", "staff", null],
    ["/faq", "faq", null],
    ["/terms", "terms", null],
    ["/privacy", "privacy", null],
    ["/antisocial", "antisocial", null],
    ["/sitemap", null, "サイトマップ"],
    ["/blogs", null, "ブログ"],
  ];
  for (const [p, key, h1] of pages) {
    it(`${p} answers 200 with its h1, canonical URL, OG tags and breadcrumbs`, async () => {
      const { status, html } = await get(p);
      expect(status).toBe(200);
      const expected = h1 ?? titles.get(key ?? "");
      expect(expected).toBeTruthy();
      expect(h1Of(html)).toBe(expected);
      expect(canonicalOf(html)).toBe(base + p);
      expect(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "")).toMatch(new RegExp(`^${expected} \\| .+のことなら`));
      expect(metaOf(html, "og:url")).toBe(base + p);
      expect(metaOf(html, "og:image")).toBe(`${base}/ogp.png`);
      expect((metaOf(html, "description") ?? "").length).toBeGreaterThan(20);
      expect(jsonLdOf(html).some((d) => d["@type"] === "BreadcrumbList")).toBe(true);
      expect(html).toContain('data-slot="site-header"');
    });
  }

  it("/faq carries FAQPage JSON-LD and an accordion; /corporate the company as RealEstateAgent; /results the records", async () => {
    const faq = await get("/faq");
    const ld = jsonLdOf(faq.html).find((d) => d["@type"] === "FAQPage") as { mainEntity: unknown[] } | undefined;
    expect(ld?.mainEntity.length).toBeGreaterThanOrEqual(10);
    expect(faq.html.match(/<details/g)?.length).toBe(ld?.mainEntity.length);

    const corp = await get("/corporate");
    expect(jsonLdOf(corp.html).some((d) => d["@type"] === "RealEstateAgent")).toBe(true);
    expect(textOf(corp.html)).toContain("免許番号");

    const results = await get("/results");
    expect(textOf(results.html)).toMatch(/万円/);
    expect(textOf(results.html)).toContain("表面利回り");
  });
});

describe("blog", () => {
  it("pages to page 2 (10 posts a page) and 404s past the last page", async () => {
    const list = (html: string) => /<ul[^>]*aria-label="記事一覧"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
    const slugsOf = (html: string) => new Set([...list(html).matchAll(/href="\/blogs\/([a-z0-9-]+)"/g)].map((m) => m[1]));
    const p1 = await get("/blogs");
    const p2 = await get("/blogs/page/2");
    expect(p2.status).toBe(200);
    expect(h1Of(p2.html)).toBe("ブログ（2ページ目）");
    expect(canonicalOf(p2.html)).toBe(`${base}/blogs/page/2`);
    expect([...list(p1.html).matchAll(/<article/g)]).toHaveLength(10);
    expect([...list(p2.html).matchAll(/<article/g)]).toHaveLength(10);
    const s1 = slugsOf(p1.html);
    const s2 = slugsOf(p2.html);
    expect(s1.size).toBe(10);
    expect(s2.size).toBe(10);
    expect([...s2].filter((s) => s1.has(s))).toEqual([]);
    expect((await get("/blogs/page/3")).status).toBe(404);
    expect((await get("/blogs/page/abc")).status).toBe(404);
  });

  it("follows the pagination bar in the browser", async () => {
    const page = await browser.newPage({ viewport: viewports.desktop, locale: "ja-JP" });
    await page.goto(base + "/blogs");
    await page.getByRole("navigation", { name: "ページ送り" }).getByRole("link", { name: "2ページ" }).click();
    await page.waitForURL(/\/blogs\/page\/2\/?$/);
    await expect.poll(() => page.locator("h1").innerText()).toBe("ブログ（2ページ目）");
    expect(await page.locator('[aria-label="記事一覧"] article').count()).toBe(10);
    await page.close();
  });

  it("filters by category", async () => {
    const { status, html } = await get("/blogs?category=market");
    expect(status).toBe(200);
    expect(h1Of(html)).toContain("市場動向");
    expect((await get("/blogs?category=no-such-category")).status).toBe(404);
  });

  it("a post is an article with BlogPosting JSON-LD, og:type article and prev/next links", async () => {
    const list = await get("/blogs");
    const slug = /<ul[^>]*aria-label="記事一覧"[\s\S]*?href="\/blogs\/([a-z0-9-]+)"/.exec(list.html)?.[1];
    expect(slug).toBeTruthy();
    const { status, html } = await get(`/blogs/${slug}`);
    expect(status).toBe(200);
    const ld = jsonLdOf(html).find((d) => d["@type"] === "BlogPosting");
    expect(ld).toMatchObject({ headline: h1Of(html), url: `${base}/blogs/${slug}` });
    expect(typeof ld?.datePublished).toBe("string");
    expect(metaOf(html, "og:type")).toBe("article");
    expect(canonicalOf(html)).toBe(`${base}/blogs/${slug}`);
    expect(html).toContain('rel="prev"');
    expect(textOf(html)).toContain("最近の記事");
  });

  it("an unknown, draft or scheduled slug is a 404 with the Japanese not-found page", async () => {
    // notFound() answers 404 with noindex. Next 16 sends that body as an empty shell plus the
    // RSC payload (vercel/next.js#62228), so the markup is checked in the browser below.
    for (const s of ["no-such-post-e2e", draftSlug, scheduledSlug]) {
      const { status, html } = await get(`/blogs/${s}`);
      expect(status, s).toBe(404);
      expect(html).toMatch(/<meta name="robots" content="noindex/);
      expect(html).toContain("ページが見つかりません");
    }
    const page = await browser.newPage({ viewport: viewports.phone, locale: "ja-JP" });
    const res = await page.goto(base + "/blogs/no-such-post-e2e");
    expect(res?.status()).toBe(404);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("ページが見つかりません");
    const box = page.getByRole("main").getByRole("searchbox");
    expect(await box.isVisible()).toBe(true);
    expect(await page.locator('[data-slot="site-header"]').count()).toBe(1);
    await page.screenshot({ path: path.join(artifactsDir, "not-found-phone.png"), fullPage: true });
    await box.fill("天王寺");
    await box.press("Enter");
    await page.waitForURL(/\/investments\/page\/1\/?\?fw=/);
    await page.close();

    // A URL no route matches is fully server-rendered (app/not-found.tsx with the chrome).
    const other = await get("/no-such-page-e2e");
    expect(other.status).toBe(404);
    expect(h1Of(other.html)).toBe("ページが見つかりません");
    expect(other.html).toContain('data-slot="site-header"');
  });
});

describe("indexable public pages (issue 21: SEO 100)", () => {
  it("the public pages of the issue carry no noindex, a canonical URL and a meta description; My Page keeps noindex", async () => {
    const pages = [
      "/",
      "/investments",
      "/investments/page/1?ty=1",
      `/investments/${publicId}`,
      "/investments/search/area",
      "/investments/search/train",
      "/investments/search/feature",
      "/blogs",
      `/blogs/${encodeURIComponent(publishedSlug)}`,
      "/contacts/consult",
      "/login",
    ];
    for (const p of pages) {
      const { status, html } = await get(p);
      expect(status, p).toBe(200);
      expect(html, p).not.toMatch(/<meta name="robots" content="[^"]*noindex/);
      expect(canonicalOf(html)?.startsWith(base), p).toBe(true);
      expect(metaOf(html, "description")?.length ?? 0, p).toBeGreaterThan(20);
    }
    expect(canonicalOf((await get("/login")).html)).toBe(`${base}/login`);
    // My Page (signed out it redirects to the login page; its layout's robots is what it serves when shown).
    const mypage = await fetch(base + "/mypage", { redirect: "manual" });
    expect([200, 302, 303, 307, 308]).toContain(mypage.status);
    if (mypage.status === 200) expect(await mypage.text()).toMatch(/<meta name="robots" content="noindex/);
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("sitemap.xml lists public listings, posts and pages, never members-only listings", async () => {
    expect(publicId).toBeGreaterThan(0);
    expect(membersOnlyId).toBeGreaterThan(0);
    const { status, html: xml, headers } = await get("/sitemap.xml");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toContain("xml");
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${base}/investments/${publicId}`);
    expect(locs).not.toContain(`${base}/investments/${membersOnlyId}`);
    expect(locs).toContain(`${base}/corporate`);
    expect(locs).toContain(`${base}/blogs`);
    expect(locs.some((l) => l?.startsWith(`${base}/blogs/`))).toBe(true);
    expect(locs).not.toContain(`${base}/blogs/${draftSlug}`);
    expect(locs.every((l) => l?.startsWith(base))).toBe(true);
    expect(xml).not.toMatch(/\/mypage|\/api\/|\/_/);
  });

  it("robots.txt links the sitemap, keeps /api/ and /mypage out, and never names the admin path", async () => {
    const { status, html: txt } = await get("/robots.txt");
    expect(status).toBe(200);
    expect(txt).toContain(`Sitemap: ${base}/sitemap.xml`);
    expect(txt).toMatch(/Disallow: \/api\//);
    expect(txt).toMatch(/Disallow: \/mypage/);
    expect(txt).not.toMatch(/\/_/);
    expect(txt).not.toContain("kanri");
  });
});
