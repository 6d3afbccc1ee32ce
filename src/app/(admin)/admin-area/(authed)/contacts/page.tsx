import type { Metadata } from "next";
import { AdminDataTable, RecordLink, type AdminColumn } from "@/components/admin/data-table";
import { AdminFilterBar, type FilterField, type SearchParams } from "@/components/admin/filter-bar";
import { AdminPageShell } from "@/components/admin/page-header";
import { AdminPrevNextPager } from "@/components/admin/pager";
import { INQUIRY_KINDS, INQUIRY_STATUSES, inquiryKindName, inquiryStatusName } from "@/lib/constants/contact";
import { api } from "@/trpc/server";
import { adminPage } from "../_lib/page-guard";

export const metadata: Metadata = { title: "お問い合わせ管理" };

const dateFmt = new Intl.DateTimeFormat("ja-JP", { dateStyle: "short", timeStyle: "short", timeZone: "Asia/Tokyo" });
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

const FILTERS: readonly FilterField[] = [
  { kind: "select", name: "kind", label: "種別", options: INQUIRY_KINDS.map((k) => ({ value: k.key, label: k.name })) },
  { kind: "select", name: "status", label: "対応状況", options: INQUIRY_STATUSES.map((s) => ({ value: s.key, label: s.name })) },
  { kind: "date", name: "from", label: "受付日（から）" },
  { kind: "date", name: "to", label: "受付日（まで）" },
];

type ContactRow = Awaited<ReturnType<typeof api.admin.contacts.list>>["items"][number];

export default async function AdminContactsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const base = await adminPage();
  const q = await searchParams;
  const filter = { kind: one(q.kind), status: one(q.status), from: one(q.from), to: one(q.to), page: Number(one(q.page) ?? 1) || 1 };
  const data = await api.admin.contacts.list(filter as never).catch(() => api.admin.contacts.list({ page: 1 }));
  const link = (page: number) =>
    `${base}/contacts?${new URLSearchParams(Object.entries({ ...filter, page: String(page) }).filter(([, v]) => v) as [string, string][])}`;
  const columns: AdminColumn<ContactRow>[] = [
    { key: "id", header: "No.", cell: (c) => <RecordLink href={`${base}/contacts/${c.id}`}>#{c.id}</RecordLink> },
    { key: "created_at", header: "受付日時", cellClassName: "whitespace-nowrap", cell: (c) => dateFmt.format(new Date(c.created_at)) },
    { key: "kind", header: "種別", cell: (c) => inquiryKindName(c.kind) },
    {
      key: "name",
      header: "お名前",
      cell: (c) => (
        <>
          {c.last_name} {c.first_name}
          {c.user_id ? <span className="ml-1 text-xs text-gold-700">（会員）</span> : null}
        </>
      ),
    },
    { key: "investment", header: "物件", cell: (c) => c.investment_snapshot?.name ?? "—" },
    { key: "status", header: "状況", cell: (c) => inquiryStatusName(c.status) },
  ];
  return (
    <AdminPageShell title="お問い合わせ管理">
      <AdminFilterBar
        fields={FILTERS}
        values={{ kind: filter.kind, status: filter.status, from: filter.from, to: filter.to }}
        layout="inline"
        submitLabel="絞り込む"
      />
      <p className="text-sm text-muted-foreground">{data.total.toLocaleString("ja-JP")} 件</p>
      <AdminDataTable columns={columns} rows={data.items} rowKey={(c) => c.id} />
      <AdminPrevNextPager page={data.page} last={data.last} href={link} />
    </AdminPageShell>
  );
}
