import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { FirstLoginForm } from "@/components/auth/simple-forms";
import { env } from "@/server/env";

export const metadata: Metadata = { title: "初回ログイン" };

export default async function AdminFirstLoginPage({ searchParams }: { searchParams: Promise<{ email?: string | string[] }> }) {
  const { email } = await searchParams;
  return (
    <>
      <header className="bg-primary px-6 py-4 text-lg font-bold text-white">システム管理</header>
      <AuthCard title="初回ログイン" lead="仮パスワードを新しいパスワードに変更してください。">
        <FirstLoginForm kind="admin" email={typeof email === "string" ? email : ""} home={env().ADMIN_BASE_PATH} />
      </AuthCard>
    </>
  );
}
