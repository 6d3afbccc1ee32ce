import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PurgeAccountButton } from "@/components/admin/account-actions";
import { AccountDetailView } from "@/components/admin/account-detail";
import { AdminPageShell } from "@/components/admin/page-header";
import { api } from "@/trpc/server";
import { adminPage, idParam } from "../../../_lib/page-guard";

export const metadata: Metadata = { title: "削除済み会員の詳細" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const base = await adminPage();
  const id = idParam((await params).id);
  const data = await api.admin.accounts.deleted.byId({ id }).catch(() => null);
  if (!data) notFound();
  const p = data.profile;
  return (
    <AdminPageShell title={`${p.last_name} ${p.first_name}`} suffix={`#${p.id}`} back={{ href: `${base}/accounts/deleted`, label: "削除済み会員一覧" }}>
      <AccountDetailView data={data} base={base} actions={<PurgeAccountButton base={base} id={p.id} />} />
    </AdminPageShell>
  );
}
