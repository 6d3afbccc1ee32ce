import type { Metadata } from "next";
import { InvestmentEditor } from "@/components/admin/investment-editor";
import { AdminPageShell } from "@/components/admin/page-header";
import { emptyInvestmentForm } from "@/schemas/admin/investment";
import { adminPage } from "../../_lib/page-guard";

export const metadata: Metadata = { title: "物件の新規登録" };

export default async function NewInvestmentPage() {
  const base = await adminPage();
  return (
    <AdminPageShell title="物件の新規登録" back={{ href: `${base}/investments`, label: "物件一覧" }}>
      <InvestmentEditor base={base} id={null} initial={emptyInvestmentForm()} />
    </AdminPageShell>
  );
}
