import type { Metadata } from "next";
import Link from "next/link";
import { INQUIRY_KINDS, INQUIRY_STATUSES, inquiryKindName, inquiryStatusName } from "@/lib/constants/contact";
import { requireAdmin } from "@/server/auth/page-guards";
import { env } from "@/server/env";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "お問い合わせ管理" };

const dateFmt = new Intl.DateTimeFormat("ja-JP", { dateStyle: "short", timeStyle: "short", timeZone: "Asia/Tokyo" });
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

export default async function AdminContactsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireAdmin();
  const q = await searchParams;
  const base = env().ADMIN_BASE_PATH;
  const filter = { kind: one(q.kind), status: one(q.status), from: one(q.from), to: one(q.to), page: Number(one(q.page) ?? 1) || 1 };
  const data = await api.admin.contacts.list(filter as never).catch(() => api.admin.contacts.list({ page: 1 }));
  const link = (page: number) => `${base}/contacts?${new URLSearchParams(Object.entries({ ...filter, page: String(page) }).filter(([, v]) => v) as [string, string][])}`;
  return (
    <div className="grid gap-6">
      <h1 className="text-xl font-bold">お問い合わせ管理</h1>
      <form className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-sm" method="get">
        <label className="grid gap-1 text-sm">
          種別
          <select name="kind" defaultValue={filter.kind ?? ""} className="h-9 rounded-md border border-border px-2">
            <option value="">すべて</option>
            {INQUIRY_KINDS.map((k) => (
              <option key={k.key} value={k.key}>
                {k.name}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          対応状況
          <select name="status" defaultValue={filter.status ?? ""} className="h-9 rounded-md border border-border px-2">
            <option value="">すべて</option>
            {INQUIRY_STATUSES.map((s) => (
              <option key={s.key} value={s.key}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          受付日（から）
          <input type="date" name="from" defaultValue={filter.from} className="h-9 rounded-md border border-border px-2" />
        </label>
        <label className="grid gap-1 text-sm">
          受付日（まで）
          <input type="date" name="to" defaultValue={filter.to} className="h-9 rounded-md border border-border px-2" />
        </label>
        <button type="submit" className="h-9 rounded-md bg-primary px-4 text-sm font-bold text-white">
          絞り込む
        </button>
      </form>
      <p className="text-sm text-muted-foreground">{data.total.toLocaleString("ja-JP")} 件</p>
      <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
        <table className="w-full text-sm">
          <thead className="bg-primary-50 text-left">
            <tr>
              <th className="px-3 py-2">No.</th>
              <th className="px-3 py-2">受付日時</th>
              <th className="px-3 py-2">種別</th>
              <th className="px-3 py-2">お名前</th>
              <th className="px-3 py-2">物件</th>
              <th className="px-3 py-2">状況</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((c) => (
              <tr key={c.id} className="border-t border-border">
                <td className="px-3 py-2">
                  <Link href={`${base}/contacts/${c.id}`} className="font-bold underline underline-offset-2">
                    #{c.id}
                  </Link>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{dateFmt.format(new Date(c.created_at))}</td>
                <td className="px-3 py-2">{inquiryKindName(c.kind)}</td>
                <td className="px-3 py-2">
                  {c.last_name} {c.first_name}
                  {c.user_id ? <span className="ml-1 text-xs text-gold-700">（会員）</span> : null}
                </td>
                <td className="px-3 py-2">{c.investment_snapshot?.name ?? "—"}</td>
                <td className="px-3 py-2">{inquiryStatusName(c.status)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label="ページ送り" className="flex gap-3 text-sm">
        {data.page > 1 ? <Link href={link(data.page - 1)}>前へ</Link> : null}
        <span>
          {data.page} / {data.last}
        </span>
        {data.page < data.last ? <Link href={link(data.page + 1)}>次へ</Link> : null}
      </nav>
    </div>
  );
}
