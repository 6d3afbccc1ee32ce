import type { Metadata } from "next";
import Link from "next/link";
import { pageMetadata } from "@/components/seo/metadata";
import { Breadcrumbs } from "@/components/site-chrome/breadcrumbs";
import { dateText } from "@/components/investment/detail-format";
import { YieldFootnote } from "@/components/investment/yield-footnote";
import { NET_YIELD_FORMULA, yieldLabel } from "@/lib/yield-wording";
import { DESIGNATED_CITIES } from "@/lib/constants/designated-cities";
import { api } from "@/trpc/server";
import { MEDIAN_MIN_N } from "@/lib/economics";
import { MarketBarChart, MarketCityTable, MarketTable, medianText } from "./market-charts";

export const metadata: Metadata = pageMetadata({
  title: "収益物件の相場（エリア・種別別）",
  description:
    "当社掲載物件から算出した、関西6エリア・物件種別と大阪市・京都市・神戸市・堺市（区別）ごとの㎡単価・表面利回り・実質利回りの中央値と掲載件数（過去12か月）。",
  path: "/investments/market",
});

export default async function MarketPage() {
  const [m, session] = await Promise.all([api.public.market.market(), api.public.session.state()]);
  const member = session.isUserLogin || session.isAdminLogin;
  const types = m.types.filter((t) => t.type_cd !== null);

  return (
    <>
      <div className="border-b border-border bg-muted/70">
        <div className="mx-auto max-w-7xl px-4 py-3 sm:px-5">
          <Breadcrumbs items={[{ name: "物件一覧", path: "/investments" }, { name: "相場" }]} />
        </div>
      </div>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-5" data-slot="market-view">
        <header>
          <h1 className="text-xl font-bold md:text-2xl">収益物件の相場</h1>
          <p className="mt-2 text-sm leading-relaxed text-primary-700">
            {dateText(m.since)}〜{dateText(m.until)}に掲載・更新された当社の物件 {m.total.toLocaleString("ja-JP")}件から、エリア・種別ごとの
            <strong>㎡単価の中央値</strong>（区分は専有面積、土地は土地面積、その他は建物面積あたり）、<strong>{yieldLabel("gross")}</strong>と
            <strong>{yieldLabel("net")}</strong>
            の中央値と掲載件数を算出しています。各物件の数値は物件詳細と同じ計算（実質利回りは{NET_YIELD_FORMULA}）で、中央値は
            {MEDIAN_MIN_N}件以上の物件があるときだけ表示し（それ未満は「—」）、nはその数値のある物件数です。
            {member ? (
              "会員限定物件を含みます。"
            ) : (
              <>
                一般公開物件のみの集計です（
                <Link href="/signup" className="font-bold text-gold-700 underline underline-offset-4">
                  会員登録
                </Link>
                で会員限定物件も含めた相場をご覧いただけます）。
              </>
            )}
          </p>
          <p className="mt-2 text-sm leading-relaxed text-primary-700" data-slot="market-area-note">
            「大阪市中心部」は大阪市24区のうち此花区・港区・大正区・住之江区（「大阪ベイエリア」）を除く20区、堺市は「南大阪」に含みます。京都市・神戸市は6エリアの外（その他の地域）です。大阪市・京都市・神戸市・堺市の全域の物件は、
            {DESIGNATED_CITIES.map((c, i) => (
              <span key={c.code}>
                {i > 0 && "・"}
                <Link href={`/investments/page/1?ct=${c.code}`} className="font-bold text-gold-700 underline underline-offset-4">
                  {c.name}
                </Link>
              </span>
            ))}
            の一覧でご覧いただけます。
          </p>
          {/* the medians are of the listings' 表面・実質利回り: the same definitions and caveats */}
          <YieldFootnote kinds={["gross", "net"]} vacant="list" className="mt-2" />
        </header>

        {m.total === 0 ? (
          <p className="text-sm text-primary-600">集計できる物件がありません。</p>
        ) : (
          <>
            <section aria-labelledby="market-areas" className="grid gap-4">
              <h2 id="market-areas" className="border-l-4 border-gold pl-3 text-lg font-bold">
                エリア別（全種別）
              </h2>
              <div className="grid gap-4 md:grid-cols-2">
                <MarketBarChart title="表面利回りの中央値" cells={m.areas} metric="yield" label={(c) => c.area_name} />
                <MarketBarChart title="実質利回りの中央値" cells={m.areas} metric="net" label={(c) => c.area_name} />
                <MarketBarChart title="㎡単価の中央値" cells={m.areas} metric="price" label={(c) => c.area_name} />
                <MarketBarChart title="掲載件数" cells={m.areas} metric="count" label={(c) => c.area_name} />
              </div>
            </section>

            {types.map((t) => {
              const cells = m.cells.filter((c) => c.type_cd === t.type_cd);
              return (
                <section key={t.type_cd} aria-labelledby={`market-type-${t.type_cd}`} className="grid gap-4" data-type={t.type_cd}>
                  <h2 id={`market-type-${t.type_cd}`} className="border-l-4 border-gold pl-3 text-lg font-bold">
                    {t.type_name}
                    <span className="ml-2 text-sm font-normal text-primary-600">
                      全エリア {t.count}件・表面 {medianText(t, "yield")}・実質 {medianText(t, "net")}
                    </span>
                  </h2>
                  <div className="grid gap-4 md:grid-cols-3">
                    <MarketBarChart title={`${t.type_name}：表面利回りの中央値`} cells={cells} metric="yield" label={(c) => c.area_name} />
                    <MarketBarChart title={`${t.type_name}：実質利回りの中央値`} cells={cells} metric="net" label={(c) => c.area_name} />
                    <MarketBarChart title={`${t.type_name}：㎡単価の中央値`} cells={cells} metric="price" label={(c) => c.area_name} />
                  </div>
                </section>
              );
            })}

            <section aria-labelledby="market-cities" className="grid gap-4" data-slot="market-cities">
              <h2 id="market-cities" className="border-l-4 border-gold pl-3 text-lg font-bold">
                政令指定都市・区別（全種別）
              </h2>
              <div className="grid gap-4">
                {m.cities.map((c) => (
                  <MarketCityTable key={c.code} city={c} />
                ))}
              </div>
            </section>

            <section aria-labelledby="market-table" className="grid gap-3">
              <h2 id="market-table" className="border-l-4 border-gold pl-3 text-lg font-bold">
                一覧表
              </h2>
              <MarketTable cells={m.cells} />
            </section>
          </>
        )}
        <p className="text-xs leading-relaxed text-primary-600">
          ※ 売出価格（募集価格）に基づく参考値で、成約価格ではありません。件数が少ないエリア・種別は値が大きく振れます。
        </p>
      </div>
    </>
  );
}
