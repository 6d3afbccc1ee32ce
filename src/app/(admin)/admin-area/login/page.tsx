import type { Metadata } from "next";
import { connection } from "next/server";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { recaptchaSiteKey } from "@/server/auth/recaptcha";
import { env } from "@/server/env";

export const metadata: Metadata = { title: "ログイン" };

/** Minimal layout variant: no menu until logged in. */
export default async function AdminLoginPage() {
  // Rendered per request: its scripts need the request's CSP nonce, and the base path and bot-check key are run-time settings.
  await connection();
  const base = env().ADMIN_BASE_PATH;
  return (
    <>
      <header className="bg-primary px-6 py-4 text-lg font-bold text-white">システム管理</header>
      <AuthCard title="管理者ログイン">
        <LoginForm
          kind="admin"
          siteKey={recaptchaSiteKey()}
          home={base}
          firstLoginPath={`${base}/login/first`}
          forgotPath={`${base}/forgot-password`}
          changePasswordPath={`${base}/password?required=1`}
        />
      </AuthCard>
    </>
  );
}
