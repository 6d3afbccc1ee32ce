import type { Metadata } from "next";
import { connection } from "next/server";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/auth/simple-forms";

export const metadata: Metadata = { title: "パスワードの再設定" };

export default async function AdminForgotPasswordPage() {
  // Rendered per request: its scripts need the request's CSP nonce (server/http/security-headers.ts).
  await connection();
  return (
    <>
      <header className="bg-primary px-6 py-4 text-lg font-bold text-white">システム管理</header>
      <AuthCard title="パスワードの再設定" lead="管理者のメールアドレスを入力してください。">
        <ForgotPasswordForm kind="admin" />
      </AuthCard>
    </>
  );
}
