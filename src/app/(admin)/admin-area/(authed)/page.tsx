import type { Metadata } from "next";
import Link from "next/link";
import { CountChart, WeeklyChart } from "@/components/admin/dashboard-charts";
import { AdminPageShell } from "@/components/admin/page-header";
import { api } from "@/trpc/server";
import { adminPage } from "./_lib/page-guard";

export const metadata: Metadata = { title: "管理トップ" };

/** Admin top: today's figures, 12-week series, listings by area / type, listings and inquiries by region and by designated city. */
export default async function AdminTopPage() {
  const base = await adminPage();
  const [me, counts, d] = await Promise.all([api.admin.account.info(), api.public.options.get(), api.admin.options.dashboard()]);
  const unmapped = await api.admin.investments.unmappedLandUses();
  const today = [
    { label: "本日の新規お問い合わせ", value: d.today.newContacts, href: `${base}/contacts?from=${d.today.date}` },
    { label: "本日の新規会員", value: d.today.newMembers, href: `${base}/accounts?from=${d.today.date}` },
    { label: "本日公開した物件", value: d.today.published, href: `${base}/investments?ps=public` },
    { label: "更新期限切れの物件", value: d.today.overdue, href: `${base}/investments?ps=overdue` },
    { label: "未対応のお問い合わせ", value: d.today.openContacts, href: `${base}/contacts?status=new` },
  ];
  const totals = [
    { label: "会員数", value: counts.members },
    { label: "会員限定物件", value: counts.investment.members },
    { label: "公開物件", value: counts.investment.public },
  ];
  return (
    <AdminPageShell title="管理トップ">
      <p className="text-sm text-muted-foreground">{me.name || me.email} さんでログイン中</p>
      <section aria-labelledby="today-title" className="grid gap-3">
        <h2 id="today-title" className="font-bold">
          今日の状況（{d.today.date}）
        </h2>
        <dl className="grid gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {today.map((f) => (
            // A <dl> may hold only dt/dd groups in <div>s: the link sits in the <dt> and covers the whole card.
            <div
              key={f.label}
              className="relative rounded-lg bg-white p-5 shadow-sm focus-within:ring-2 focus-within:ring-gold-500 hover:ring-2 hover:ring-gold-300"
            >
              <dt className="text-sm text-muted-foreground">
                <Link href={f.href} className="after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none">
                  {f.label}
                </Link>
              </dt>
              <dd className="mt-1 text-2xl font-bold">{f.value.toLocaleString("ja-JP")}</dd>
            </div>
          ))}
        </dl>
      </section>
      <dl className="grid gap-4 sm:grid-cols-3">
        {totals.map((f) => (
          <div key={f.label} className="rounded-lg bg-white p-5 shadow-sm">
            <dt className="text-sm text-muted-foreground">{f.label}</dt>
            <dd className="mt-1 text-2xl font-bold">{f.value.toLocaleString("ja-JP")}</dd>
          </div>
        ))}
      </dl>
      {unmapped.length > 0 && (
        // Issue 34 item 5: free-text 用途地域 the migration could not map to an official zone.
        <section aria-labelledby="land-use-title" className="grid gap-2 rounded-lg bg-white p-4 shadow-sm">
          <h2 id="land-use-title" className="font-bold">
            用途地域の選び直しが必要な物件（{unmapped.length.toLocaleString("ja-JP")}件）
          </h2>
          <p className="text-xs text-muted-foreground">旧入力の用途地域を公式の区分に読み替えられませんでした。編集画面で用途地域を選んで保存してください。</p>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-border text-left text-xs text-muted-foreground">
                  <th scope="col" className="py-2 pr-3 font-normal">
                    ID
                  </th>
                  <th scope="col" className="py-2 pr-3 font-normal">
                    物件名
                  </th>
                  <th scope="col" className="py-2 font-normal">
                    旧入力（用途地域1 / 2）
                  </th>
                </tr>
              </thead>
              <tbody>
                {unmapped.map((r) => (
                  <tr key={r.id} className="border-b border-border last:border-0">
                    <td className="py-2 pr-3 tabular">{r.id}</td>
                    <th scope="row" className="py-2 pr-3 text-left font-normal">
                      <Link href={`${base}/investments/${r.id}`} className="underline underline-offset-2">
                        {r.name}を編集
                      </Link>
                    </th>
                    <td className="py-2">{[r.land_use_1, r.land_use_2].filter(Boolean).join(" / ")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      <section aria-labelledby="charts-title" className="grid gap-3">
        <h2 id="charts-title" className="font-bold">
          推移と内訳
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="lg:col-span-2">
            <WeeklyChart title="新規会員とお問い合わせ（週別・直近12週）" weeks={d.weeks} />
          </div>
          <CountChart title="公開物件（エリア・市別）" figures={d.byArea} color="gold" />
          <CountChart title="公開物件（種別）" figures={d.byType} color="primary" />
          <CountChart title="物件へのお問い合わせ（エリア・市別・直近12週）" figures={d.inquiriesByArea} color="primary" />
          <section aria-labelledby="cities-title" className="grid content-start gap-2 rounded-lg bg-white p-4 shadow-sm">
            <h3 id="cities-title" className="text-sm font-bold">
              政令指定都市（全域）
            </h3>
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-border text-left text-xs text-muted-foreground">
                  <th scope="col" className="py-2 font-normal">
                    市
                  </th>
                  <th scope="col" className="py-2 text-right font-normal">
                    公開物件
                  </th>
                  <th scope="col" className="py-2 text-right font-normal">
                    お問い合わせ（直近12週）
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.byCity.map((c) => (
                  <tr key={c.code} className="border-b border-border last:border-0">
                    <th scope="row" className="py-2 text-left font-normal">
                      {/* The admin list takes the public search's ct: a city's code covers all its wards. */}
                      <Link href={`${base}/investments?ct=${c.code}`} className="underline underline-offset-2">
                        {c.label}
                      </Link>
                    </th>
                    <td className="py-2 text-right tabular">{c.listings.toLocaleString("ja-JP")}件</td>
                    <td className="py-2 text-right tabular">{c.inquiries.toLocaleString("ja-JP")}件</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="text-xs text-muted-foreground">大阪市は大阪市中心部と大阪ベイエリア、堺市は南大阪の内数です。</p>
          </section>
        </div>
      </section>
    </AdminPageShell>
  );
}
