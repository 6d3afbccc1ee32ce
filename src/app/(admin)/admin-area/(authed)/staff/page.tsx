import type { Metadata } from "next";
import { AdminPageShell } from "@/components/admin/page-header";
import { StaffInviteForm, StaffTable } from "@/components/admin/staff-admin";
import { api } from "@/trpc/server";
import { adminPage } from "../_lib/page-guard";

export const metadata: Metadata = { title: "スタッフ管理" };

export default async function AdminStaffPage() {
  await adminPage();
  const [me, rows] = await Promise.all([api.admin.account.info(), api.admin.staff.list()]);
  return (
    <AdminPageShell title="スタッフ管理">
      <StaffTable rows={rows} selfId={me._id} />
      <StaffInviteForm />
    </AdminPageShell>
  );
}
