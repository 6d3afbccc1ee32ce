/**
 * Search-engine metadata (spec §5 "Search-engine metadata", §9).
 */
import { META_DESCRIPTION_LIMIT, SITE } from "@/lib/constants/site";
import { truncate } from "@/lib/text";

/** "{site title}のことなら{corporate name}": the whole title when a page has none. */
export const DEFAULT_TITLE = `${SITE.title}のことなら${SITE.corporateName}`;
export const ADMIN_TITLE = "システム管理";

/** 'title | {site title}のことなら{corporate name}', or the default alone. */
export function pageTitle(title?: string | null): string {
  const t = title?.trim();
  return t ? `${t} | ${DEFAULT_TITLE}` : DEFAULT_TITLE;
}

/** Admin pages carry the suffix システム管理 instead of the site title. */
export function adminPageTitle(title?: string | null): string {
  const t = title?.trim();
  return t ? `${t} | ${ADMIN_TITLE}` : ADMIN_TITLE;
}

/**
 * Meta description, at most 150 characters (hard cut, no ellipsis: engines
 * shorten snippets themselves). A page description that differs from the
 * default gets the default appended after a space, then the whole is cut.
 */
export function metaDescription(desc?: string | null): string {
  const d = desc?.trim();
  const text = d && d !== SITE.description ? `${d} ${SITE.description}` : SITE.description;
  return truncate(text, META_DESCRIPTION_LIMIT, "");
}

/**
 * Absolute URL for a path on the site: APP_URL (trailing slashes removed) +
 * the path (leading slash ensured; query kept, fragment dropped).
 */
export function canonicalUrl(appUrl: string, path = "/"): string {
  const origin = appUrl.replace(/\/+$/, "");
  const p = path.split("#")[0] ?? "";
  return `${origin}/${p.replace(/^\/+/, "")}`;
}

/** True for the admin base path itself and anything below it. */
export function isAdminPath(pathname: string, adminBasePath: string): boolean {
  const base = `/${adminBasePath.replace(/^\/+|\/+$/g, "")}`;
  if (base === "/") return false;
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** Admin-prefixed pages: noindex, nofollow. */
export function robotsFor(pathname: string, adminBasePath: string): { index: boolean; follow: boolean } {
  const admin = isAdminPath(pathname, adminBasePath);
  return { index: !admin, follow: !admin };
}

export interface BreadcrumbItem {
  name?: string;
  path?: string;
}

/** Breadcrumb defaults from the spec: name ホーム, path /. */
export function breadcrumbItem(item: BreadcrumbItem = {}): { name: string; path: string } {
  return { name: item.name ?? "ホーム", path: item.path ?? "/" };
}

/** schema.org BreadcrumbList for a page's breadcrumbs (home first). */
export function breadcrumbJsonLd(appUrl: string, items: readonly BreadcrumbItem[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((raw, i) => {
      const item = breadcrumbItem(raw);
      return { "@type": "ListItem", position: i + 1, name: item.name, item: canonicalUrl(appUrl, item.path) };
    }),
  } as const;
}
