import { getDb } from "@/server/db";
import { env } from "@/server/env";
import { sitemapIndexXml, sitemapPlan, urlsetXml } from "@/server/cms";

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
  const appUrl = env().APP_URL;
  const plan = await sitemapPlan(await getDb(), appUrl);
  const xml = plan.kind === "single" ? urlsetXml(plan.entries) : sitemapIndexXml(appUrl, plan.files);
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=0, s-maxage=3600" } });
}
