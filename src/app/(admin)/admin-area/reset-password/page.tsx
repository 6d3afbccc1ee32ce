import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/simple-forms";
import { env } from "@/server/env";

export const metadata: Metadata = { title: "新しいパスワードの設定" };

export default async function AdminResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return (
    <>
      <header className="bg-primary px-6 py-4 text-lg font-bold text-white">システム管理</header>
      <AuthCard title="新しいパスワードの設定">
        <ResetPasswordForm kind="admin" token={typeof token === "string" ? token : ""} loginPath={`${env().ADMIN_BASE_PATH}/login`} />
      </AuthCard>
    </>
  );
}
