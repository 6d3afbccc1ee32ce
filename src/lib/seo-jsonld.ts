/**
 * schema.org structured data (JSON-LD) for the public pages. Pure functions:
 * every absolute URL is built from the APP_URL given by the caller (read at
 * run time on the server). BreadcrumbList lives in src/lib/seo.ts
 * (breadcrumbJsonLd) and is emitted by the Breadcrumbs component.
 *
 * Visibility rule (issue 4): a members-only listing never reaches any of
 * these — realEstateListingJsonLd returns null for one.
 */
import { YIELD_TERMS } from "@/lib/yield-wording";
import { typeName } from "@/lib/constants/investment";
import { PRICE_LIMIT } from "@/lib/price";
import { SITE } from "@/lib/constants/site";
import { canonicalUrl } from "@/lib/seo";

export type JsonLdObject = { "@context"?: string; "@type": string | string[] } & Record<string, unknown>;

const CONTEXT = "https://schema.org";

/**
 * JSON for a <script type="application/ld+json"> element. "<", ">" and "&"
 * become \u escapes, so no string (a title, a body) can close the element or
 * open a comment; U+2028/2029 are escaped for old JavaScript parsers.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** An absolute URL: kept when already absolute (http/https), else resolved against APP_URL. */
export function absoluteUrl(appUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : canonicalUrl(appUrl, pathOrUrl);
}

const iso = (d: Date | string | null | undefined): string | undefined => {
  if (d === null || d === undefined) return undefined;
  const date = d instanceof Date ? d : new Date(d);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

/** Drops undefined, null and empty-string values (shallow) so the output stays clean. */
function compact<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== "")) as T;
}

/* ------------------------------------------------------------ addresses */

export interface AddressParts {
  postalCode?: string | null;
  /** 都道府県 */
  region?: string | null;
  /** 市区町村 */
  locality?: string | null;
  /** 町名・番地 (as much as may be shown) */
  street?: string | null;
}

/**
 * Splits a Japanese address into prefecture, municipality and the rest:
 * "大阪府大阪市北区架空町0丁目…" → 大阪府 / 大阪市北区 / 架空町0丁目…
 * Falls back to the whole text as the street when it cannot be split.
 */
export function splitJapaneseAddress(address: string): Required<Pick<AddressParts, "region" | "locality" | "street">> {
  const m = /^(東京都|北海道|(?:京都|大阪)府|[^\s都道府県]{2,3}県)(.+?郡.+?[町村]|.+?市.+?区|.+?[市区町村])(.*)$/.exec(address.trim());
  if (!m) return { region: "", locality: "", street: address.trim() };
  return { region: m[1] ?? "", locality: m[2] ?? "", street: (m[3] ?? "").trim() };
}

export function postalAddress(parts: AddressParts): JsonLdObject {
  return compact({
    "@type": "PostalAddress",
    postalCode: parts.postalCode ?? undefined,
    addressRegion: parts.region ?? undefined,
    addressLocality: parts.locality ?? undefined,
    streetAddress: parts.street ?? undefined,
    addressCountry: "JP",
  });
}

/* --------------------------------------------------------- organization */

/** The brokerage itself, as a publisher / seller reference (no @context). */
export function organizationRef(appUrl: string): JsonLdObject {
  return {
    "@type": "RealEstateAgent",
    "@id": `${canonicalUrl(appUrl, "/corporate")}#organization`,
    name: SITE.corporateName,
    url: canonicalUrl(appUrl, "/"),
    logo: canonicalUrl(appUrl, "/logo.svg"),
  };
}

/** Weekdays, from the site hours (spec §1: 9:00-18:00, closed weekends and holidays). */
function openingHours() {
  const pad = (t: string) => (/^\d:/.test(t) ? `0${t}` : t);
  return [
    {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      opens: pad(SITE.hours.open),
      closes: pad(SITE.hours.close),
    },
  ];
}

/**
 * RealEstateAgent (an Organization and a LocalBusiness) for the corporate
 * page and the home page, from the site constants.
 */
export function organizationJsonLd(appUrl: string): JsonLdObject {
  const addr = splitJapaneseAddress(SITE.address);
  return {
    "@context": CONTEXT,
    ...organizationRef(appUrl),
    alternateName: [SITE.corporateNameEn, SITE.title],
    description: SITE.description,
    slogan: SITE.tagline,
    image: canonicalUrl(appUrl, SITE.ogImage),
    telephone: SITE.tel,
    faxNumber: SITE.fax,
    email: SITE.email,
    address: postalAddress({ postalCode: SITE.postalCode, ...addr }),
    areaServed: ["大阪府", "兵庫県", "京都府"].map((name) => ({ "@type": "AdministrativeArea", name })),
    openingHoursSpecification: openingHours(),
    sameAs: SITE.social.map((s) => s.url),
  };
}

/** WebSite with the keyword search as a SearchAction (home page). */
export function websiteJsonLd(appUrl: string): JsonLdObject {
  return {
    "@context": CONTEXT,
    "@type": "WebSite",
    "@id": `${canonicalUrl(appUrl, "/")}#website`,
    name: SITE.title,
    url: canonicalUrl(appUrl, "/"),
    inLanguage: "ja",
    publisher: { "@id": `${canonicalUrl(appUrl, "/corporate")}#organization` },
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${canonicalUrl(appUrl, "/investments/page/1/")}?fw={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}

/* ------------------------------------------------------------------ FAQ */

export function faqPageJsonLd(items: readonly { q: string; a: string }[]): JsonLdObject | null {
  if (items.length === 0) return null;
  return {
    "@context": CONTEXT,
    "@type": "FAQPage",
    mainEntity: items.map((i) => ({
      "@type": "Question",
      name: i.q,
      acceptedAnswer: { "@type": "Answer", text: i.a },
    })),
  };
}

/* ---------------------------------------------------------------- blog */

export interface BlogPostingInput {
  slug: string;
  title: string;
  excerpt?: string | null;
  category_name?: string | null;
  cover_image?: string | null;
  published_at: Date | string;
  updated_at?: Date | string | null;
}

export function blogPostingJsonLd(post: BlogPostingInput, appUrl: string): JsonLdObject {
  const url = canonicalUrl(appUrl, `/blogs/${encodeURIComponent(post.slug)}`);
  const published = iso(post.published_at);
  return compact({
    "@context": CONTEXT,
    "@type": "BlogPosting",
    "@id": `${url}#article`,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    headline: post.title.slice(0, 110),
    description: post.excerpt ?? undefined,
    articleSection: post.category_name ?? undefined,
    image: [absoluteUrl(appUrl, post.cover_image || SITE.ogImage)],
    datePublished: published,
    dateModified: iso(post.updated_at) ?? published,
    inLanguage: "ja",
    author: organizationRef(appUrl),
    publisher: organizationRef(appUrl),
  });
}

/* ------------------------------------------------------------- listings */

export interface ListingJsonLdInput {
  id: number;
  name: string;
  /** 価格 in 万円 (10,000 yen units). */
  price: number;
  /** Members-only listing: no structured data at all. */
  members?: boolean;
  /** 物件種目 label (一棟マンション…); derived from type_cd/type_other when absent. */
  type_name?: string | null;
  type_cd?: number | null;
  type_other?: string | null;
  pref_name?: string | null;
  city_name?: string | null;
  /** 町名 (the detail record's district_cd); the 番地 (locality) is never put in markup. */
  district_cd?: string | null;
  postal_code?: string | null;
  description?: string | null;
  /** Image paths or URLs, first = main. */
  images?: readonly string[];
  /** 表面利回り in percent. */
  yield?: number | null;
  public_at?: Date | string | null;
  /** 情報更新日; updated_at when absent. */
  update_at?: Date | string | null;
  updated_at?: Date | string | null;
}

/** 万円 → yen (an integer), or null when the price cannot be shown (spec §8/§9). */
export function manToYen(price: number): number | null {
  if (!Number.isFinite(price) || price <= 0 || price >= PRICE_LIMIT) return null;
  return Math.round(price * 10_000);
}

/**
 * RealEstateListing with an Offer for a public listing's detail page
 * (/investments/{id}): price in JPY (万円 × 10,000), name, url, address.
 * Returns null for a members-only listing: the markup is read by engines as a
 * visitor, and a visitor must learn nothing about such a listing.
 */
export function realEstateListingJsonLd(listing: ListingJsonLdInput, appUrl: string): JsonLdObject | null {
  if (listing.members) return null;
  const url = canonicalUrl(appUrl, `/investments/${listing.id}`);
  const address = postalAddress({
    postalCode: listing.postal_code,
    region: listing.pref_name,
    locality: listing.city_name,
    street: listing.district_cd,
  });
  const type = listing.type_name ?? typeName(listing.type_cd, listing.type_other);
  const place = compact({ "@type": "Place", name: listing.name, address });
  const yen = manToYen(listing.price);
  const images = (listing.images ?? []).filter(Boolean).map((i) => absoluteUrl(appUrl, i));
  const yieldText =
    typeof listing.yield === "number" && Number.isFinite(listing.yield) && listing.yield > 0 ? `${YIELD_TERMS.gross.label}${listing.yield}%` : null;
  const description =
    listing.description ?? ([type, [listing.pref_name, listing.city_name].filter(Boolean).join(""), yieldText].filter(Boolean).join(" ") || null);
  return compact({
    "@context": CONTEXT,
    "@type": "RealEstateListing",
    "@id": `${url}#listing`,
    url,
    name: listing.name,
    description: description ?? undefined,
    image: images.length ? images : undefined,
    datePosted: iso(listing.public_at),
    dateModified: iso(listing.update_at) ?? iso(listing.updated_at),
    inLanguage: "ja",
    contentLocation: place,
    offers:
      yen === null
        ? undefined
        : compact({
            "@type": "Offer",
            price: yen,
            priceCurrency: "JPY",
            availability: "https://schema.org/InStock",
            url,
            category: type ?? undefined,
            itemOffered: place,
            seller: organizationRef(appUrl),
          }),
  });
}
