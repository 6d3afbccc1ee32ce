import type { Metadata } from "next";
import Link from "next/link";
import { InvestmentTable, type AdminInvestmentRow } from "@/components/admin/investment-table";
import { AdminPager } from "@/components/admin/pager";
import { AREAS, SEARCH_TYPES } from "@/lib/constants/investment";
import { PUBLICATION_STATES } from "@/schemas/search";
import { requireAdmin } from "@/server/auth/page-guards";
import { env } from "@/server/env";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "物件管理" };

type SP = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";
const input = "h-9 rounded-md border border-border bg-white px-2";

/** Listing management: the admin search (public parameters plus no, ps, nu, xu, cp) and bulk actions. */
export default async function AdminInvestmentsPage({ searchParams }: { searchParams: Promise<SP> }) {
  await requireAdmin();
  const sp = await searchParams;
  const base = env().ADMIN_BASE_PATH;
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
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold">物件管理</h1>
        <Link href={`${base}/investments/new`} className="rounded-md bg-gold px-4 py-2 text-sm font-bold text-white">
          新規登録
        </Link>
      </div>
      <form method="get" className="grid gap-3 rounded-lg bg-white p-4 text-sm shadow-sm sm:grid-cols-3 lg:grid-cols-6" aria-label="物件検索">
        <label className="grid gap-1">
          キーワード
          <input name="fw" defaultValue={one(sp.fw)} className={input} />
        </label>
        <label className="grid gap-1">
          物件番号
          <input name="no" defaultValue={one(sp.no)} className={input} />
        </label>
        <label className="grid gap-1">
          掲載状態
          <select name="ps" defaultValue={one(sp.ps)} className={input}>
            <option value="">すべて</option>
            {PUBLICATION_STATES.map((s) => (
              <option key={s.key} value={s.key}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1">
          種別
          <select name="ty" defaultValue={one(sp.ty)} className={input}>
            <option value="">すべて</option>
            {SEARCH_TYPES.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
            <option value="99">その他</option>
          </select>
        </label>
        <label className="grid gap-1">
          エリア
          <select name="re" defaultValue={one(sp.re)} className={input}>
            <option value="">すべて</option>
            {AREAS.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1">
          元付会社
          <input name="cp" defaultValue={one(sp.cp)} className={input} />
        </label>
        <label className="grid gap-1">
          価格（万円）から
          <input name="lp" defaultValue={one(sp.lp)} inputMode="numeric" className={input} />
        </label>
        <label className="grid gap-1">
          価格（万円）まで
          <input name="hp" defaultValue={one(sp.hp)} inputMode="numeric" className={input} />
        </label>
        <label className="grid gap-1">
          更新日（から）
          <input type="date" name="nu" defaultValue={one(sp.nu)} className={input} />
        </label>
        <label className="grid gap-1">
          更新日（まで）
          <input type="date" name="xu" defaultValue={one(sp.xu)} className={input} />
        </label>
        <label className="grid gap-1">
          並び順
          <select name="sr" defaultValue={one(sp.sr)} className={input}>
            <option value="">新着順</option>
            <option value="price_asc">価格の安い順</option>
            <option value="price_desc">価格の高い順</option>
            <option value="yield_desc">利回りの高い順</option>
          </select>
        </label>
        <div className="flex items-end gap-2">
          <button type="submit" className="h-9 rounded-md bg-primary px-4 font-bold text-white">
            検索
          </button>
          <Link href={`${base}/investments`} className="underline">
            クリア
          </Link>
        </div>
      </form>
      <p className="text-sm text-muted-foreground">{data.total.toLocaleString("ja-JP")} 件</p>
      <InvestmentTable base={base} rows={rows} />
      <AdminPager page={data.page} last={data.last} href={pageHref} />
    </div>
  );
}
