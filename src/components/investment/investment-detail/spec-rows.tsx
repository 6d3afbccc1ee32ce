import type * as React from "react";
import { SITE } from "@/lib/constants/site";
import { formatPrice } from "@/lib/price";
import { formerPriceText } from "@/lib/former-price";
import { incomeIncludesVacant, VACANT_INCLUDED_LABEL, yieldLabel } from "@/lib/yield-wording";
import type { InvestmentDetail } from "@/server/investments";
import {
  LAND_CATS,
  LAND_PLANS,
  builtText,
  codeWithOtherText,
  dateText,
  floorsText,
  incomeText,
  landRightsText,
  landSizeText,
  monthlyYen,
  percentText,
  roadsText,
  sqmText,
  structureText,
  transactionText,
  transportText,
  vacancyText,
} from "../detail-format";
import type { SpecRow } from "../spec-list";
import type { DetailFacts } from "./facts";

// The rows of 物件概要, grouped as the portals do: 価格・利回り・収支, 所在地・交通, 建物, 土地, 取引.

export function PriceText({ price, className }: { price: number; className?: string }) {
  // formatPrice gives その価格は表示できません from 1億 万円 (spec §8).
  return <span className={className}>{formatPrice(price) || "価格未定"}</span>;
}

export function priceRows(d: InvestmentDetail, { isUnit }: DetailFacts): SpecRow[] {
  return [
    {
      label: "価格",
      value: (
        <span className="font-bold">
          <PriceText price={d.price} />
          {d.former_price && <span className="mt-1 block text-xs font-normal text-primary-500">{formerPriceText(d.former_price)}</span>}
        </span>
      ),
    },
    // labels carry ※; the section prints the footnote once (YieldFootnote, src/lib/yield-wording.ts)
    { label: yieldLabel("gross"), value: percentText(d.yield) },
    { label: "想定年収", value: incomeWithVacancy(d), empty: "—（満室想定の記載なし）" },
    { label: "現況", value: vacancyText(d.vacancy), empty: "未定" },
    ...(isUnit || d.service_charge !== null ? [{ label: "管理費", value: monthlyYen(d.service_charge) }] : []),
    ...(isUnit || d.maintenance_fee !== null ? [{ label: "修繕積立金", value: monthlyYen(d.maintenance_fee) }] : []),
    ...(d.land_rights?.fee ? [{ label: "地代", value: monthlyYen(d.land_rights.fee) }] : []),
  ];
}

/** 想定年収, and when it counts vacant units, 「（空室を含む満室想定）」 beside it. */
function incomeWithVacancy(d: InvestmentDetail): string | null {
  const income = incomeText(d.income);
  return income && incomeIncludesVacant(d.vacancy?.cd) ? `${income}（${VACANT_INCLUDED_LABEL}）` : income;
}

export function placeRows(d: InvestmentDetail, { address }: DetailFacts): SpecRow[] {
  return [
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
}

export function buildingRows(d: InvestmentDetail, { type, isUnit }: DetailFacts, now: Date): SpecRow[] {
  const spec = d.specifications;
  return [
    { label: "物件種別", value: type },
    { label: "構造", value: structureText(d.structure_cd, d.structure_other) },
    { label: "築年月", value: builtText(d.built, now) },
    // 法定 − 経過 (src/lib/economics.ts); the 簡便法 period is labelled apart in the numbers section
    { label: "残存耐用年数", value: d.economics.figures.remaining_life === null ? null : `${d.economics.figures.remaining_life}年` },
    { label: "階建", value: floorsText(d.floor) },
    ...(isUnit ? [{ label: "所在階", value: d.floor?.location ? `${d.floor.location}階` : null }] : []),
    ...(isUnit ? [{ label: "専有面積", value: sqmText(d.occupied_size) }] : [{ label: "建物面積", value: sqmText(d.building_size) }]),
    { label: "間取り", value: d.layout },
    { label: "総戸数", value: d.total_units ? `${d.total_units}戸` : null },
    { label: "駐車場", value: spec?.parking ?? null },
    { label: "エレベーター", value: spec?.elevator ?? null },
    { label: "バス・トイレ", value: spec?.separat ?? null },
    { label: "検査済証", value: d.has_cert ? "有" : "無" },
    { label: "修繕・リフォーム", value: d.features?.repair_note ?? spec?.renovation ?? null, wide: true },
  ];
}

export function landRows(d: InvestmentDetail, { ratio, isUnit }: DetailFacts): SpecRow[] {
  const roads = roadsText(d.land_road);
  return [
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
}

export function dealRows(d: InvestmentDetail): SpecRow[] {
  return [
    { label: "物件番号", value: d.no },
    { label: "取引態様", value: transactionText(d.transactions), empty: "未定" },
    { label: "現況", value: vacancyText(d.vacancy), empty: "未定" },
    { label: "引渡し", value: d.assign, empty: "相談" },
    { label: "情報登録日", value: dateText(d.registered_at), empty: "未定" },
    { label: "情報更新日", value: dateText(d.update_at), empty: "未定" },
    { label: "次回更新予定日", value: dateText(d.next_update_at), empty: "未定" },
    { label: "免許番号", value: SITE.licence },
  ];
}
