import { TRPCError } from "@trpc/server";
import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/server/db";
import { closeDb } from "@/server/db";
import { cms_pages, cms_posts, investments } from "@/server/db/schema";
import { resetEnvForTests } from "@/server/env";
import { seedDemo } from "@/seed";
import {
  corporateRowsOf,
  faqItemsOf,
  getPage,
  getPostBySlug,
  listCategories,
  listPosts,
  recentPosts,
  salesRecordsOf,
  sitemapEntries,
  sitemapFile,
  sitemapIndexXml,
  sitemapPageEntries,
  sitemapPlan,
  staffProfilesOf,
  advantagePointsOf,
} from "@/server/cms";
import { callerFor } from "../../helpers/context";
import { createTestDb } from "../../helpers/db";

// Every seed date is relative to this (Japan noon).
const NOW = new Date("2026-11-21T12:00:00+09:00");
const DAY = 86_400_000;
const APP_URL = "https://kansai.example.test";

let db: Db;
let url: string;
let cleanup: () => void;
const saved = { ...process.env };

/** Listing ids put into known visibility states for the sitemap checks. */
const ids = { public: 0, membersOnly: 0, unpublished: 0, overdue: 0 };

beforeAll(async () => {
  ({ db, url, cleanup } = await createTestDb());
  await seedDemo(db, { now: NOW, images: false, listings: 40, members: 2 });
  const rows = await db.select({ id: investments.id }).from(investments).orderBy(asc(investments.id)).limit(4).all();
  const [a, b, c, d] = rows.map((r) => r.id);
  Object.assign(ids, { public: a, membersOnly: b, unpublished: c, overdue: d });
  await db.update(investments).set({ public: true, members: false, not_updated_at: null }).where(eq(investments.id, ids.public));
  await db.update(investments).set({ public: true, members: true, not_updated_at: null }).where(eq(investments.id, ids.membersOnly));
  await db.update(investments).set({ public: false, members: false, not_updated_at: null }).where(eq(investments.id, ids.unpublished));
  await db
    .update(investments)
    .set({ public: true, members: false, not_updated_at: new Date(NOW.getTime() - DAY) })
    .where(eq(investments.id, ids.overdue));
});

afterAll(async () => {
  await closeDb();
  process.env = saved;
  resetEnvForTests();
  cleanup?.();
});

const slugsOf = (status: string) =>
  db
    .select({ slug: cms_posts.slug })
    .from(cms_posts)
    .where(eq(cms_posts.status, status))
    .all()
    .then((r) => r.map((x) => x.slug));

describe("blog posts", () => {
  it("pages 20 published posts by 10, newest first, with total and last", async () => {
    const p1 = await listPosts(db, { page: 1, now: NOW });
    const p2 = await listPosts(db, { page: 2, now: NOW });
    const p3 = await listPosts(db, { page: 3, now: NOW });
    expect(p1).toMatchObject({ total: 20, last: 2, page: 1, pageSize: 10 });
    expect(p1.items).toHaveLength(10);
    expect(p2.items).toHaveLength(10);
    expect(p3.items).toHaveLength(0);
    expect(p3.last).toBe(2);
    const all = [...p1.items, ...p2.items];
    expect(new Set(all.map((p) => p.slug)).size).toBe(20);
    const times = all.map((p) => p.published_at.getTime());
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    // The seed's most recent post is the holiday notice.
    expect(p1.items[0]?.slug).toBe("holiday-notice");
    expect(p1.items[0]?.category_name).toBe("お知らせ");
  });

  it("hides drafts always and scheduled posts until their date", async () => {
    const drafts = await slugsOf("draft");
    const scheduled = await slugsOf("scheduled");
    expect(drafts.length).toBeGreaterThan(0);
    expect(scheduled).toEqual(["seminar-announcement"]);
    const listed = (await listPosts(db, { pageSize: 50, now: NOW })).items.map((p) => p.slug);
    for (const s of [...drafts, ...scheduled]) {
      expect(listed).not.toContain(s);
      expect(await getPostBySlug(db, s, NOW)).toBeNull();
    }
    // Ten days on, the scheduled post is live (and first); drafts still are not.
    const later = new Date(NOW.getTime() + 11 * DAY);
    const after = await listPosts(db, { pageSize: 50, now: later });
    expect(after.total).toBe(21);
    expect(after.items[0]?.slug).toBe("seminar-announcement");
    expect(await getPostBySlug(db, "seminar-announcement", later)).not.toBeNull();
    for (const s of drafts) expect(await getPostBySlug(db, s, later)).toBeNull();
  });

  it("treats a published post dated in the future like a scheduled one", async () => {
    await db.insert(cms_posts).values({
      slug: "future-published",
      title: "未来の記事",
      status: "published",
      published_at: new Date(NOW.getTime() + 3 * DAY),
      body_html: "<p>x</p>",
    });
    try {
      expect(await getPostBySlug(db, "future-published", NOW)).toBeNull();
      expect(await getPostBySlug(db, "future-published", new Date(NOW.getTime() + 4 * DAY))).not.toBeNull();
    } finally {
      await db.delete(cms_posts).where(eq(cms_posts.slug, "future-published"));
    }
  });

  it("filters by category and lists categories with counts", async () => {
    const cats = await listCategories(db, NOW);
    expect(cats.reduce((s, c) => s + c.count, 0)).toBe(20);
    const market = cats.find((c) => c.category === "market");
    expect(market).toMatchObject({ name: "市場動向" });
    const list = await listPosts(db, { category: "market", now: NOW });
    expect(list.total).toBe(market?.count);
    expect(list.items.every((p) => p.category === "market")).toBe(true);
    expect((await listPosts(db, { category: "no-such", now: NOW })).total).toBe(0);
  });

  it("links each post to its older and newer neighbours", async () => {
    const all = (await listPosts(db, { pageSize: 50, now: NOW })).items;
    const newest = await getPostBySlug(db, all[0]!.slug, NOW);
    expect(newest?.next).toBeNull();
    expect(newest?.prev?.slug).toBe(all[1]?.slug);
    expect(newest?.body_html).toContain("<h2>");
    const oldest = await getPostBySlug(db, all[all.length - 1]!.slug, NOW);
    expect(oldest?.prev).toBeNull();
    expect(oldest?.next?.slug).toBe(all[all.length - 2]?.slug);
    expect((await recentPosts(db, 5, NOW)).map((p) => p.slug)).toEqual(all.slice(0, 5).map((p) => p.slug));
  });
});

describe("content pages", () => {
  it("looks pages up by key with their structured data", async () => {
    const about = await getPage(db, "about");
    expect(about?.title).toBe("当サイトについて");
    expect(about?.body_html).toContain("<h2>");
    expect(await getPage(db, "nope")).toBeNull();

    const records = salesRecordsOf(await getPage(db, "results"));
    expect(records).toHaveLength(24);
    expect(records.map((r) => r.date)).toEqual([...records.map((r) => r.date)].sort().reverse());
    expect(records[0]).toMatchObject({ type: expect.any(String), area: expect.any(String), price: expect.any(Number) });
    expect(staffProfilesOf(await getPage(db, "staff"))).toHaveLength(5);
    expect(faqItemsOf(await getPage(db, "faq")).length).toBeGreaterThanOrEqual(10);
    expect(corporateRowsOf(await getPage(db, "corporate")).map((r) => r.label)).toContain("免許番号");
    expect(advantagePointsOf(await getPage(db, "advantage"))).toHaveLength(4);
  });

  it("drops malformed structured entries instead of failing", async () => {
    const faq = await getPage(db, "faq");
    const items = faqItemsOf(faq);
    await db
      .update(cms_pages)
      .set({ data: { items: [...items, { q: "" }, "junk", null, { q: "追加の質問？", a: "追加の回答です。" }] } })
      .where(eq(cms_pages.key, "faq"));
    try {
      const after = faqItemsOf(await getPage(db, "faq"));
      expect(after).toHaveLength(items.length + 1);
      expect(after.at(-1)?.q).toBe("追加の質問？");
      expect(faqItemsOf({ data: null })).toEqual([]);
      expect(salesRecordsOf({ data: { records: "x" } })).toEqual([]);
    } finally {
      await db
        .update(cms_pages)
        .set({ data: faq?.data ?? null })
        .where(eq(cms_pages.key, "faq"));
    }
  });
});

describe("public.cms procedures", () => {
  it("serve pages and posts to a visitor, with NOT_FOUND and input errors", async () => {
    const { caller } = await callerFor(db);
    expect((await caller.public.cms.page({ key: "corporate" })).title).toBe("会社概要");
    const p2 = await caller.public.cms.posts({ page: 2 });
    expect(p2.items).toHaveLength(10);
    expect(p2.last).toBe(2);
    expect((await caller.public.cms.posts({ category: "finance" })).items.every((p) => p.category === "finance")).toBe(true);
    const post = await caller.public.cms.post({ slug: "kansai-market-review" });
    expect(post.title).toContain("関西");
    expect((await caller.public.cms.recent({ limit: 3 })).length).toBe(3);
    expect((await caller.public.cms.categories()).length).toBeGreaterThan(3);

    const code = (p: Promise<unknown>) =>
      p.then(
        () => "ok",
        (e: unknown) => (e instanceof TRPCError ? e.code : "other"),
      );
    expect(await code(caller.public.cms.post({ slug: "draft-cashflow-simulation" }))).toBe("NOT_FOUND");
    expect(await code(caller.public.cms.post({ slug: "seminar-announcement" }))).toBe("NOT_FOUND");
    expect(await code(caller.public.cms.post({ slug: "no-such-post" }))).toBe("NOT_FOUND");
    expect(await code(caller.public.cms.posts({ page: 0 }))).toBe("BAD_REQUEST");
    expect(await code(caller.public.cms.posts({ category: "<script>" }))).toBe("BAD_REQUEST");
    expect(await code(caller.public.cms.page({ key: "secret" as "about" }))).toBe("BAD_REQUEST");
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("the sitemap service lists public listings, live posts and pages only", async () => {
    const entries = await sitemapEntries(db, APP_URL, NOW);
    const urls = entries.map((e) => e.url);
    expect(urls.every((u) => u.startsWith(`${APP_URL}/`))).toBe(true);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toContain(`${APP_URL}/investments/${ids.public}`);
    for (const id of [ids.membersOnly, ids.unpublished, ids.overdue]) expect(urls).not.toContain(`${APP_URL}/investments/${id}`);

    // Exactly the listings a visitor sees.
    const visible = await db
      .select({ id: investments.id })
      .from(investments)
      .where(and(eq(investments.public, true), eq(investments.members, false), isNull(investments.not_updated_at)))
      .all();
    const listed = urls.filter((u) => /\/investments\/\d+$/.test(u)).map((u) => Number(u.split("/").pop()));
    expect(listed.sort((a, b) => a - b)).toEqual(visible.map((v) => v.id).sort((a, b) => a - b));

    expect(urls).toContain(`${APP_URL}/blogs/kansai-market-review`);
    expect(urls).not.toContain(`${APP_URL}/blogs/seminar-announcement`);
    expect(urls).not.toContain(`${APP_URL}/blogs/draft-cashflow-simulation`);
    for (const p of [
      "/",
      "/about",
      "/advantage",
      "/corporate",
      "/results",
      "/staff",
      "/faq",
      "/terms",
      "/privacy",
      "/antisocial",
      "/blogs",
      "/investments",
      "/investments/search/area",
      "/investments/search/train",
      "/investments/search/feature",
      "/sitemap",
    ]) {
      expect(urls).toContain(`${APP_URL}${p === "/" ? "/" : p}`);
    }
    expect(urls.some((u) => u.includes("/mypage") || u.includes("/api/") || u.includes("/_"))).toBe(false);
  });

  it("past the per-file limit /sitemap.xml becomes an index whose files hold every visible URL once", async () => {
    const all = (await sitemapEntries(db, APP_URL, NOW)).map((e) => e.url);
    const pages = await sitemapPageEntries(db, APP_URL, NOW);
    const listings = all.length - pages.length;
    expect(listings).toBeGreaterThanOrEqual(3);
    const limit = Math.ceil(listings / 3); // three listing files (the pages file holds the few non-listing URLs)
    const plan = await sitemapPlan(db, APP_URL, NOW, limit);
    expect(plan.kind).toBe("index");
    if (plan.kind !== "index") return;
    expect(plan.files[0]).toBe("pages.xml");
    expect(plan.files.length).toBeGreaterThanOrEqual(4);
    const fromFiles: string[] = [];
    for (const f of plan.files) {
      const entries = await sitemapFile(db, APP_URL, f, NOW, limit);
      expect(entries, f).not.toBeNull();
      if (f !== "pages.xml") expect(entries!.length, f).toBeLessThanOrEqual(limit);
      fromFiles.push(...entries!.map((e) => e.url));
    }
    expect(fromFiles.sort()).toEqual([...all].sort());
    // One past the last file, and anything that is not a file name, is no file.
    for (const bad of [`investments-${plan.files.length - 1}.xml`, "investments-01.xml", "investments--1.xml", "../pages.xml", "pages.xml.gz"]) {
      expect(await sitemapFile(db, APP_URL, bad, NOW, limit), bad).toBeNull();
    }
    const index = sitemapIndexXml(APP_URL, plan.files, NOW);
    expect(index).toContain("<sitemapindex");
    expect([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual(plan.files.map((f) => `${APP_URL}/sitemaps/${f}`));
    // Within the limit it is one plain file.
    expect((await sitemapPlan(db, APP_URL, NOW)).kind).toBe("single");
  });

  it("the sitemap.xml and robots.ts routes read APP_URL and the database at run time", async () => {
    process.env.DATABASE_URL = url;
    process.env.APP_URL = APP_URL;
    process.env.ADMIN_BASE_PATH = "/_kanri-secret-test";
    process.env.PREVIEW_BASE_PATH = "/_preview-secret-test";
    resetEnvForTests();
    await closeDb();

    const { GET } = await import("@/app/sitemap.xml/route");
    const res = await GET();
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(urls).toContain(`${APP_URL}/investments/${ids.public}`);
    expect(urls).not.toContain(`${APP_URL}/investments/${ids.membersOnly}`);
    expect(urls.some((u) => u?.includes("secret-test"))).toBe(false);

    const { default: robots } = await import("@/app/robots");
    const r = robots();
    expect(r.sitemap).toBe(`${APP_URL}/sitemap.xml`);
    const rules = Array.isArray(r.rules) ? r.rules : [r.rules];
    expect(rules[0]).toMatchObject({ userAgent: "*", allow: "/" });
    expect(rules[0]?.disallow).toEqual(expect.arrayContaining(["/api/", "/mypage"]));
    expect(JSON.stringify(r)).not.toContain("secret-test");
    expect(JSON.stringify(r)).not.toContain("/_");
  });
});
