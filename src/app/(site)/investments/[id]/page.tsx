import { HazardSection } from "@/components/hazard/hazard-section";
import { NearbyMap } from "@/components/map/nearby-map";
import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import type { BookmarkMode } from "@/components/investment/bookmark-button";
import { addressText } from "@/components/investment/detail-format";
import { InvestmentDetailPageBody } from "@/components/investment/investment-detail-page";
import { investmentHref, investmentImageSrc } from "@/components/investment/links";
import { LockedDetail } from "@/components/investment/locked-detail";
import { pageMetadata } from "@/components/seo/metadata";
import { JsonLd } from "@/components/seo/json-ld";
import { Breadcrumbs } from "@/components/site-chrome/breadcrumbs";
import { typeName } from "@/lib/constants/investment";
import { formatPrice } from "@/lib/price";
import { realEstateListingJsonLd } from "@/lib/seo-jsonld";
import { YIELD_TERMS } from "@/lib/yield-wording";
import { env } from "@/server/env";
import { api } from "@/trpc/server";

type Props = { params: Promise<{ id: string }> };

const ID_PATTERN = /^[1-9]\d{0,14}$/;
const parseId = (s: string): number | null => (ID_PATTERN.test(s) ? Number(s) : null);

/** One load per request, shared by the metadata and the page. NOT_FOUND → null. */
const load = cache(async (id: number) => {
  try {
    return await api.public.investments.byId({ id });
  } catch (e) {
    if (e instanceof TRPCError && e.code === "NOT_FOUND") return null;
    throw e;
  }
});

const LOCKED_DESCRIPTION = "会員様限定で公開している収益物件です。無料会員登録で物件の詳細をご覧いただけます。";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const id = parseId((await params).id);
  if (id === null) return {};
  const d = await load(id);
  if (!d) return { title: "物件が見つかりません", robots: { index: false, follow: true } };
  const path = investmentHref(id);
  // Nothing of a locked listing: a generic title, description and the default image.
  if (d.locked) return pageMetadata({ title: "会員限定物件", description: LOCKED_DESCRIPTION, path, noindex: true });
  const type = typeName(d.type_cd, d.type_other) ?? "収益物件";
  const price = formatPrice(d.price);
  const facts = [type, addressText(d), price, d.yield !== null ? `${YIELD_TERMS.gross.label}${d.yield.toFixed(2)}%` : null].filter(Boolean).join("・");
  // The social image is a photo; a 間取り図 only when there is none.
  const first = d.images.find((img) => img.category === "photo") ?? d.images[0];
  return pageMetadata({
    title: `${d.name}（${[type, price].filter(Boolean).join(" ")}）`,
    description: [facts, d.comments?.main].filter(Boolean).join("。"),
    path,
    image: first ? investmentImageSrc(d.id, first.name, "jpg") : null,
    // Members-only pages stay out of the index (engines see them as visitors would).
    noindex: d.members,
  });
}

export default async function InvestmentDetailPage({ params }: Props) {
  const id = parseId((await params).id);
  if (id === null) notFound();
  const [d, session] = await Promise.all([load(id), api.public.session.state()]);
  if (!d) notFound();
  const path = investmentHref(id);

  if (d.locked) {
    return (
      <>
        <div className="border-b border-border bg-muted/70">
          <div className="mx-auto max-w-7xl px-4 py-3 sm:px-5">
            <Breadcrumbs items={[{ name: "物件一覧", path: "/investments" }, { name: "会員限定物件" }]} />
          </div>
        </div>
        <LockedDetail returnTo={path} />
      </>
    );
  }

  // Admins browsing the site have no favourites (they are not members).
  const bookmark: BookmarkMode | null = session.isUserLogin ? "member" : session.isAdminLogin ? null : "guest";
  const appUrl = env().APP_URL;
  const jsonLd = realEstateListingJsonLd(
    {
      id: d.id,
      name: d.name,
      price: d.price,
      members: d.members,
      type_cd: d.type_cd,
      type_other: d.type_other,
      pref_name: d.pref_name,
      city_name: d.city_name,
      district_cd: d.district_cd,
      description: d.comments?.main ?? null,
      images: d.images.map((img) => investmentImageSrc(d.id, img.name, "jpg")),
      yield: d.yield,
      public_at: d.public_at,
      update_at: d.update_at,
    },
    appUrl,
  );

  return (
    <>
      <InvestmentDetailPageBody detail={d} mapsKey={env().GOOGLE_MAPS_API_KEY || undefined} bookmark={bookmark} />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 pb-10 sm:px-5">
        <HazardSection id={d.id} />
        <NearbyMap id={d.id} tileUrl={env().MAP_TILE_URL} attribution={env().MAP_TILE_ATTRIBUTION} />
      </div>
      <JsonLd data={jsonLd} />
    </>
  );
}
