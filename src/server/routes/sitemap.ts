import { sitemapFile, sitemapIndexXml, sitemapPlan, urlsetXml } from "@/server/cms";
import { getDb } from "@/server/db";
import { env } from "@/server/env";

/**
 * /sitemap.xml and /sitemaps/*.xml as responses (src/app/sitemap.xml,
 * src/app/sitemaps/[file]); what they list is decided in src/server/cms/sitemap.ts.
 */
const XML_HEADERS = { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=0, s-maxage=3600" };

export async function sitemapResponse(): Promise<Response> {
  const appUrl = env().APP_URL;
  const plan = await sitemapPlan(await getDb(), appUrl);
  const xml = plan.kind === "single" ? urlsetXml(plan.entries) : sitemapIndexXml(appUrl, plan.files);
  return new Response(xml, { headers: XML_HEADERS });
}

export async function sitemapFileResponse(file: string): Promise<Response> {
  const entries = await sitemapFile(await getDb(), env().APP_URL, file);
  if (!entries) return new Response("Not Found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return new Response(urlsetXml(entries), { headers: XML_HEADERS });
}
