import type { Metadata } from "next";
import type * as React from "react";
import { pageMetadata } from "@/components/seo/metadata";
import type { PageKey } from "@/server/cms";
import { ContactCta } from "./contact-cta";
import { ContentLayout } from "./content-layout";
import { loadPage } from "./data";
import { formatDateJa, isoDateJst } from "./format";
import { Prose } from "./prose";

/** Where each CMS page lives and the English kicker over its title. */
export const CMS_PAGE_ROUTES: Record<PageKey, { path: string; kicker: string }> = {
  about: { path: "/about", kicker: "ABOUT" },
  advantage: { path: "/advantage", kicker: "OUR STRENGTHS" },
  corporate: { path: "/corporate", kicker: "COMPANY" },
  results: { path: "/results", kicker: "TRACK RECORD" },
  staff: { path: "/staff", kicker: "STAFF" },
  faq: { path: "/faq", kicker: "FAQ" },
  terms: { path: "/terms", kicker: "TERMS OF USE" },
  privacy: { path: "/privacy", kicker: "PRIVACY POLICY" },
  antisocial: { path: "/antisocial", kicker: "POLICY" },
};

/** Title, description (page description + the default, ≤150), canonical URL and OG tags of a CMS page. */
export async function cmsPageMetadata(key: PageKey): Promise<Metadata> {
  const page = await loadPage(key);
  return pageMetadata({ title: page.title, description: page.description, path: CMS_PAGE_ROUTES[key].path });
}

/**
 * A CMS page: breadcrumbs, title band, the body, then `children` (structured
 * parts) and the contact call to action. `before` goes above the body.
 */
export async function CmsPage({
  pageKey,
  children,
  before,
  cta = true,
  width,
}: {
  pageKey: PageKey;
  children?: React.ReactNode;
  before?: React.ReactNode;
  cta?: boolean;
  width?: "narrow" | "default" | "wide";
}) {
  const page = await loadPage(pageKey);
  const route = CMS_PAGE_ROUTES[pageKey];
  return (
    <ContentLayout breadcrumbs={[{ name: page.title, path: route.path }]} kicker={route.kicker} title={page.title} lead={page.description} width={width}>
      {before}
      <Prose html={page.body_html} className={before ? "mt-12" : undefined} />
      {children}
      {cta && <ContactCta />}
    </ContentLayout>
  );
}

/** Last-updated line for legal pages. */
export async function UpdatedAt({ pageKey }: { pageKey: PageKey }) {
  const page = await loadPage(pageKey);
  const d = page.updated_at;
  return (
    <p className="mt-12 border-t border-border pt-4 text-right text-xs text-primary-500">
      最終更新日：<time dateTime={isoDateJst(d)}>{formatDateJa(d)}</time>
    </p>
  );
}
