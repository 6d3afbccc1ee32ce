import type { Metadata } from "next";
import { AccountList } from "@/components/admin/account-list";
import type { SearchParams } from "@/components/admin/filter-bar";
import { AdminPageShell } from "@/components/admin/page-header";
import { api } from "@/trpc/server";
import { adminPage } from "../../_lib/page-guard";

export const metadata: Metadata = { title: "削除済み会員" };

export default async function DeletedAccountsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const base = await adminPage();
  const sp = await searchParams;
  const data = await api.admin.accounts.deleted.search(sp as never);
  return (
    <AdminPageShell title="削除済み会員" back={{ href: `${base}/accounts`, label: "会員一覧" }}>
      <AccountList sp={sp} path={`${base}/accounts/deleted`} data={data} deleted />
    </AdminPageShell>
  );
}
