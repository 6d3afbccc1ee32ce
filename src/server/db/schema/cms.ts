import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { admins } from "./accounts";
import { createdAt, timestamp, updatedAt } from "./_columns";

/** Blog posts (/blogs). body_html is the sanitised rendering of body_md, stored so pages never re-render Markdown. */
export const cms_posts = sqliteTable(
  "cms_posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    category: text("category").notNull().default("news"),
    cover_image: text("cover_image"),
    excerpt: text("excerpt"),
    body_md: text("body_md").notNull().default(""),
    body_html: text("body_html").notNull().default(""),
    /** draft | scheduled | published (scheduled becomes visible at published_at) */
    status: text("status").notNull().default("draft"),
    published_at: timestamp("published_at"),
    author_id: integer("author_id").references(() => admins.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("cms_posts_slug_uq").on(t.slug), index("cms_posts_status_published_at_idx").on(t.status, t.published_at)],
);

/**
 * The content pages (about, advantage, corporate, results, staff, faq, terms,
 * privacy, antisocial). Structured parts (FAQ items, staff profiles, sales
 * results) live in `data`, prose in body_md/body_html.
 */
export const cms_pages = sqliteTable(
  "cms_pages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    key: text("key").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    body_md: text("body_md").notNull().default(""),
    body_html: text("body_html").notNull().default(""),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("cms_pages_key_uq").on(t.key)],
);
