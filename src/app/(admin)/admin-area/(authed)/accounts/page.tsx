import type { Metadata } from "next";
import Link from "next/link";
import { AccountList, accountQueryString } from "@/components/admin/account-list";
import { requireAdmin } from "@/server/auth/page-guards";
import { env } from "@/server/env";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "会員管理" };

type SP = Record<string, string | string[] | undefined>;

export default async function AdminAccountsPage({ searchParams }: { searchParams: Promise<SP> }) {
  await requireAdmin();
  const sp = await searchParams;
  const base = env().ADMIN_BASE_PATH;
  const data = await api.admin.accounts.search(sp as never);
  const qs = accountQueryString(sp);
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold">会員管理</h1>
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
          <Link href={`${base}/accounts/new`} className="rounded-md bg-gold px-4 py-2 font-bold text-white">
            会員を登録
          </Link>
        </div>
      </div>
      <AccountList sp={sp} path={`${base}/accounts`} data={data} />
    </div>
  );
}
