import type { Metadata } from "next";
import { requireAdmin } from "@/app/_lib/page-guards";
import { AdminPageShell } from "@/components/admin/page-header";
import { AdminPasswordForm } from "@/components/auth/simple-forms";
import { FormAlert } from "@/components/forms/field";
import { env } from "@/server/env";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "パスワード変更" };

/** A staff member's own password; also where a login with a password that fails today's policy is held. */
export default async function AdminPasswordPage() {
  await requireAdmin({ passwordChangePage: true });
  const { password_change_required: required } = await api.admin.account.info();
  return (
    <AdminPageShell title="パスワード変更">
      {required ? (
        <FormAlert message="現在のパスワードは、短い・よく使われている・メールアドレスや氏名を含むなどの理由で安全ではありません。新しいパスワードに変更してください。変更するまで管理画面の他の機能は使えません。" />
      ) : null}
      <AdminPasswordForm home={env().ADMIN_BASE_PATH} required={required} />
    </AdminPageShell>
  );
}
