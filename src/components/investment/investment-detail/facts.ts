import { formatAge } from "@/lib/age";
import { FEATURES, TYPES_WITHOUT_STRUCTURE, typeName, type ImageCategory } from "@/lib/constants/investment";
import type { InvestmentDetail } from "@/server/investments";
import { addressText, landRatio } from "../detail-format";
import type { GalleryImage } from "../investment-gallery";
import { investmentImageSrc, listingSrcSet } from "../links";

/** Listings published within this many days carry the NEW badge. */
const NEW_DAYS = 7;

export function inquiryHref(id: number): string {
  return `/contacts?investment_id=${id}`;
}

/** The listing's pictures of one category (photos for the gallery, 間取り図 for their own section). */
export function galleryImages(d: Pick<InvestmentDetail, "id" | "name" | "images">, category: ImageCategory = "photo"): GalleryImage[] {
  const noun = category === "floor_plan" ? "間取り図" : "写真";
  return d.images
    .filter((img) => img.category === category)
    .map((img, i) => ({
      src: investmentImageSrc(d.id, img.name, "webp"),
      avifSet: listingSrcSet(d.id, img.name, "avif", { min: 320, largeWidth: img.width ?? 1600 }),
      webpSet: listingSrcSet(d.id, img.name, "webp", { min: 320, largeWidth: img.width ?? 1600 }),
      fallback: investmentImageSrc(d.id, img.name, "jpg"),
      thumbAvifSet: listingSrcSet(d.id, img.name, "avif", { max: 320 }),
      thumbWebpSet: listingSrcSet(d.id, img.name, "webp", { max: 320 }),
      thumbFallback: investmentImageSrc(d.id, img.name, "thumb_jpg"),
      alt: img.comment ? `${d.name}の${noun}（${img.comment}）` : `${d.name}の${noun}${i + 1}`,
      caption: img.comment,
      width: img.width,
      height: img.height,
    }));
}

/** What several parts of the detail page derive from the listing: computed once per render. */
export function detailFacts(d: InvestmentDetail, now: Date) {
  // 二重価格表示: the 値下げ badge (itself a comparison) only while 表示規約 allows the former price
  // (detail.ts gives former_price only then).
  const priceCutShown = d.former_price !== null;
  const featureOn: Record<number, boolean> = {
    1: d.long_residual,
    2: d.has_cert,
    3: d.has_repair,
    4: priceCutShown,
    5: d.is_full,
    7: d.new_quake,
  };
  return {
    type: typeName(d.type_cd, d.type_other) ?? "物件",
    address: addressText(d),
    isNew: d.public_at !== null && now.getTime() - new Date(d.public_at).getTime() < NEW_DAYS * 86_400_000,
    age: formatAge(d.built, now),
    hasBuilding: !TYPES_WITHOUT_STRUCTURE.includes(d.type_cd) || d.structure_cd !== null || d.building_size !== null,
    isUnit: d.type_cd === 6,
    isLand: d.type_cd === 5,
    priceCutShown,
    features: FEATURES.filter((f) => featureOn[f.id]),
    ratio: landRatio(d.land_ratio),
    // The one model's 実質利回り (src/lib/economics.ts via the detail's economics; null when an input is missing).
    net: d.economics.figures.net_yield,
  };
}

export type DetailFacts = ReturnType<typeof detailFacts>;
