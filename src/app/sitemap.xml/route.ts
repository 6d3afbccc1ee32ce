import { sitemapResponse } from "@/server/routes/sitemap";

/**
 * /sitemap.xml, built per request (APP_URL and the listings are read at run
 * time): public listings only (visibleTo("visitor")), live blog posts,
 * content pages and the list / search entry pages. Never members-only
 * listings, /mypage, /api, or the admin and preview base paths. One file
 * while everything fits in 50,000 URLs; past that a sitemap index of
 * /sitemaps/*.xml (src/app/sitemaps/[file]).
 */
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return sitemapResponse();
}
