import type { Metadata } from "next";
import Link from "next/link";
import { AdminDataTable, RecordLink, type AdminColumn } from "@/components/admin/data-table";
import { AdminPageShell } from "@/components/admin/page-header";
import { AdminPrevNextPager } from "@/components/admin/pager";
import { AREAS, SEARCH_TYPES } from "@/lib/constants/investment";
import { NEWSLETTER_PHASE_NAMES } from "@/lib/constants/newsletter";
import municipalitiesJson from "@/master-data/municipalities.json";
import { api } from "@/trpc/server";
import { adminPage } from "../_lib/page-guard";

export const metadata: Metadata = { title: "メール配信管理" };

const dateFmt = new Intl.DateTimeFormat("ja-JP", { dateStyle: "short", timeStyle: "short", timeZone: "Asia/Tokyo" });

type Audience =
  | { kind: "all" }
  | { kind: "segment"; areas: number[]; types: number[]; cities?: string[]; listingId?: number; registeredFrom?: string; registeredTo?: string }
  | null;

const muniName = new Map((municipalitiesJson as { municipalities: { code: string; name: string }[] }).municipalities.map((m) => [m.code, m.name]));

/** The audience in a few words, e.g. 北摂・大阪市中心部／一棟マンション／条件に京都市／物件ID 12に合う条件／2026-01-01〜. */
function audienceLabel(a: Audience): string {
  if (!a) return "（条件が不正です）";
  if (a.kind === "all") return "全会員（受信希望者）";
  const parts = [
    a.areas.map((id) => AREAS.find((x) => x.id === id)?.name ?? id).join("・"),
    a.types.map((id) => SEARCH_TYPES.find((x) => x.id === id)?.name ?? id).join("・"),
    a.cities?.length ? `条件に${a.cities.map((c) => muniName.get(c) ?? c).join("・")}` : "",
    a.listingId !== undefined ? `物件ID ${a.listingId}に合う条件` : "",
    a.registeredFrom || a.registeredTo ? `登録 ${a.registeredFrom ?? ""}〜${a.registeredTo ?? ""}` : "",
  ].filter(Boolean);
  return parts.join("／");
}

export default async function AdminNewslettersPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  const base = await adminPage();
  const page = Number((await searchParams).page ?? 1) || 1;
  const data = await api.admin.newsletters.list({ page });
  const columns: AdminColumn<(typeof data.items)[number]>[] = [
    { key: "subject", header: "件名", cell: (n) => <RecordLink href={`${base}/newsletter/${n.id}`}>{n.subject}</RecordLink> },
    { key: "status", header: "状態", cellClassName: "whitespace-nowrap", cell: (n) => NEWSLETTER_PHASE_NAMES[n.phase] ?? n.status },
    { key: "audience", header: "配信先", cell: (n) => audienceLabel(n.audience as Audience) },
    {
      key: "scheduled_at",
      header: "配信日時",
      cellClassName: "whitespace-nowrap",
      cell: (n) => (n.scheduled_at ? dateFmt.format(new Date(n.scheduled_at)) : "—"),
    },
    {
      key: "sent",
      header: "送信済み / 対象",
      className: "text-right",
      cellClassName: "tabular",
      cell: (n) => (
        <>
          {n.counts.sent.toLocaleString("ja-JP")} / {n.counts.total.toLocaleString("ja-JP")}
        </>
      ),
    },
    {
      key: "failed",
      header: "失敗",
      className: "text-right",
      cellClassName: "tabular",
      cell: (n) => (n.counts.failed ? <span className="text-error">{n.counts.failed}</span> : "0"),
    },
  ];
  return (
    <AdminPageShell
      title="メール配信管理"
      actions={
        <div className="flex gap-4 text-sm">
          <Link href={`${base}/queues`} className="underline underline-offset-2">
            ジョブキューの状況
          </Link>
          <Link href={`${base}/newsletter/new`} className="rounded-md bg-primary px-4 py-2 font-bold text-white">
            新規作成
          </Link>
        </div>
      }
    >
      <AdminDataTable columns={columns} rows={data.items} rowKey={(n) => n.id} empty="メール配信はまだありません" emptyAs="row" />
      <AdminPrevNextPager page={data.page} last={data.last} href={(n) => `${base}/newsletter?page=${n}`} />
    </AdminPageShell>
  );
}
