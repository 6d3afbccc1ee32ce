import { getDb } from "@/server/db";
import { env } from "@/server/env";
import { sitemapFile, urlsetXml } from "@/server/cms";

/** The files of the sitemap index (/sitemaps/pages.xml, /sitemaps/investments-{n}.xml); anything else is 404. */
export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params;
  const entries = await sitemapFile(await getDb(), env().APP_URL, file);
  if (!entries) return new Response("Not Found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return new Response(urlsetXml(entries), { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=0, s-maxage=3600" } });
}
