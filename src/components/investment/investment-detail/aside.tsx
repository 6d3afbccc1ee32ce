import Link from "next/link";
import type * as React from "react";
import { Clock, Mail, Phone, TrendingDown } from "@/components/icons";
import { TEL_HREF } from "@/components/site-chrome/links";
import { Button } from "@/components/ui/button";
import { SITE } from "@/lib/constants/site";
import { formatPrice } from "@/lib/price";
import { formerPriceText } from "@/lib/former-price";
import type { InvestmentDetail } from "@/server/investments";
import { BookmarkButton, type BookmarkMode } from "../bookmark-button";
import { incomeIncludesVacant, VACANT_INCLUDED_LABEL, yieldLabel } from "@/lib/yield-wording";
import { incomeText, landSizeText, percentText, sqmText, structureText, vacancyText } from "../detail-format";
import { GOLD_TEXT } from "../gold";
import { RecentlyViewed } from "../recently-viewed";
import { RecordViewScript } from "../recently-viewed-script";
import { inquiryHref, type DetailFacts } from "./facts";
import { PriceText } from "./spec-rows";

/** Beside the gallery: the key figures, the inquiry and bookmark buttons, the phone box and recently viewed listings. */
export function DetailAside({
  detail: d,
  facts: { age, isLand, isUnit, net, ratio },
  bookmark,
  preview,
}: {
  detail: InvestmentDetail;
  facts: DetailFacts;
  bookmark: BookmarkMode | null;
  preview: boolean;
}) {
  const member = bookmark === "member";
  const viewed = { id: d.id, name: d.name, price: d.price, yield: d.yield, type_cd: d.type_cd };
  return (
    <aside aria-label="物件の主な情報とお問い合わせ" className="grid content-start gap-4">
      <div className="rounded-lg border border-border bg-white p-4 shadow-sm sm:p-5" data-slot="key-figures">
        <dl>
          <dt className="text-xs font-bold text-primary-500">価格</dt>
          <dd className="flex flex-wrap items-baseline gap-x-2">
            <PriceText price={d.price} className="tabular text-3xl font-bold tracking-tight text-primary" />
            {d.former_price && (
              <span className="flex items-center gap-1 text-sm text-error">
                <TrendingDown className="size-4" aria-hidden="true" />
                <span className="sr-only">値下げ前の価格</span>
                <s className="text-primary-500">{formatPrice(d.former_price.formerPrice)}</s>
              </span>
            )}
          </dd>
          {d.former_price && (
            // 表示規約: the former price always with its 公表日 and the 値下げ日.
            <dd className="mt-1 text-xs text-primary-600" data-slot="former-price">
              {formerPriceText(d.former_price)}
            </dd>
          )}
        </dl>
        <dl className="mt-3 grid grid-cols-2 gap-3 border-t border-border pt-3">
          <div>
            <dt className="text-xs font-bold text-primary-500">{yieldLabel("gross")}</dt>
            <dd className="tabular text-2xl font-bold text-gold-700">{percentText(d.yield) ?? "—"}</dd>
          </div>
          <div>
            <dt className="text-xs font-bold text-primary-500">想定年収</dt>
            <dd className="tabular text-base font-bold">{incomeText({ year: d.income?.year, month: null }) ?? "—"}</dd>
            {incomeIncludesVacant(d.vacancy?.cd) && (
              <dd className="text-xs text-primary-500" data-slot="vacant-included">
                {VACANT_INCLUDED_LABEL}
              </dd>
            )}
          </div>
          {net !== null && (
            <div className="col-span-2" data-slot="net-yield">
              <dt className="text-xs font-bold text-primary-500">{yieldLabel("net")}</dt>
              <dd className="tabular text-lg font-bold text-gold-700">
                {percentText(net)}
                <span className="ml-2 text-xs font-normal text-primary-500">計算方法は物件概要の注記をご覧ください</span>
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

      {/* No space while empty (the aside's gap is taken back); the visitor's view is recorded from the HTML (issue 31). */}
      <div className="-mt-4 [&>section]:mt-4" data-slot="recently-viewed-slot" suppressHydrationWarning>
        {!member && !preview && <RecordViewScript entry={viewed} />}
        <RecentlyViewed current={viewed} member={member} record={!preview} />
      </div>
    </aside>
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
