import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PurgeAccountButton } from "@/components/admin/account-actions";
import { AccountDetailView } from "@/components/admin/account-detail";
import { requireAdmin } from "@/server/auth/page-guards";
import { env } from "@/server/env";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "削除済み会員の詳細" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  await requireAdmin();
  const { id } = await params;
  if (!/^[1-9]\d{0,14}$/.test(id)) notFound();
  const data = await api.admin.accounts.deleted.byId({ id: Number(id) }).catch(() => null);
  if (!data) notFound();
  const base = env().ADMIN_BASE_PATH;
  return (
    <div className="grid gap-6">
      <p className="text-sm">
        <Link href={`${base}/accounts/deleted`} className="underline">
          ← 削除済み会員一覧
        </Link>
      </p>
      <h1 className="text-xl font-bold">
        {data.profile.last_name} {data.profile.first_name} <span className="text-base font-normal text-muted-foreground">#{data.profile.id}</span>
      </h1>
      <AccountDetailView data={data} base={base} actions={<PurgeAccountButton base={base} id={data.profile.id} />} />
    </div>
  );
}
