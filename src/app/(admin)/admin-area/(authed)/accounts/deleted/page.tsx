import type { Metadata } from "next";
import Link from "next/link";
import { AccountList } from "@/components/admin/account-list";
import { requireAdmin } from "@/server/auth/page-guards";
import { env } from "@/server/env";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "削除済み会員" };

type SP = Record<string, string | string[] | undefined>;

export default async function DeletedAccountsPage({ searchParams }: { searchParams: Promise<SP> }) {
  await requireAdmin();
  const sp = await searchParams;
  const base = env().ADMIN_BASE_PATH;
  const data = await api.admin.accounts.deleted.search(sp as never);
  return (
    <div className="grid gap-6">
      <p className="text-sm">
        <Link href={`${base}/accounts`} className="underline">
          ← 会員一覧
        </Link>
      </p>
      <h1 className="text-xl font-bold">削除済み会員</h1>
      <AccountList sp={sp} path={`${base}/accounts/deleted`} data={data} deleted />
    </div>
  );
}
