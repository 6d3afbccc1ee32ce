import { desc } from "drizzle-orm";
import type { MetadataRoute } from "next";
import { canonicalUrl } from "@/lib/seo";
import type { Db } from "@/server/db";
import { investments } from "@/server/db/schema";
import { visibleTo } from "@/server/services/investments/visibility";
import { listPageUpdates, PAGE_KEYS } from "./pages";
import { listLivePostUpdates } from "./posts";

/**
 * Entries of /sitemap.xml: what a visitor (and so a search engine) may see.
 * Public listings only (visibleTo("visitor"): never members-only, unpublished
 * or overdue ones), live blog posts, the content pages and the list and search
 * entry pages. Nothing under /mypage, /api or the admin and preview base paths.
 */

/** One file holds at most 50,000 URLs; listings fill what the other entries leave. */
export const SITEMAP_URL_LIMIT = 50_000;

type Freq = NonNullable<MetadataRoute.Sitemap[number]["changeFrequency"]>;

/** Public pages that are not CMS pages, blog posts or listings. */
export const SITEMAP_STATIC_PAGES: readonly { path: string; changeFrequency: Freq; priority: number }[] = [
  { path: "/", changeFrequency: "daily", priority: 1 },
  { path: "/investments", changeFrequency: "daily", priority: 0.9 },
  { path: "/investments/search/area", changeFrequency: "weekly", priority: 0.7 },
  { path: "/investments/search/train", changeFrequency: "weekly", priority: 0.7 },
  { path: "/investments/search/feature", changeFrequency: "weekly", priority: 0.7 },
  { path: "/blogs", changeFrequency: "daily", priority: 0.7 },
  { path: "/sell", changeFrequency: "monthly", priority: 0.6 },
  { path: "/exchange", changeFrequency: "monthly", priority: 0.5 },
  { path: "/contacts/consult", changeFrequency: "yearly", priority: 0.5 },
  { path: "/contacts/other", changeFrequency: "yearly", priority: 0.4 },
  { path: "/sitemap", changeFrequency: "monthly", priority: 0.3 },
];

const PAGE_PRIORITY: Record<string, number> = { corporate: 0.6, advantage: 0.6, results: 0.6, staff: 0.5, about: 0.5, faq: 0.5 };

export async function sitemapEntries(db: Db, appUrl: string, now = new Date()): Promise<MetadataRoute.Sitemap> {
  const url = (path: string) => canonicalUrl(appUrl, path);
  const [pages, posts] = await Promise.all([listPageUpdates(db), listLivePostUpdates(db, now)]);

  const out: MetadataRoute.Sitemap = SITEMAP_STATIC_PAGES.map((p) => ({
    url: url(p.path),
    changeFrequency: p.changeFrequency,
    priority: p.priority,
  }));

  const known = new Set<string>(PAGE_KEYS);
  for (const p of pages) {
    if (!known.has(p.key)) continue;
    out.push({ url: url(`/${p.key}`), lastModified: p.updated_at, changeFrequency: "monthly", priority: PAGE_PRIORITY[p.key] ?? 0.3 });
  }
  for (const p of posts) {
    out.push({ url: url(`/blogs/${encodeURIComponent(p.slug)}`), lastModified: p.updated_at, changeFrequency: "monthly", priority: 0.5 });
  }

  const room = Math.max(0, SITEMAP_URL_LIMIT - out.length);
  const listings = await db
    .select({ id: investments.id, update_at: investments.update_at, updated_at: investments.updated_at })
    .from(investments)
    .where(visibleTo("visitor"))
    .orderBy(desc(investments.public_at), desc(investments.id))
    .limit(room)
    .all();
  for (const l of listings) {
    out.push({ url: url(`/investments/${l.id}`), lastModified: l.update_at ?? l.updated_at, changeFrequency: "weekly", priority: 0.8 });
  }
  return out;
}
