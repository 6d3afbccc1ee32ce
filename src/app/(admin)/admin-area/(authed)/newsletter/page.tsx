import type { Metadata } from "next";
import Link from "next/link";
import { AREAS, SEARCH_TYPES } from "@/lib/constants/investment";
import { requireAdmin } from "@/server/auth/page-guards";
import { env } from "@/server/env";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "メール配信管理" };

const STATUS_NAMES: Record<string, string> = { draft: "下書き", scheduled: "配信予約", sending: "配信中", sent: "配信完了", cancelled: "配信中止" };
const dateFmt = new Intl.DateTimeFormat("ja-JP", { dateStyle: "short", timeStyle: "short", timeZone: "Asia/Tokyo" });

type Audience = { kind: "all" } | { kind: "segment"; areas: number[]; types: number[]; registeredFrom?: string; registeredTo?: string } | null;

/** The audience in a few words, e.g. 北摂・大阪市内／一棟マンション／2026-01-01〜. */
function audienceLabel(a: Audience): string {
  if (!a) return "（条件が不正です）";
  if (a.kind === "all") return "全会員（受信希望者）";
  const parts = [
    a.areas.map((id) => AREAS.find((x) => x.id === id)?.name ?? id).join("・"),
    a.types.map((id) => SEARCH_TYPES.find((x) => x.id === id)?.name ?? id).join("・"),
    a.registeredFrom || a.registeredTo ? `登録 ${a.registeredFrom ?? ""}〜${a.registeredTo ?? ""}` : "",
  ].filter(Boolean);
  return parts.join("／");
}

export default async function AdminNewslettersPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  await requireAdmin();
  const base = env().ADMIN_BASE_PATH;
  const page = Number((await searchParams).page ?? 1) || 1;
  const data = await api.admin.newsletters.list({ page });
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold">メール配信管理</h1>
        <div className="flex gap-4 text-sm">
          <Link href={`${base}/queues`} className="underline underline-offset-2">
            ジョブキューの状況
          </Link>
          <Link href={`${base}/newsletter/new`} className="rounded-md bg-primary px-4 py-2 font-bold text-white">
            新規作成
          </Link>
        </div>
      </div>
      <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
        <table className="w-full text-sm">
          <thead className="bg-primary-50 text-left">
            <tr>
              <th className="px-3 py-2">件名</th>
              <th className="px-3 py-2">状態</th>
              <th className="px-3 py-2">配信先</th>
              <th className="px-3 py-2">配信日時</th>
              <th className="px-3 py-2 text-right">送信済み / 対象</th>
              <th className="px-3 py-2 text-right">失敗</th>
            </tr>
          </thead>
          <tbody>
            {data.items.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-3 py-6 text-center text-muted-foreground">
                  メール配信はまだありません
                </td>
              </tr>
            ) : null}
            {data.items.map((n) => (
              <tr key={n.id} className="border-t border-border">
                <td className="px-3 py-2">
                  <Link href={`${base}/newsletter/${n.id}`} className="font-bold underline underline-offset-2">
                    {n.subject}
                  </Link>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{STATUS_NAMES[n.status] ?? n.status}</td>
                <td className="px-3 py-2">{audienceLabel(n.audience as Audience)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{n.scheduled_at ? dateFmt.format(new Date(n.scheduled_at)) : "—"}</td>
                <td className="px-3 py-2 text-right tabular">
                  {n.counts.sent.toLocaleString("ja-JP")} / {n.counts.total.toLocaleString("ja-JP")}
                </td>
                <td className="px-3 py-2 text-right tabular">{n.counts.failed ? <span className="text-error">{n.counts.failed}</span> : "0"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label="ページ送り" className="flex gap-3 text-sm">
        {data.page > 1 ? <Link href={`${base}/newsletter?page=${data.page - 1}`}>前へ</Link> : null}
        <span>
          {data.page} / {data.last}
        </span>
        {data.page < data.last ? <Link href={`${base}/newsletter?page=${data.page + 1}`}>次へ</Link> : null}
      </nav>
    </div>
  );
}
