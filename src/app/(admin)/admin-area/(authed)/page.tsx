import type { Metadata } from "next";
import Link from "next/link";
import { CountChart, WeeklyChart } from "@/components/admin/dashboard-charts";
import { AdminPageShell } from "@/components/admin/page-header";
import { api } from "@/trpc/server";
import { adminPage } from "./_lib/page-guard";

export const metadata: Metadata = { title: "管理トップ" };

/** Admin top: today's figures, 12-week series and listings by area / type. */
export default async function AdminTopPage() {
  const base = await adminPage();
  const [me, counts, d] = await Promise.all([api.admin.account.info(), api.public.options.get(), api.admin.options.dashboard()]);
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
      <section aria-labelledby="charts-title" className="grid gap-3">
        <h2 id="charts-title" className="font-bold">
          推移と内訳
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="lg:col-span-2">
            <WeeklyChart title="新規会員とお問い合わせ（週別・直近12週）" weeks={d.weeks} />
          </div>
          <CountChart title="公開物件（エリア別）" figures={d.byArea} color="gold" />
          <CountChart title="公開物件（種別）" figures={d.byType} color="primary" />
        </div>
      </section>
    </AdminPageShell>
  );
}
