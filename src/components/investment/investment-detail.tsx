"use client";

import { Clock, ExternalLink, LockKeyhole, Mail, MapPin, Phone, TrainFront, TrendingDown } from "@/components/icons";
import Link from "next/link";
import type * as React from "react";
import { TEL_HREF } from "@/components/site-chrome/links";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatAge } from "@/lib/age";
import { FEATURES, TYPES_WITHOUT_STRUCTURE, typeName, type ImageCategory } from "@/lib/constants/investment";
import { SITE } from "@/lib/constants/site";
import { formatPrice } from "@/lib/price";
import { netYield } from "@/lib/yield";
import type { InvestmentDetail } from "@/server/investments";
import { BookmarkButton, type BookmarkMode } from "./bookmark-button";
import { CashFlowSimulator } from "./cash-flow-simulator";
import { ComplianceBlock } from "./compliance-block";
import {
  addressText,
  LAND_CATS,
  LAND_PLANS,
  builtText,
  codeWithOtherText,
  dateText,
  floorsText,
  incomeText,
  landRatio,
  landRightsText,
  landSizeText,
  monthlyYen,
  NET_YIELD_LABEL,
  NET_YIELD_NOTE,
  percentText,
  residualText,
  roadsText,
  sqmText,
  structureText,
  transactionText,
  transportText,
  vacancyText,
} from "./detail-format";
import { InvestmentCard } from "./investment-card";
import { InvestmentGallery, type GalleryImage } from "./investment-gallery";
import { investmentImageSrc } from "./links";
import { PriceHistory } from "./price-history";
import { RecentlyViewed } from "./recently-viewed";
import { ScreeningFlags } from "./screening-flags";
import { DetailSection, SpecList, type SpecRow } from "./spec-list";
import { GOLD_BADGE_TEXT, GOLD_TEXT } from "./gold";

/** Listings published within this many days carry the NEW badge. */
const NEW_DAYS = 7;

export function inquiryHref(id: number): string {
  return `/contacts?investment_id=${id}`;
}

/** The listing's pictures of one category (photos for the gallery, 間取り図 for their own section). */
export function galleryImages(d: Pick<InvestmentDetail, "id" | "name" | "images">, category: ImageCategory = "photo"): GalleryImage[] {
  const noun = category === "floor_plan" ? "間取り図" : "写真";
  return d.images.filter((img) => img.category === category).map((img, i) => ({
    src: investmentImageSrc(d.id, img.name, "webp"),
    fallback: investmentImageSrc(d.id, img.name, "jpg"),
    thumb: investmentImageSrc(d.id, img.name, "thumb"),
    thumbFallback: investmentImageSrc(d.id, img.name, "thumb_jpg"),
    alt: img.comment ? `${d.name}の${noun}（${img.comment}）` : `${d.name}の${noun}${i + 1}`,
    caption: img.comment,
    width: img.width,
    height: img.height,
  }));
}

function PriceText({ price, className }: { price: number; className?: string }) {
  // formatPrice gives その価格は表示できません from 1億 万円 (spec §8).
  return <span className={className}>{formatPrice(price) || "価格未定"}</span>;
}

export interface InvestmentDetailViewProps {
  detail: InvestmentDetail;
  now: Date;
  /** GOOGLE_MAPS_API_KEY; without it the map is the address with an external link. */
  mapsKey?: string;
  bookmark: BookmarkMode | null;
  /** Admin preview of a listing that may be unpublished: the view is not recorded (最近見た物件). */
  preview?: boolean;
}

/**
 * The detail page body of a listing the viewer may see: header, gallery and
 * key figures, comments, 物件概要 grouped as the portals do (価格・利回り・想定年収,
 * 所在地・交通, 建物, 土地, 取引), the map, price changes, the 表示規約 block and
 * related listings. Only the gallery, the simulator and the bookmark are
 * interactive, but it is a client component on purpose: as a server component
 * its whole tree went into the page's RSC payload and was rendered twice per
 * request; now the payload carries the listing's data and the tree is rendered
 * once, into HTML.
 */
export function InvestmentDetailView({ detail: d, now, mapsKey, bookmark, preview = false }: InvestmentDetailViewProps) {
  const type = typeName(d.type_cd, d.type_other) ?? "物件";
  const address = addressText(d);
  const firstTransport = d.transports[0];
  const isNew = d.public_at !== null && now.getTime() - new Date(d.public_at).getTime() < NEW_DAYS * 86_400_000;
  const age = formatAge(d.built, now);
  const hasBuilding = !TYPES_WITHOUT_STRUCTURE.includes(d.type_cd) || d.structure_cd !== null || d.building_size !== null;
  const isUnit = d.type_cd === 6;
  const isLand = d.type_cd === 5;
  // 二重価格表示: the 値下げ badge and the former price only within six months of the cut
  // (detail.ts gives price_before only then).
  const priceCutShown = d.price_down && d.price_before !== null;
  const member = bookmark === "member";
  const featureOn: Record<number, boolean> = {
    1: d.long_residual,
    2: d.has_cert,
    3: d.has_repair,
    4: priceCutShown,
    5: d.is_full,
    7: d.new_quake,
  };
  const features = FEATURES.filter((f) => featureOn[f.id]);
  const ratio = landRatio(d.land_ratio);
  const roads = roadsText(d.land_road);
  const spec = d.specifications;
  const floorPlans = galleryImages(d, "floor_plan");
  // Computed from the stored inputs on every render, so it always follows them (null: no running cost stated).
  const net = netYield({ price: d.price, income: d.income, service_charge: d.service_charge, maintenance_fee: d.maintenance_fee, land_fee: d.land_rights?.fee });

  const priceRows: SpecRow[] = [
    {
      label: "価格",
      value: (
        <span className="font-bold">
          <PriceText price={d.price} />
          {d.price_before !== null && (
            <span className="ml-2 text-xs font-normal text-primary-500">
              （変更前 <s>{formatPrice(d.price_before)}</s>）
            </span>
          )}
        </span>
      ),
    },
    { label: "表面利回り", value: percentText(d.yield) },
    ...(net !== null
      ? [{ label: NET_YIELD_LABEL, value: <>{percentText(net)}<span className="mt-1 block text-xs text-primary-500">{NET_YIELD_NOTE}</span></> }]
      : []),
    { label: "想定年収", value: incomeText(d.income), empty: "—（満室想定の記載なし）" },
    { label: "現況", value: vacancyText(d.vacancy), empty: "未定" },
    ...(isUnit || d.service_charge !== null ? [{ label: "管理費", value: monthlyYen(d.service_charge) }] : []),
    ...(isUnit || d.maintenance_fee !== null ? [{ label: "修繕積立金", value: monthlyYen(d.maintenance_fee) }] : []),
  ];

  const placeRows: SpecRow[] = [
    {
      label: "所在地",
      wide: true,
      value: (
        <>
          {address}
          <span className="mt-0.5 block text-xs text-primary-500">※番地以下はお問い合わせいただいた方にお知らせしています。</span>
        </>
      ),
    },
    { label: "エリア", value: d.area_name },
    { label: "最寄駅からの距離", value: d.station_time !== null ? `徒歩${d.station_time}分` : null },
    {
      label: "交通",
      wide: true,
      value: d.transports.length ? (
        <ul className="grid gap-0.5">
          {d.transports.map((t) => (
            <li key={t.id}>{transportText(t)}</li>
          ))}
        </ul>
      ) : null,
    },
  ];

  const buildingRows: SpecRow[] = [
    { label: "物件種別", value: type },
    { label: "構造", value: structureText(d.structure_cd, d.structure_other) },
    { label: "築年月", value: builtText(d.built, now) },
    { label: "残存耐用年数", value: residualText(d.structure_cd, d.built, now) },
    { label: "階建", value: floorsText(d.floor) },
    ...(isUnit ? [{ label: "所在階", value: d.floor?.location ? `${d.floor.location}階` : null }] : []),
    ...(isUnit
      ? [{ label: "専有面積", value: sqmText(d.occupied_size) }]
      : [{ label: "建物面積", value: sqmText(d.building_size) }]),
    { label: "間取り", value: d.layout },
    { label: "総戸数", value: d.total_units ? `${d.total_units}戸` : null },
    { label: "駐車場", value: spec?.parking ?? null },
    { label: "エレベーター", value: spec?.elevator ?? null },
    { label: "バス・トイレ", value: spec?.separat ?? null },
    { label: "検査済証", value: d.has_cert ? "有" : "無" },
    { label: "修繕・リフォーム", value: d.features?.repair_note ?? spec?.renovation ?? null, wide: true },
  ];

  const landRows: SpecRow[] = [
    { label: isUnit ? "敷地面積" : "土地面積", value: landSizeText(d.land_size, d.land_type) },
    { label: "土地権利", value: landRightsText(d.land_rights) },
    { label: "地目", value: codeWithOtherText(LAND_CATS, d.land_cat) },
    { label: "都市計画", value: codeWithOtherText(LAND_PLANS, d.land_plan) },
    { label: "用途地域", value: [d.land_use_1, d.land_use_2].filter(Boolean).join("・") || null },
    { label: "建ぺい率", value: ratio.bdr },
    { label: "容積率", value: ratio.far },
    { label: "角地", value: d.land_corner },
    {
      label: "接道状況",
      wide: true,
      value: roads.length ? (
        <ul className="grid gap-0.5">
          {roads.map((r, i) => (
            <li key={i}>{r}</li>
          ))}
        </ul>
      ) : null,
    },
    ...(d.land_note ? [{ label: "備考", value: d.land_note, wide: true }] : []),
  ];

  const dealRows: SpecRow[] = [
    { label: "物件番号", value: d.no },
    { label: "取引態様", value: transactionText(d.transactions), empty: "未定" },
    { label: "現況", value: vacancyText(d.vacancy), empty: "未定" },
    { label: "引渡し", value: d.assign, empty: "相談" },
    { label: "情報登録日", value: dateText(d.registered_at), empty: "未定" },
    { label: "情報更新日", value: dateText(d.update_at), empty: "未定" },
    { label: "次回更新予定日", value: dateText(d.next_update_at), empty: "未定" },
    { label: "免許番号", value: SITE.licence },
  ];

  return (
    <article data-slot="investment-detail" data-investment-id={d.id}>
      <header className="mx-auto max-w-7xl px-4 pb-4 pt-5 sm:px-5 md:pt-6">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge>{type}</Badge>
          {d.members && (
            <Badge variant="gold" className={GOLD_BADGE_TEXT}>
              <LockKeyhole aria-hidden="true" />
              会員限定
            </Badge>
          )}
          {priceCutShown && <Badge variant="error">値下げ</Badge>}
          {isNew && <Badge variant="gold-outline">NEW</Badge>}
          {d.premium && <Badge variant="outline">おすすめ</Badge>}
          {d.no && <span className="ml-auto text-xs text-primary-500">物件番号 {d.no}</span>}
        </div>
        <ScreeningFlags listing={d} now={now} className="mt-2 flex flex-wrap gap-1.5" />
        <h1 className="mt-2 text-xl font-bold leading-snug tracking-wide md:text-[1.7rem]">{d.name}</h1>
        <p className="mt-1.5 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-primary-600">
          <span className="flex items-center gap-1">
            <MapPin className="size-4 text-gold-600" aria-hidden="true" />
            {address}
          </span>
          {firstTransport && (
            <span className="flex items-center gap-1">
              <TrainFront className="size-4 text-gold-600" aria-hidden="true" />
              {transportText(firstTransport)}
            </span>
          )}
        </p>
      </header>

      <div className="mx-auto grid max-w-7xl gap-6 px-4 sm:px-5 lg:grid-cols-[minmax(0,1fr)_23rem]">
        <InvestmentGallery images={galleryImages(d)} title={d.name} />

        <aside aria-label="物件の主な情報とお問い合わせ" className="grid content-start gap-4">
          <div className="rounded-lg border border-border bg-white p-4 shadow-sm sm:p-5" data-slot="key-figures">
            <dl>
              <dt className="text-xs font-bold text-primary-500">価格</dt>
              <dd className="flex flex-wrap items-baseline gap-x-2">
                <PriceText price={d.price} className="tabular text-3xl font-bold tracking-tight text-primary" />
                {d.price_before !== null && (
                  <span className="flex items-center gap-1 text-sm text-error">
                    <TrendingDown className="size-4" aria-hidden="true" />
                    <span className="sr-only">値下げ前の価格</span>
                    <s className="text-primary-500">{formatPrice(d.price_before)}</s>
                  </span>
                )}
              </dd>
            </dl>
            <dl className="mt-3 grid grid-cols-2 gap-3 border-t border-border pt-3">
              <div>
                <dt className="text-xs font-bold text-primary-500">表面利回り</dt>
                <dd className="tabular text-2xl font-bold text-gold-700">{percentText(d.yield) ?? "—"}</dd>
              </div>
              <div>
                <dt className="text-xs font-bold text-primary-500">想定年収</dt>
                <dd className="tabular text-base font-bold">{incomeText({ year: d.income?.year, month: null }) ?? "—"}</dd>
              </div>
              {net !== null && (
                <div className="col-span-2" data-slot="net-yield">
                  <dt className="text-xs font-bold text-primary-500">{NET_YIELD_LABEL}</dt>
                  <dd className="tabular text-lg font-bold text-gold-700">
                    {percentText(net)}
                    <span className="ml-2 text-xs font-normal text-primary-500">管理費・修繕積立金等を差し引いた参考値（物件概要に計算方法）</span>
                  </dd>
                </div>
              )}
            </dl>
            <dl className="mt-3 grid gap-2">
              {isLand ? (
                <>
                  <KeyRow label="土地面積" value={landSizeText(d.land_size, d.land_type)} />
                  <KeyRow label="用途地域" value={d.land_use_1} />
                  <KeyRow label="建ぺい率/容積率" value={ratio.bdr || ratio.far ? `${ratio.bdr ?? "—"} / ${ratio.far ?? "—"}` : null} />
                </>
              ) : (
                <>
                  <KeyRow label="築年数" value={age || null} />
                  <KeyRow label="構造" value={structureText(d.structure_cd, d.structure_other)} />
                  <KeyRow label={isUnit ? "専有面積" : "建物面積"} value={isUnit ? sqmText(d.occupied_size) : sqmText(d.building_size)} />
                </>
              )}
              <KeyRow label="現況" value={vacancyText(d.vacancy)} />
            </dl>
          </div>

          <div className="grid gap-2">
            <Button asChild variant="gold" size="lg" className={`h-14 text-base ${GOLD_TEXT}`}>
              <Link href={inquiryHref(d.id)} data-slot="inquiry-button">
                <Mail aria-hidden="true" />
                この物件について問い合わせる
              </Link>
            </Button>
            {bookmark && <BookmarkButton investmentId={d.id} initial={d.bookmarked === true} mode={bookmark} />}
          </div>

          <div className="rounded-lg bg-primary p-4 text-white">
            <p className="text-xs font-bold tracking-wider text-gold-300">お電話でのお問い合わせ</p>
            <a href={TEL_HREF} className="mt-1 flex items-center gap-2 text-2xl font-bold tracking-wider hover:text-gold-300">
              <Phone className="size-5 text-gold-300" aria-hidden="true" />
              <span className="tabular">{SITE.tel}</span>
            </a>
            <p className="mt-1 flex items-center gap-1 text-xs text-primary-200">
              <Clock className="size-3.5" aria-hidden="true" />
              受付 {SITE.hours.label}（{SITE.holidays}休）
            </p>
            {d.no && <p className="mt-2 text-xs text-primary-200">物件番号「{d.no}」とお伝えください。</p>}
          </div>

          <RecentlyViewed current={{ id: d.id, name: d.name, price: d.price, yield: d.yield, type_cd: d.type_cd }} member={member} record={!preview} />
        </aside>
      </div>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-8 sm:px-5 md:py-10">
        {(d.comments?.main || d.comments?.sub || features.length > 0) && (
          <DetailSection id="detail-points" title="物件のポイント">
            {features.length > 0 && (
              <ul className="mb-3 flex flex-wrap gap-1.5" aria-label="こだわり条件">
                {features.map((f) => (
                  <li key={f.id}>
                    <Badge variant="gold-outline">{f.name}</Badge>
                  </li>
                ))}
              </ul>
            )}
            {d.comments?.main && <p className="text-base font-bold leading-relaxed">{d.comments.main}</p>}
            {d.comments?.sub && <p className="mt-2 whitespace-pre-line text-sm leading-relaxed text-primary-700">{d.comments.sub}</p>}
          </DetailSection>
        )}

        {floorPlans.length > 0 && (
          <DetailSection id="detail-floor-plans" title="間取り図">
            <div className="max-w-3xl">
              <InvestmentGallery images={floorPlans} title={d.name} label="間取り図" data-slot="floor-plans" />
            </div>
          </DetailSection>
        )}

        <DetailSection id="detail-price" title="価格・利回り・想定年収">
          <SpecList rows={priceRows} />
        </DetailSection>

        {(!isLand || d.income?.year || d.income?.month || d.yield) && (
          <DetailSection id="detail-simulator" title="収支シミュレーション">
            <CashFlowSimulator
              investmentId={d.id}
              listing={{ type_cd: d.type_cd, price: d.price, income: d.income, yield: d.yield, structure_cd: d.structure_cd, built: d.built }}
              now={now.toISOString()}
              member={member}
            />
          </DetailSection>
        )}

        <DetailSection id="detail-place" title="所在地・交通">
          <SpecList rows={placeRows} />
          <MapBlock address={address} mapsKey={mapsKey} className="mt-4" />
        </DetailSection>

        {hasBuilding && (
          <DetailSection id="detail-building" title="建物">
            <SpecList rows={buildingRows} />
          </DetailSection>
        )}

        <DetailSection id="detail-land" title="土地">
          <SpecList rows={landRows} />
        </DetailSection>

        <DetailSection id="detail-deal" title="取引">
          <SpecList rows={dealRows} />
        </DetailSection>

        {d.priceHistory.length > 0 && (
          <DetailSection id="detail-history" title="価格改定履歴">
            <PriceHistory history={d.priceHistory} current={d.price} now={now} />
          </DetailSection>
        )}

        <ComplianceBlock d={d} />

        {d.related.length > 0 && (
          <section aria-labelledby="detail-related">
            <h2 id="detail-related" className="mb-4 border-l-4 border-gold pl-3 text-lg font-bold md:text-xl">
              {d.area_name ?? d.city_name ?? "周辺"}の{type}
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
              {d.related.map((card) => (
                <li key={card.id} className="flex [&>article]:w-full">
                  <InvestmentCard card={card} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>

      <div className="sticky bottom-0 z-30 grid grid-cols-[auto_1fr] gap-2 border-t border-border bg-white/95 p-2.5 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur lg:hidden" data-slot="sticky-cta">
        <Button asChild variant="outline" size="lg" className="px-3 text-sm">
          <a href={TEL_HREF} aria-label={`電話で問い合わせる ${SITE.tel}`}>
            <Phone aria-hidden="true" />
            電話
          </a>
        </Button>
        <Button asChild variant="gold" size="lg" className={`min-w-0 px-3 text-sm ${GOLD_TEXT}`}>
          <Link href={inquiryHref(d.id)}>
            <Mail aria-hidden="true" />
            この物件について問い合わせる
          </Link>
        </Button>
      </div>
    </article>
  );
}

function KeyRow({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] items-baseline border-t border-border pt-2 text-sm">
      <dt className="text-xs font-bold text-primary-500">{label}</dt>
      <dd>{value ?? "—"}</dd>
    </div>
  );
}

/** Google Maps embed when a key is configured; otherwise the address and a link that opens the map. */
export function MapBlock({ address, mapsKey, className }: { address: string; mapsKey?: string; className?: string }) {
  const query = encodeURIComponent(address);
  if (mapsKey) {
    return (
      <div className={className}>
        <iframe
          title={`${address}周辺の地図`}
          src={`https://www.google.com/maps/embed/v1/place?key=${encodeURIComponent(mapsKey)}&q=${query}&language=ja&region=JP`}
          className="aspect-[16/9] w-full rounded-lg border border-border"
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          allowFullScreen
        />
      </div>
    );
  }
  return (
    <div className={className} data-slot="map-link">
      <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-primary-300 bg-[repeating-linear-gradient(45deg,#f6f6f6_0_12px,#fff_12px_24px)] p-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm font-bold">
          <MapPin className="size-5 text-gold-600" aria-hidden="true" />
          {address}
        </p>
        <Button asChild variant="outline">
          <a href={`https://www.google.com/maps/search/?api=1&query=${query}`} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            地図で見る
            <span className="sr-only">（新しいタブで開きます）</span>
          </a>
        </Button>
      </div>
    </div>
  );
}
