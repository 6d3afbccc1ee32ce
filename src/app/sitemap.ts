import type { MetadataRoute } from "next";
import { getDb } from "@/server/db";
import { env } from "@/server/env";
import { sitemapEntries } from "@/server/services/cms/sitemap";

/**
 * /sitemap.xml, built per request (APP_URL and the listings are read at run
 * time): public listings only (visibleTo("visitor")), live blog posts,
 * content pages and the list / search entry pages. Never members-only
 * listings, /mypage, /api, or the admin and preview base paths.
 */
export const dynamic = "force-dynamic";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  return sitemapEntries(await getDb(), env().APP_URL, new Date());
}
