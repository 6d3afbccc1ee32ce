import { asc, count } from "drizzle-orm";
import { canonicalUrl } from "@/lib/seo";
import type { Db } from "@/server/db";
import { investments } from "@/server/db/schema";
import { visibleTo } from "@/server/listings";
import { listPageUpdates, PAGE_KEYS } from "./pages";
import { listLivePostUpdates } from "./posts";

/**
 * Entries of /sitemap.xml: what a visitor (and so a search engine) may see.
 * Public listings only (visibleTo("visitor"): never members-only, unpublished
 * or overdue ones), live blog posts, the content pages and the list and search
 * entry pages. Nothing under /mypage, /api or the admin and preview base paths.
 */

/** One file holds at most 50,000 URLs (sitemaps.org); past that /sitemap.xml becomes an index. */
export const SITEMAP_URL_LIMIT = 50_000;

type Freq = "always" | "hourly" | "daily" | "weekly" | "monthly" | "yearly" | "never";

/** One <url> of a sitemap (sitemaps.org; the same fields as Next's Sitemap). */
export interface SitemapEntry {
  url: string;
  lastModified?: string | Date;
  changeFrequency?: Freq;
  priority?: number;
}
export type Sitemap = SitemapEntry[];

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

/** The entries that are not listings: entry pages, content pages and live posts. */
export async function sitemapPageEntries(db: Db, appUrl: string, now = new Date()): Promise<Sitemap> {
  const url = (path: string) => canonicalUrl(appUrl, path);
  const [pages, posts] = await Promise.all([listPageUpdates(db), listLivePostUpdates(db, now)]);

  const out: Sitemap = SITEMAP_STATIC_PAGES.map((p) => ({
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
  return out;
}

/** How many listings a visitor may see (= listing URLs in the sitemaps). */
export async function sitemapListingCount(db: Db): Promise<number> {
  const row = await db.select({ n: count() }).from(investments).where(visibleTo("visitor")).get();
  return row?.n ?? 0;
}

/** Listing entries, in a stable order (by id) so that chunk n is the same URLs from one request to the next. */
export async function sitemapListingEntries(db: Db, appUrl: string, offset: number, limit: number): Promise<Sitemap> {
  const listings = await db
    .select({ id: investments.id, update_at: investments.update_at, updated_at: investments.updated_at })
    .from(investments)
    .where(visibleTo("visitor"))
    .orderBy(asc(investments.id))
    .limit(limit)
    .offset(offset)
    .all();
  return listings.map((l) => ({
    url: canonicalUrl(appUrl, `/investments/${l.id}`),
    lastModified: l.update_at ?? l.updated_at,
    changeFrequency: "weekly" as const,
    priority: 0.8,
  }));
}

/**
 * What /sitemap.xml is: one file with every URL while they fit in one
 * (limit URLs), otherwise an index of /sitemaps/pages.xml and
 * /sitemaps/investments-{n}.xml files of at most `limit` listings each.
 */
export type SitemapPlan = { kind: "single"; entries: Sitemap } | { kind: "index"; files: string[] };

export async function sitemapPlan(db: Db, appUrl: string, now = new Date(), limit = SITEMAP_URL_LIMIT): Promise<SitemapPlan> {
  const [pages, listings] = await Promise.all([sitemapPageEntries(db, appUrl, now), sitemapListingCount(db)]);
  if (pages.length + listings <= limit) {
    return { kind: "single", entries: [...pages, ...(await sitemapListingEntries(db, appUrl, 0, listings))] };
  }
  const chunks = Math.ceil(listings / limit);
  return { kind: "index", files: ["pages.xml", ...Array.from({ length: chunks }, (_, n) => `investments-${n}.xml`)] };
}

/** One file of the index: the entries, or null when no such file exists. */
export async function sitemapFile(db: Db, appUrl: string, file: string, now = new Date(), limit = SITEMAP_URL_LIMIT): Promise<Sitemap | null> {
  if (file === "pages.xml") return sitemapPageEntries(db, appUrl, now);
  const m = /^investments-(0|[1-9]\d{0,5})\.xml$/.exec(file);
  if (!m) return null;
  const n = Number(m[1]);
  const total = await sitemapListingCount(db);
  if (n * limit >= total) return null;
  return sitemapListingEntries(db, appUrl, n * limit, limit);
}

const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
const isoOf = (d: string | Date) => (typeof d === "string" ? d : d.toISOString());

/** A <urlset> document (sitemaps.org 0.9). */
export function urlsetXml(entries: Sitemap): string {
  const rows = entries.map((e) =>
    [
      "<url>",
      `<loc>${xmlEscape(e.url)}</loc>`,
      e.lastModified ? `<lastmod>${isoOf(e.lastModified)}</lastmod>` : "",
      e.changeFrequency ? `<changefreq>${e.changeFrequency}</changefreq>` : "",
      e.priority !== undefined ? `<priority>${e.priority}</priority>` : "",
      "</url>",
    ].join(""),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${rows.join("\n")}\n</urlset>\n`;
}

/** A <sitemapindex> document listing the files under /sitemaps/. */
export function sitemapIndexXml(appUrl: string, files: readonly string[], now = new Date()): string {
  const rows = files.map((f) => `<sitemap><loc>${xmlEscape(canonicalUrl(appUrl, `/sitemaps/${f}`))}</loc><lastmod>${now.toISOString()}</lastmod></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${rows.join("\n")}\n</sitemapindex>\n`;
}

/** Every entry in one list (tests, and sites that fit in one file). */
export async function sitemapEntries(db: Db, appUrl: string, now = new Date()): Promise<Sitemap> {
  const pages = await sitemapPageEntries(db, appUrl, now);
  return [...pages, ...(await sitemapListingEntries(db, appUrl, 0, await sitemapListingCount(db)))];
}
