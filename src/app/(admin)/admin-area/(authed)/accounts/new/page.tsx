import type { Metadata } from "next";
import { MemberRegisterForm } from "@/components/admin/member-register-form";
import { AdminPageShell } from "@/components/admin/page-header";
import { adminPage } from "../../_lib/page-guard";

export const metadata: Metadata = { title: "会員登録" };

export default async function NewAccountPage() {
  const base = await adminPage();
  return (
    <AdminPageShell title="会員登録" back={{ href: `${base}/accounts`, label: "会員一覧" }}>
      <MemberRegisterForm base={base} />
    </AdminPageShell>
  );
}
