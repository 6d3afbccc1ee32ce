import type { Metadata } from "next";
import { areaTownLines } from "@/components/home/area-towns";
import { BrowseSections } from "@/components/home/browse-sections";
import { Hero } from "@/components/home/hero";
import { ListingSection } from "@/components/home/listing-section";
import { YieldFootnote } from "@/components/investment/yield-footnote";
import { MemberCashFlowNote, showsMemberCashFlow } from "@/components/investment/member-cf-note";
import { MemberCta } from "@/components/home/member-cta";
import { ServiceLinks } from "@/components/home/service-links";
import { JsonLd } from "@/components/seo/json-ld";
import { SITE } from "@/lib/constants/site";
import { organizationJsonLd, websiteJsonLd } from "@/lib/seo-jsonld";
import { env } from "@/server/env";
import { DEFAULT_TITLE } from "@/lib/seo";
import { api } from "@/trpc/server";

// The cards depend on who is looking (cookies): rendered per request, on the server only.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { absolute: DEFAULT_TITLE },
  alternates: { canonical: "/" },
  openGraph: {
    url: "/",
    type: "website",
    siteName: SITE.title,
    title: DEFAULT_TITLE,
    images: [{ url: SITE.ogImage, width: 1200, height: 630, alt: SITE.title }],
  },
};

/*
 * The home sections are server components (issue 21): as client components
 * they kept the RSC payload small but shipped the cards, their code tables and
 * tailwind-merge as JavaScript; now only the thumbnails' error fallback and the
 * header's islands hydrate.
 */
export default async function HomePage() {
  const [session, counts, { latest, premium }] = await Promise.all([
    api.public.session.state(),
    api.public.options.get().catch(() => undefined),
    api.public.investments.facets.home(),
  ]);

  return (
    <>
      <JsonLd data={[organizationJsonLd(env().APP_URL), websiteJsonLd(env().APP_URL)]} />
      <Hero counts={counts} />
      <ListingSection id="latest-title" kicker="NEW ARRIVALS" title="新着物件" cards={latest} moreHref="/investments" />
      <ListingSection
        id="premium-title"
        kicker="PREMIUM"
        title="おすすめ物件"
        cards={premium}
        moreHref="/investments"
        className="border-t border-border bg-gradient-to-b from-gold-50/60 to-white"
      />
      {latest.length + premium.length > 0 && (
        <div className="mx-auto max-w-7xl space-y-1 px-5 pb-8">
          <YieldFootnote kinds={["gross", "net"]} vacant="list" />
          {showsMemberCashFlow([...latest, ...premium]) && <MemberCashFlowNote />}
        </div>
      )}
      {!session.isLogin && <MemberCta membersOnly={counts?.investment.members} />}
      <ServiceLinks />
      <BrowseSections townLines={areaTownLines()} />
    </>
  );
}
