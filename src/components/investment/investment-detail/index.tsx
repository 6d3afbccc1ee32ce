import type { InvestmentDetail } from "@/server/investments";
import type { BookmarkMode } from "../bookmark-button";
import { LazyCashFlowSimulator } from "../cash-flow-simulator/lazy";
import { ComplianceBlock } from "../compliance-block";
import { InvestmentGallery } from "../investment-gallery";
import { PriceHistory } from "../price-history";
import { YieldFootnote } from "../yield-footnote";
import { incomeIncludesVacant } from "@/lib/yield-wording";
import { DetailSection, SpecList } from "../spec-list";
import { DealCheckSection, EconomicsFiguresList, RentRollAndRepairs } from "./economics";
import { DetailAside } from "./aside";
import { detailFacts, galleryImages } from "./facts";
import { DetailHeader } from "./header";
import { MapBlock } from "./map-block";
import { DetailPoints } from "./points";
import { RelatedListings } from "./related";
import { buildingRows, dealRows, landRows, placeRows, priceRows } from "./spec-rows";
import { StickyInquiryBar } from "./sticky-cta";

interface InvestmentDetailViewProps {
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
 * key figures, comments, 物件概要 grouped as the portals do (価格・利回り・収支,
 * 所在地・交通, 建物, 土地, 取引), the map, price changes, the 表示規約 block and
 * related listings. A server component (issue 21): the facts, their labels and
 * the code tables behind them render on the server and ship no JavaScript; the
 * gallery, the simulator (loaded when near, ../cash-flow-simulator/lazy.tsx), the
 * bookmark and the recently viewed list are the client islands. A visitor's page is
 * sent with React held until a tap or the simulator comes near (issue 31,
 * src/server/http/static-pages.ts DEFERRED_PAGES).
 */
export function InvestmentDetailView({ detail: d, now, mapsKey, bookmark, preview = false }: InvestmentDetailViewProps) {
  const facts = detailFacts(d, now);
  const floorPlans = galleryImages(d, "floor_plan");

  return (
    <article data-slot="investment-detail" data-investment-id={d.id}>
      <DetailHeader detail={d} facts={facts} now={now} />

      <div className="mx-auto grid max-w-7xl gap-6 px-4 sm:px-5 lg:grid-cols-[minmax(0,1fr)_23rem]">
        <InvestmentGallery images={galleryImages(d)} title={d.name} />
        <DetailAside detail={d} facts={facts} bookmark={bookmark} preview={preview} />
      </div>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-8 sm:px-5 md:py-10">
        <DetailPoints detail={d} features={facts.features} />

        {floorPlans.length > 0 && (
          <DetailSection id="detail-floor-plans" title="間取り図">
            <div className="max-w-3xl">
              <InvestmentGallery
                images={floorPlans}
                title={d.name}
                label="間取り図"
                sizes="(min-width: 808px) 768px, (min-width: 640px) calc(100vw - 40px), calc(100vw - 32px)"
                data-slot="floor-plans"
              />
            </div>
          </DetailSection>
        )}

        <DetailSection id="detail-price" title="価格・利回り・収支">
          <div className="grid gap-6">
            {/* the deal check first: the numbers' summary (参考), then the facts and the model's figures */}
            <DealCheckSection economics={d.economics} />
            <SpecList rows={priceRows(d, facts)} />
            <EconomicsFiguresList economics={d.economics} />
          </div>
          {/* the page's one 利回り footnote (the aside's and these rows' ※) */}
          <YieldFootnote
            kinds={d.economics.figures.current_yield !== null ? ["gross", "current", "net"] : ["gross", "net"]}
            vacant={incomeIncludesVacant(d.vacancy?.cd) ? "listing" : undefined}
            className="mt-3"
          />
        </DetailSection>

        {(d.economics.rent_roll || d.economics.repair_history) && (
          <DetailSection id="detail-rent-roll" title="レントロール・修繕履歴">
            <RentRollAndRepairs economics={d.economics} />
          </DetailSection>
        )}

        {(!facts.isLand || d.income?.year || d.income?.month || d.yield) && (
          <DetailSection id="detail-simulator" title="収支シミュレーション">
            {/* A visitor's page hydrates as this comes near (static-pages.ts); until then its server HTML shows the opening figures. */}
            <div data-hydrate-when-near>
              <LazyCashFlowSimulator investmentId={d.id} listing={d.simulator} now={now.toISOString()} member={bookmark === "member"} />
            </div>
          </DetailSection>
        )}

        <DetailSection id="detail-place" title="所在地・交通">
          <SpecList rows={placeRows(d, facts)} />
          <MapBlock address={facts.address} mapsKey={mapsKey} className="mt-4" />
        </DetailSection>

        {facts.hasBuilding && (
          <DetailSection id="detail-building" title="建物">
            <SpecList rows={buildingRows(d, facts, now)} />
          </DetailSection>
        )}

        <DetailSection id="detail-land" title="土地">
          <SpecList rows={landRows(d, facts)} />
        </DetailSection>

        <DetailSection id="detail-deal" title="取引">
          <SpecList rows={dealRows(d)} />
        </DetailSection>

        {d.priceHistory.length > 0 && (
          <DetailSection id="detail-history" title="価格改定履歴">
            <PriceHistory history={d.priceHistory} former={d.former_price} />
          </DetailSection>
        )}

        <ComplianceBlock d={d} />

        <RelatedListings detail={d} type={facts.type} />
      </div>

      <StickyInquiryBar investmentId={d.id} />
    </article>
  );
}
