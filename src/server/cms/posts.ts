import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db";
import { cms_posts } from "@/server/db/schema";
import { lastPage } from "@/lib/pagination";
import { categoryName, categoryOrder } from "@/lib/constants/post-categories";

/** Posts per page on /blogs (spec: lists are paged; the blog shows 10). */
export const POSTS_PAGE_SIZE = 10;
export const POSTS_PAGE_SIZE_MAX = 50;

/**
 * Who sees a post: everyone, once it is live.
 *  published  live from published_at (or at once when it has no date);
 *             a future date makes it behave like a scheduled post
 *  scheduled  live from published_at (never without one)
 *  draft      never (the admin preview reads drafts itself)
 */
export function postIsLive(now: Date): SQL {
  return or(
    and(eq(cms_posts.status, "published"), or(isNull(cms_posts.published_at), lte(cms_posts.published_at, now))),
    and(eq(cms_posts.status, "scheduled"), isNotNull(cms_posts.published_at), lte(cms_posts.published_at, now)),
  )!;
}

/** The date a post shows and sorts by: published_at, else created_at. */
const postDate = sql<number>`coalesce(${cms_posts.published_at}, ${cms_posts.created_at})`;

export interface PostSummary {
  id: number;
  slug: string;
  title: string;
  category: string;
  category_name: string;
  cover_image: string | null;
  excerpt: string | null;
  /** The date shown (published_at, else created_at). */
  published_at: Date;
  updated_at: Date;
}

export interface PostLink {
  slug: string;
  title: string;
  published_at: Date;
}

export interface PostDetail extends PostSummary {
  /** Sanitised HTML, safe to insert as is. */
  body_html: string;
  /** The next older post. */
  prev: PostLink | null;
  /** The next newer post. */
  next: PostLink | null;
}

export interface PostPage {
  items: PostSummary[];
  total: number;
  /** The page asked for (may exceed `last`; the caller answers 404 then). */
  page: number;
  pageSize: number;
  last: number;
  category: string | null;
}

const summaryColumns = {
  id: cms_posts.id,
  slug: cms_posts.slug,
  title: cms_posts.title,
  category: cms_posts.category,
  cover_image: cms_posts.cover_image,
  excerpt: cms_posts.excerpt,
  published_at: cms_posts.published_at,
  created_at: cms_posts.created_at,
  updated_at: cms_posts.updated_at,
};

interface SummaryRow {
  id: number;
  slug: string;
  title: string;
  category: string;
  cover_image: string | null;
  excerpt: string | null;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

function toSummary(r: SummaryRow): PostSummary {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    category: r.category,
    category_name: categoryName(r.category),
    cover_image: r.cover_image,
    excerpt: r.excerpt,
    published_at: r.published_at ?? r.created_at,
    updated_at: r.updated_at,
  };
}

export interface ListPostsOptions {
  page?: number;
  pageSize?: number;
  category?: string | null;
  now?: Date;
}

/** Live posts, newest first, one page of them, with the total and the last page number. */
export async function listPosts(db: Db, { page = 1, pageSize = POSTS_PAGE_SIZE, category, now = new Date() }: ListPostsOptions = {}): Promise<PostPage> {
  const size = Math.min(POSTS_PAGE_SIZE_MAX, Math.max(1, Math.trunc(pageSize) || POSTS_PAGE_SIZE));
  const current = Math.max(1, Math.trunc(page) || 1);
  const where = and(postIsLive(now), category ? eq(cms_posts.category, category) : undefined);
  const [totalRow, rows] = await Promise.all([
    db.select({ n: count() }).from(cms_posts).where(where).get(),
    db
      .select(summaryColumns)
      .from(cms_posts)
      .where(where)
      .orderBy(desc(postDate), desc(cms_posts.id))
      .limit(size)
      .offset((current - 1) * size)
      .all(),
  ]);
  const total = totalRow?.n ?? 0;
  return { items: rows.map(toSummary), total, page: current, pageSize: size, last: lastPage(total, size), category: category ?? null };
}

/** The newest `n` live posts (side column, home). */
export async function recentPosts(db: Db, n = 5, now = new Date()): Promise<PostSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(cms_posts)
    .where(postIsLive(now))
    .orderBy(desc(postDate), desc(cms_posts.id))
    .limit(Math.max(0, Math.min(POSTS_PAGE_SIZE_MAX, Math.trunc(n))))
    .all();
  return rows.map(toSummary);
}

/** A live post by slug with its older (prev) and newer (next) neighbours; null when missing or not live. */
export async function getPostBySlug(db: Db, slug: string, now = new Date()): Promise<PostDetail | null> {
  return postDetail(db, and(eq(cms_posts.slug, slug), postIsLive(now))!, now);
}

/**
 * Any post by id (draft, scheduled or published), shaped exactly as the public
 * page gets it: its neighbours are the live posts around its date. Admin
 * preview only; null when missing.
 */
/** Where a post stands for the public, as the preview banner says it. */
export interface PostPublication {
  label: string;
  /** Visitors can open it on /blogs now. */
  live: boolean;
}

const jstMinute = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

export function postPublicationOf(row: { status: string; published_at: Date | null }, now: Date): PostPublication {
  if (row.status === "draft") return { label: "下書き", live: false };
  const at = row.published_at;
  if (row.status === "published" && (!at || at <= now)) return { label: "公開中", live: true };
  if (row.status === "scheduled" && !at) return { label: "予約公開（日時未設定）", live: false };
  if (at && at <= now) return { label: "公開中", live: true };
  return { label: `公開予定（${jstMinute.format(at ?? now)}）`, live: false };
}

/** Any post by id (the admin preview), with its publication state for the banner. */
export async function getPostPreview(db: Db, id: number, now = new Date()): Promise<(PostDetail & { publication: PostPublication }) | null> {
  const [detail, row] = await Promise.all([
    postDetail(db, eq(cms_posts.id, id), now),
    db.select({ status: cms_posts.status, published_at: cms_posts.published_at }).from(cms_posts).where(eq(cms_posts.id, id)).get(),
  ]);
  return detail && row ? { ...detail, publication: postPublicationOf(row, now) } : null;
}

async function postDetail(db: Db, where: SQL, now: Date): Promise<PostDetail | null> {
  const row = await db
    .select({ ...summaryColumns, body_html: cms_posts.body_html })
    .from(cms_posts)
    .where(where)
    .get();
  if (!row) return null;
  const at = (row.published_at ?? row.created_at).getTime();
  const link = { slug: cms_posts.slug, title: cms_posts.title, published_at: cms_posts.published_at, created_at: cms_posts.created_at };
  const [older, newer] = await Promise.all([
    db
      .select(link)
      .from(cms_posts)
      .where(and(postIsLive(now), or(lt(postDate, at), and(eq(postDate, at), lt(cms_posts.id, row.id)))))
      .orderBy(desc(postDate), desc(cms_posts.id))
      .limit(1)
      .get(),
    db
      .select(link)
      .from(cms_posts)
      .where(and(postIsLive(now), or(gt(postDate, at), and(eq(postDate, at), gt(cms_posts.id, row.id)))))
      .orderBy(asc(postDate), asc(cms_posts.id))
      .limit(1)
      .get(),
  ]);
  const toLink = (r: typeof older): PostLink | null => (r ? { slug: r.slug, title: r.title, published_at: r.published_at ?? r.created_at } : null);
  return { ...toSummary(row), body_html: row.body_html, prev: toLink(older), next: toLink(newer) };
}

export interface CategoryCount {
  category: string;
  name: string;
  count: number;
}

/** Categories that have live posts, with their counts, in the display order. */
export async function listCategories(db: Db, now = new Date()): Promise<CategoryCount[]> {
  const rows = await db.select({ category: cms_posts.category, n: count() }).from(cms_posts).where(postIsLive(now)).groupBy(cms_posts.category).all();
  return rows
    .map((r) => ({ category: r.category, name: categoryName(r.category), count: r.n }))
    .sort((a, b) => categoryOrder(a.category) - categoryOrder(b.category) || a.category.localeCompare(b.category));
}

/** Every live post's slug and last change (sitemap), newest first. */
export async function listLivePostUpdates(db: Db, now = new Date()): Promise<{ slug: string; updated_at: Date }[]> {
  return db
    .select({ slug: cms_posts.slug, updated_at: cms_posts.updated_at })
    .from(cms_posts)
    .where(postIsLive(now))
    .orderBy(desc(postDate), desc(cms_posts.id))
    .all();
}
