import type { Metadata } from "next";
import { requireAdmin } from "@/server/auth/page-guards";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "管理トップ" };

export default async function AdminTopPage() {
  await requireAdmin();
  const [me, counts] = await Promise.all([api.admin.account.info(), api.public.options.get()]);
  const figures = [
    { label: "会員数", value: counts.members },
    { label: "会員限定物件", value: counts.investment.members },
    { label: "公開物件", value: counts.investment.public },
  ];
  return (
    <div className="grid gap-6">
      <h1 className="text-xl font-bold">管理トップ</h1>
      <p className="text-sm text-muted-foreground">{me.name || me.email} さんでログイン中</p>
      <dl className="grid gap-4 sm:grid-cols-3">
        {figures.map((f) => (
          <div key={f.label} className="rounded-lg bg-white p-5 shadow-sm">
            <dt className="text-sm text-muted-foreground">{f.label}</dt>
            <dd className="mt-1 text-2xl font-bold">{f.value.toLocaleString("ja-JP")}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
