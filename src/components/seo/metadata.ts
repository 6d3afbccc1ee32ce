import type { Metadata } from "next";
import { SITE } from "@/lib/constants/site";
import { metaDescription, pageTitle } from "@/lib/seo";

export interface PageMetadataInput {
  /** Page title; the root template appends "| {site title}のことなら{corporate name}". */
  title: string;
  /** Page description; metaDescription() appends the default and cuts at 150 characters. */
  description?: string | null;
  /** Path of the canonical URL (resolved against APP_URL by the root metadataBase). */
  path: string;
  /** og:type (article for blog posts). */
  type?: "website" | "article";
  /** og:image path or URL; /ogp.png (spec §9) when absent. */
  image?: string | null;
  publishedTime?: Date | null;
  modifiedTime?: Date | null;
  section?: string | null;
  /** Pages that must stay out of the index (e.g. filtered or late list pages). */
  noindex?: boolean;
}

/**
 * Metadata for a public page: title, description, canonical URL, Open Graph
 * and Twitter card. Next merges `openGraph` shallowly, so every OG field the
 * root layout sets is repeated here.
 */
export function pageMetadata(input: PageMetadataInput): Metadata {
  const description = metaDescription(input.description);
  const fullTitle = pageTitle(input.title);
  const image = input.image || SITE.ogImage;
  const images = [image === SITE.ogImage ? { url: image, width: 1200, height: 630, alt: SITE.title } : { url: image, alt: input.title }];
  const common = { url: input.path, title: fullTitle, description, siteName: SITE.title, locale: "ja_JP", images };
  return {
    title: input.title,
    description,
    alternates: { canonical: input.path },
    openGraph:
      input.type === "article"
        ? {
            ...common,
            type: "article",
            publishedTime: input.publishedTime?.toISOString(),
            modifiedTime: input.modifiedTime?.toISOString(),
            section: input.section ?? undefined,
            authors: [SITE.corporateName],
          }
        : { ...common, type: "website" },
    twitter: { card: "summary_large_image", title: fullTitle, description, images: [image] },
    ...(input.noindex ? { robots: { index: false, follow: true } } : {}),
  };
}
