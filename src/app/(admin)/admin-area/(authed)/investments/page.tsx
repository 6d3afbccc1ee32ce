import type { Metadata } from "next";
import Link from "next/link";
import { AdminFilterBar, type FilterField, type SearchParams } from "@/components/admin/filter-bar";
import { InvestmentTable, type AdminInvestmentRow } from "@/components/admin/investment-table";
import { AdminPageShell } from "@/components/admin/page-header";
import { AdminPager } from "@/components/admin/pager";
import { AREAS, SEARCH_TYPES } from "@/lib/constants/investment";
import { PUBLICATION_STATES } from "@/schemas/search";
import { api } from "@/trpc/server";
import { adminPage } from "../_lib/page-guard";

export const metadata: Metadata = { title: "物件管理" };

const FILTERS: readonly FilterField[] = [
  { kind: "text", name: "fw", label: "キーワード" },
  { kind: "text", name: "no", label: "物件番号" },
  { kind: "select", name: "ps", label: "掲載状態", options: PUBLICATION_STATES.map((s) => ({ value: s.key, label: s.name })) },
  { kind: "select", name: "ty", label: "種別", options: SEARCH_TYPES.map((t) => ({ value: t.id, label: t.name })) },
  { kind: "select", name: "re", label: "エリア", options: AREAS.map((a) => ({ value: a.id, label: a.name })) },
  { kind: "text", name: "cp", label: "元付会社" },
  { kind: "text", name: "lp", label: "価格（万円）から", inputMode: "numeric" },
  { kind: "text", name: "hp", label: "価格（万円）まで", inputMode: "numeric" },
  { kind: "date", name: "nu", label: "更新日（から）" },
  { kind: "date", name: "xu", label: "更新日（まで）" },
  {
    kind: "select",
    name: "sr",
    label: "並び順",
    emptyLabel: "新着順",
    options: [
      { value: "price_asc", label: "価格の安い順" },
      { value: "price_desc", label: "価格の高い順" },
      { value: "yield_desc", label: "利回りの高い順" },
    ],
  },
];

/** Listing management: the admin search (public parameters plus no, ps, nu, xu, cp) and bulk actions. */
export default async function AdminInvestmentsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const base = await adminPage();
  const sp = await searchParams;
  const data = await api.admin.investments.list(sp as Record<string, unknown>);
  const rows: AdminInvestmentRow[] = data.items.map((c) => ({
    id: c.id,
    name: c.name,
    type_cd: c.type_cd,
    type_other: c.type_other,
    city_name: c.city_name,
    price: c.price,
    price_down: c.price_down,
    no: c.admin?.no ?? null,
    public: c.admin?.public ?? false,
    members: c.members,
    premium: c.premium,
    next_update_at: c.admin?.next_update_at ?? null,
    overdue: Boolean(c.admin?.not_updated_at),
    update_at: c.admin?.update_at ? c.admin.update_at.toISOString() : null,
  }));
  const pageHref = (n: number) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(sp)) for (const x of Array.isArray(v) ? v : v ? [v] : []) if (k !== "page") q.append(k, x);
    q.set("page", String(n));
    return `${base}/investments?${q}`;
  };
  return (
    <AdminPageShell
      title="物件管理"
      actions={
        <Link href={`${base}/investments/new`} className="rounded-md bg-gold px-4 py-2 text-sm font-bold text-primary-950 hover:bg-gold-400">
          新規登録
        </Link>
      }
    >
      <AdminFilterBar fields={FILTERS} values={sp} label="物件検索" className="grid-cols-2 sm:grid-cols-3 lg:grid-cols-6" clearHref={`${base}/investments`} />
      <p className="text-sm text-muted-foreground">{data.total.toLocaleString("ja-JP")} 件</p>
      <InvestmentTable base={base} rows={rows} />
      <AdminPager page={data.page} last={data.last} href={pageHref} />
    </AdminPageShell>
  );
}
