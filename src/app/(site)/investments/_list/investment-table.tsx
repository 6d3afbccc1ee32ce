import Link from "next/link";
import { LockKeyhole } from "@/components/icons";
import { CardActions, type CardActionsMode } from "@/components/investment/card-actions";
import { listAreaText, structureText, transactionText, unitsText } from "@/components/investment/detail-format";
import { YieldFootnote } from "@/components/investment/yield-footnote";
import { formatYieldPercent, monthlyCashFlowText, type HomeCard } from "@/components/investment/investment-card";
import { cn } from "@/lib/cn";
import { investmentHref } from "@/components/investment/links";
import { formatAge } from "@/lib/age";
import { typeName } from "@/lib/constants/investment";
import { formatPrice } from "@/lib/price";
import { yieldLabel } from "@/lib/yield-wording";

// Narrow padding and headers that wrap: the eleven columns fit the list's column at 1280 px without
// scrolling sideways. On a phone 種別 moves under the name, so 価格 and 利回り are in view beside
// the sticky name column; the rest is a sideways scroll inside the table's box.
const th = "px-2 py-2 text-left align-bottom text-xs font-bold leading-snug text-primary-600 lg:px-1.5";
const td = "px-2 py-2 align-top lg:px-1.5";
const nowrap = "whitespace-nowrap";

/**
 * The compact list (vw=table): one row per listing with the figures investors
 * compare (種別, 価格, 表面/実質利回り, 構造, 築年, 面積, 戸数, 駅徒歩, 取引態様).
 * A server component (no JavaScript). At 1280 px it fits the list's column
 * without scrolling sideways; on a phone the name column is sticky, 価格 and
 * 利回り are in view beside it and the rest scrolls sideways inside the
 * table's own box; the page itself never gets wider than the screen.
 */
export function InvestmentTable({ cards, actions }: { cards: readonly HomeCard[]; actions?: CardActionsMode }) {
  // A member with saved loan terms (issue 33): their 月間CF column after 実質利回り (cards carry member_cf only then).
  const cf = cards.some((c) => !c.locked && c.member_cf !== undefined);
  const columns = cf ? 12 : 11;
  return (
    <div className="grid gap-2">
      <div
        className="max-w-full overflow-x-auto rounded-lg border border-border bg-white shadow-sm"
        role="region"
        aria-label="物件一覧表（横にスクロールできます）"
        tabIndex={0}
        data-slot="investment-table"
      >
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">検索結果の物件一覧表</caption>
          <thead className="bg-primary-50">
            <tr>
              <th scope="col" className={`${th} sticky left-0 z-20 bg-primary-50`}>
                物件名・所在地
              </th>
              <th scope="col" className={`${th} ${nowrap} hidden sm:table-cell`}>
                種別
              </th>
              <th scope="col" className={`${th} ${nowrap} text-right`}>
                価格
              </th>
              <th scope="col" className={`${th} min-w-[4.5rem] text-right`}>
                {yieldLabel("gross")}
              </th>
              <th scope="col" className={`${th} min-w-[4.5rem] text-right`}>
                {yieldLabel("net")}
              </th>
              {cf && (
                <th scope="col" className={`${th} min-w-[5.5rem] text-right`} data-slot="member-cf-header">
                  月間CF
                  <span className="block text-[0.625rem] font-normal">（あなたの融資条件）</span>
                </th>
              )}
              <th scope="col" className={`${th} ${nowrap}`}>
                構造
              </th>
              <th scope="col" className={`${th} ${nowrap}`}>
                築年
              </th>
              <th scope="col" className={`${th} ${nowrap} text-right`}>
                面積
              </th>
              <th scope="col" className={`${th} ${nowrap} text-right`}>
                戸数
              </th>
              <th scope="col" className={`${th} ${nowrap} text-right`}>
                駅徒歩
              </th>
              <th scope="col" className={`${th} ${nowrap}`}>
                取引態様
              </th>
            </tr>
          </thead>
          <tbody>
            {cards.map((c) =>
              c.locked ? (
                <tr key={c.key} className="border-t border-border">
                  <td colSpan={columns} className="px-3 py-3 text-sm">
                    <LockKeyhole className="mr-1 inline size-4 text-gold-700" aria-hidden="true" />
                    会員限定物件：
                    <Link href="/signup" className="underline">
                      無料会員登録
                    </Link>
                    で詳細をご覧いただけます。
                  </td>
                </tr>
              ) : (
                <Row key={c.id} c={c} actions={actions} cf={cf} />
              ),
            )}
          </tbody>
        </table>
      </div>
      <YieldFootnote kinds={["gross", "net"]} vacant="list" />
      <p className="text-xs text-primary-500">
        実質利回りの「—」は、想定年収・価格、借地の地代、区分マンションの管理費・修繕積立金のいずれかの記載がない物件です。
      </p>
      {cf && (
        <p className="text-xs text-primary-500" data-slot="member-cf-note">
          月間CFは、マイページで保存した融資条件での税引前キャッシュフロー（NOI − 年間返済額）の12分の1です。「—」は実質利回りと同じく計算できない物件です。
        </p>
      )}
    </div>
  );
}

function Row({ c, actions, cf }: { c: Extract<HomeCard, { locked: false }>; actions?: CardActionsMode; cf: boolean }) {
  const area = listAreaText(c);
  const place = [c.pref_name, c.city_name].filter(Boolean).join(" ");
  const type = typeName(c.type_cd, c.type_other) ?? "—";
  return (
    <tr className="group border-t border-border hover:bg-gold-50" data-investment-id={c.id}>
      <th
        scope="row"
        className="sticky left-0 z-10 w-[8.5rem] min-w-[8.5rem] max-w-[8.5rem] bg-white px-2 py-2 text-left align-top font-normal group-hover:bg-gold-50 sm:w-auto sm:max-w-[13rem] lg:max-w-[11rem] lg:px-1.5"
      >
        <Link href={investmentHref(c.id)} className="line-clamp-2 font-bold underline-offset-2 hover:text-gold-700 hover:underline">
          {c.name}
        </Link>
        <span className="block truncate text-xs text-primary-500">{place}</span>
        {/* on a phone the 種別 column is left out so 価格 and 利回り stay in view: the type is here */}
        <span className="block truncate text-xs text-primary-600 sm:hidden" data-slot="row-type">
          {type}
        </span>
        {(c.members || c.price_down || c.leasehold) && (
          <span className="mt-0.5 flex gap-1 text-[0.625rem] font-bold">
            {c.members && <span className="rounded bg-gold-100 px-1 text-gold-800">会員限定</span>}
            {c.price_down && <span className="rounded bg-error-50 px-1 text-error">値下げ</span>}
            {c.leasehold && (
              <span className="rounded bg-primary-100 px-1 text-primary-800" data-slot="leasehold-badge">
                借地
              </span>
            )}
          </span>
        )}
        {actions && <CardActions id={c.id} name={c.name} mode={actions} className="mt-1.5 flex gap-1.5" />}
      </th>
      <td className={`${td} hidden sm:table-cell`}>{type}</td>
      <td className={`${td} ${nowrap} tabular text-right font-bold`}>{formatPrice(c.price) || "—"}</td>
      <td className={`${td} ${nowrap} tabular text-right font-bold text-gold-700`}>{formatYieldPercent(c.yield)}</td>
      <td className={`${td} ${nowrap} tabular text-right`}>{c.net_yield !== null ? formatYieldPercent(c.net_yield) : "—"}</td>
      {cf && (
        <td
          className={cn(td, nowrap, "tabular text-right font-bold", (c.member_cf ?? 0) < 0 ? "text-error" : "text-primary-800")}
          data-slot="member-cf"
          data-value={c.member_cf ?? ""}
        >
          {monthlyCashFlowText(c.member_cf)}
        </td>
      )}
      <td className={`${td} ${nowrap}`}>{structureText(c.structure_cd, c.structure_other) ?? "—"}</td>
      <td className={`${td} ${nowrap}`}>
        {c.built ? (
          <>
            {c.built.year}年<span className="block text-xs text-primary-500">（{formatAge(c.built)}）</span>
          </>
        ) : (
          "—"
        )}
      </td>
      <td className={`${td} ${nowrap} tabular text-right`}>
        {area ? (
          <>
            <span className="block text-xs text-primary-500">{area.label}</span>
            {area.text}
          </>
        ) : (
          "—"
        )}
      </td>
      <td className={`${td} ${nowrap} tabular text-right`}>{unitsText(c.total_units) ?? "—"}</td>
      <td className={`${td} ${nowrap} tabular text-right`}>{c.station_time !== null ? `${c.station_time}分` : "—"}</td>
      <td className={td}>{transactionText(c.transactions) ?? "—"}</td>
    </tr>
  );
}
