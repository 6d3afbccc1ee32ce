import type { Metadata } from "next";
import Link from "next/link";
import { InvestmentEditor } from "@/components/admin/investment-editor";
import { emptyInvestmentForm } from "@/schemas/admin/investment";
import { requireAdmin } from "@/server/auth/page-guards";
import { env } from "@/server/env";

export const metadata: Metadata = { title: "物件の新規登録" };

export default async function NewInvestmentPage() {
  await requireAdmin();
  const base = env().ADMIN_BASE_PATH;
  return (
    <div className="grid gap-6">
      <p className="text-sm">
        <Link href={`${base}/investments`} className="underline">
          ← 物件一覧
        </Link>
      </p>
      <h1 className="text-xl font-bold">物件の新規登録</h1>
      <InvestmentEditor base={base} id={null} initial={emptyInvestmentForm()} />
    </div>
  );
}
