import type { Metadata } from "next";
import Link from "next/link";
import { AccountList, accountQueryString } from "@/components/admin/account-list";
import type { SearchParams } from "@/components/admin/filter-bar";
import { AdminPageShell } from "@/components/admin/page-header";
import { api } from "@/trpc/server";
import { adminPage } from "../_lib/page-guard";

export const metadata: Metadata = { title: "会員管理" };

export default async function AdminAccountsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const base = await adminPage();
  const sp = await searchParams;
  const data = await api.admin.accounts.search(sp as never);
  const qs = accountQueryString(sp);
  return (
    <AdminPageShell
      title="会員管理"
      actions={
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <a href={`/api/admin/accounts/csv?${qs}`} className="underline">
            CSV（UTF-8）
          </a>
          <a href={`/api/admin/accounts/csv?${qs}${qs ? "&" : ""}encoding=sjis`} className="underline">
            CSV（Shift_JIS・Excel向け）
          </a>
          <Link href={`${base}/accounts/deleted`} className="underline">
            削除済み会員
          </Link>
          <Link href={`${base}/accounts/new`} className="rounded-md bg-gold px-4 py-2 font-bold text-primary-950 hover:bg-gold-400">
            会員を登録
          </Link>
        </div>
      }
    >
      <AccountList sp={sp} path={`${base}/accounts`} data={data} />
    </AdminPageShell>
  );
}
