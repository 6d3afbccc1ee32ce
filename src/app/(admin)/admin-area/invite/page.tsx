import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { AuthCard } from "@/components/auth/auth-card";
import { StaffInviteForm } from "@/components/auth/simple-forms";
import { FormAlert } from "@/components/forms/field";
import { STAFF_INVITE_INVALID } from "@/server/accounts";
import { env } from "@/server/env";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "パスワードの設定" };

/** The link mailed to an invited staff member: set a password (once, within its lifetime) and enter. */
export default async function StaffInvitePage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  await connection();
  const { token } = await searchParams;
  const base = env().ADMIN_BASE_PATH;
  const valid = typeof token === "string" && /^[a-z2-7]{32}$/.test(token);
  const invite = valid ? await api.public.auth.adminInviteState({ token }) : null;
  return (
    <>
      <header className="bg-primary px-6 py-4 text-lg font-bold text-white">システム管理</header>
      <AuthCard title="パスワードの設定">
        {invite && valid ? (
          <div className="grid gap-5">
            <p className="text-sm leading-relaxed">
              {invite.name || invite.email} 様（ログインID：{invite.email}）のスタッフアカウントのパスワードを設定してください。
            </p>
            <StaffInviteForm token={token} home={base} />
          </div>
        ) : (
          <div className="grid gap-4">
            <FormAlert message={STAFF_INVITE_INVALID} />
            <p className="text-sm">
              設定済みの場合は
              <Link href={`${base}/login`} className="font-bold text-gold-700 underline underline-offset-4">
                ログイン画面
              </Link>
              からログインしてください。
            </p>
          </div>
        )}
      </AuthCard>
    </>
  );
}
