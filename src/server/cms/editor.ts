import { marked, type Token, type Tokens } from "marked";
import sanitizeHtml from "sanitize-html";
/**
 * The CMS editor's server side: blog posts (draft / scheduled / published,
 * Markdown body rendered to sanitised body_html on save, preview) and the
 * content pages (prose + the structured list of results / staff / FAQ /
 * company rows / strengths, validated before it is stored).
 *
 * Markdown rendering: until a Markdown library with an HTML sanitiser is
 * installed (marked + sanitize-html requested), bodies go through the seed's
 * renderer, which escapes everything and produces only headings (##, ###)
 * and paragraphs — safe, but without lists, links or emphasis.
 */
import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import { lastPage } from "@/lib/pagination";
import { CMS_PAGE_DATA_FIELD, type CmsPageKey, type PostOutput } from "@/schemas/admin/cms";
import type { z } from "@/schemas/zod";
import { AppError, fieldInvalid } from "@/server/errors";
import type { Db } from "@/server/db";
import { cms_pages, cms_posts } from "@/server/db/schema";
import { advantagePoint, faqItem, labelledRow, salesRecord, staffProfile } from "./pages";

export const POSTS_ADMIN_PAGE_SIZE = 30;
export const DUPLICATE_SLUG_MESSAGE = "このスラッグは既に使われています";

/** Markdown → sanitised HTML (see the module comment). */
/**
 * Markdown (marked, GitHub-flavoured) to HTML, then sanitize-html with an
 * allow-list: staff write the body, visitors get only safe tags and links.
 */
export function renderMarkdown(md: string): string {
  const html = marked.parse(md, { async: false, gfm: true, breaks: true });
  return sanitizeHtml(html, {
    allowedTags: [
      "h2",
      "h3",
      "h4",
      "p",
      "br",
      "strong",
      "em",
      "del",
      "blockquote",
      "ul",
      "ol",
      "li",
      "a",
      "code",
      "pre",
      "hr",
      "table",
      "thead",
      "tbody",
      "tr",
      "th",
      "td",
      "img",
    ],
    allowedAttributes: { a: ["href", "title", "rel"], img: ["src", "alt", "title", "width", "height"], th: ["align"], td: ["align"] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["https", "http"] },
    transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }), h1: "h2" },
    // Typed tags that are not allowed stay visible as text rather than vanishing.
    disallowedTagsMode: "escape",
  }).trim();
}

/**
 * The plain text a reader sees in a Markdown body, from marked's tokens (the
 * same parse as the page): link and emphasis text without their syntax or
 * URLs, table cells without pipes, list items and quotes as sentences.
 * Headings, code blocks, images, raw HTML and rules are left out (an excerpt
 * is prose).
 */
function plainTextOf(tokens: readonly Token[] | undefined): string {
  if (!tokens) return "";
  const out: string[] = [];
  for (const t of tokens) {
    switch (t.type) {
      case "heading":
      case "code":
      case "image":
      case "html":
      case "hr":
      case "def":
        break;
      case "space":
      case "br":
        out.push(" ");
        break;
      case "text":
      case "escape":
      case "codespan":
        out.push("tokens" in t && t.tokens ? plainTextOf(t.tokens) : decodeEntities(t.text));
        break;
      case "table": {
        const table = t as Tokens.Table;
        for (const cell of table.header) out.push(plainTextOf(cell.tokens), " ");
        for (const row of table.rows) for (const cell of row) out.push(plainTextOf(cell.tokens), " ");
        break;
      }
      case "list":
        for (const item of (t as Tokens.List).items) out.push(plainTextOf(item.tokens), " ");
        break;
      case "link": {
        // A bare URL (autolink) shows only itself: no text for an excerpt.
        const link = t as Tokens.Link;
        if (link.text !== link.href && `mailto:${link.text}` !== link.href) out.push(plainTextOf(link.tokens));
        break;
      }
      default:
        out.push("tokens" in t && Array.isArray(t.tokens) ? plainTextOf(t.tokens) : "");
        if (t.type === "paragraph" || t.type === "blockquote") out.push(" ");
    }
  }
  return out.join("");
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };
function decodeEntities(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e] ?? _);
}

/** Plain-text excerpt of a Markdown body: what a reader sees (plainTextOf), at most `max` characters. */
export function excerptOf(md: string, max = 120): string {
  const text = plainTextOf(marked.lexer(md, { gfm: true, breaks: true }))
    .replace(/\s+/g, " ")
    .trim();
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : text;
}

const jst = (local: string) => new Date(`${local.length === 16 ? `${local}:00` : local}+09:00`);

export async function listPostsAdmin(db: Db, q: { status?: string; q?: string; page: number }) {
  const where = and(
    q.status ? eq(cms_posts.status, q.status) : undefined,
    q.q ? sql`(instr(${cms_posts.title}, ${q.q}) > 0 OR instr(${cms_posts.slug}, ${q.q}) > 0)` : undefined,
  );
  const total = (await db.select({ n: count() }).from(cms_posts).where(where).get())?.n ?? 0;
  const last = lastPage(total, POSTS_ADMIN_PAGE_SIZE);
  const page = Math.min(last, Math.max(1, q.page));
  const items = await db
    .select({
      id: cms_posts.id,
      slug: cms_posts.slug,
      title: cms_posts.title,
      category: cms_posts.category,
      status: cms_posts.status,
      published_at: cms_posts.published_at,
      updated_at: cms_posts.updated_at,
    })
    .from(cms_posts)
    .where(where)
    .orderBy(desc(sql`coalesce(${cms_posts.published_at}, ${cms_posts.created_at})`), desc(cms_posts.id))
    .limit(POSTS_ADMIN_PAGE_SIZE)
    .offset((page - 1) * POSTS_ADMIN_PAGE_SIZE)
    .all();
  return { items, total, page, last };
}

export async function getPostAdmin(db: Db, id: number) {
  const row = await db.select().from(cms_posts).where(eq(cms_posts.id, id)).get();
  if (!row) throw new AppError("NOT_FOUND", "記事が見つかりません");
  return row;
}

/**
 * Creates or updates a post. Publishing without a date publishes now; a
 * scheduled post goes live at published_at (the public list's postIsLive).
 */
export async function savePost(db: Db, adminId: number | null, id: number | null, v: PostOutput, now = new Date()): Promise<{ id: number }> {
  const clash = await db
    .select({ id: cms_posts.id })
    .from(cms_posts)
    .where(and(eq(cms_posts.slug, v.slug), id ? ne(cms_posts.id, id) : undefined))
    .get();
  if (clash) throw fieldInvalid("slug", DUPLICATE_SLUG_MESSAGE);
  const published_at = v.published_at ? jst(v.published_at) : v.status === "published" ? now : null;
  if (v.status === "scheduled" && published_at && published_at.getTime() <= now.getTime()) {
    throw fieldInvalid("published_at", "予約公開の日時は現在より後にしてください");
  }
  const values = {
    title: v.title,
    slug: v.slug,
    category: v.category,
    cover_image: v.cover_image ?? null,
    excerpt: v.excerpt ?? (excerptOf(v.body_md) || null),
    body_md: v.body_md,
    body_html: renderMarkdown(v.body_md),
    status: v.status,
    published_at,
  };
  if (id) {
    const [row] = await db.update(cms_posts).set(values).where(eq(cms_posts.id, id)).returning({ id: cms_posts.id });
    if (!row) throw new AppError("NOT_FOUND", "記事が見つかりません");
    return row;
  }
  const [row] = await db
    .insert(cms_posts)
    .values({ ...values, author_id: adminId })
    .returning({ id: cms_posts.id });
  if (!row) throw new Error("post insert returned nothing");
  return row;
}

export async function deletePost(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(cms_posts).where(eq(cms_posts.id, id)).returning({ id: cms_posts.id });
  if (!row) throw new AppError("NOT_FOUND", "記事が見つかりません");
}

/** The rendered body of unsaved Markdown, for the editor's preview pane. */
export function previewMarkdown(md: string): { html: string } {
  return { html: renderMarkdown(md) };
}

/* ------------------------------------------------------------------ pages */

const ITEM_SCHEMAS: Record<string, z.ZodType> = {
  records: salesRecord,
  staff: staffProfile,
  items: faqItem,
  rows: labelledRow,
  points: advantagePoint,
};

export async function listPagesAdmin(db: Db) {
  return db.select({ key: cms_pages.key, title: cms_pages.title, updated_at: cms_pages.updated_at }).from(cms_pages).all();
}

export async function getPageAdmin(db: Db, key: CmsPageKey) {
  const row = await db.select().from(cms_pages).where(eq(cms_pages.key, key)).get();
  const field = CMS_PAGE_DATA_FIELD[key] ?? null;
  return {
    key,
    title: row?.title ?? "",
    description: row?.description ?? "",
    body_md: row?.body_md ?? "",
    data_field: field,
    data_json: field ? JSON.stringify((row?.data as Record<string, unknown> | null)?.[field] ?? [], null, 2) : "",
    updated_at: row?.updated_at ?? null,
  };
}

/** Parses and checks the structured list of a page; field errors name the entry. */
export function parsePageData(key: CmsPageKey, json: string | undefined): Record<string, unknown> | null {
  const field = CMS_PAGE_DATA_FIELD[key];
  if (!field) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json?.trim() ? json : "[]");
  } catch {
    throw fieldInvalid("data_json", "構造化データ（JSON）の形式が正しくありません");
  }
  if (!Array.isArray(parsed)) throw fieldInvalid("data_json", "構造化データ（JSON）は配列（[ … ]）で入力してください");
  const schema = ITEM_SCHEMAS[field]!;
  parsed.forEach((entry, i) => {
    const r = schema.safeParse(entry);
    if (!r.success) {
      const issue = r.error.issues[0];
      throw fieldInvalid("data_json", `構造化データ（JSON）の${i + 1}件目が正しくありません（${issue?.path.join(".") || "値"}）`);
    }
  });
  return { [field]: parsed };
}

export async function savePage(db: Db, input: { key: CmsPageKey; title: string; description?: string; body_md: string; data_json?: string }): Promise<void> {
  const existing = await db.select({ data: cms_pages.data }).from(cms_pages).where(eq(cms_pages.key, input.key)).get();
  const listData = parsePageData(input.key, input.data_json);
  const data = listData ? { ...((existing?.data as Record<string, unknown> | null) ?? {}), ...listData } : (existing?.data ?? null);
  const values = {
    title: input.title,
    description: input.description ?? null,
    body_md: input.body_md,
    body_html: renderMarkdown(input.body_md),
    data,
  };
  await db
    .insert(cms_pages)
    .values({ key: input.key, ...values })
    .onConflictDoUpdate({ target: cms_pages.key, set: { ...values, updated_at: new Date() } });
}
