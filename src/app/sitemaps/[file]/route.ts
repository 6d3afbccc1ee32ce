import { sitemapFileResponse } from "@/server/routes/sitemap";

/** The files of the sitemap index (/sitemaps/pages.xml, /sitemaps/investments-{n}.xml); anything else is 404. */
export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params;
  return sitemapFileResponse(file);
}
