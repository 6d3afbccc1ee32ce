import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/simple-forms";

export const metadata: Metadata = { title: "新しいパスワードの設定", robots: { index: false, follow: false } };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return (
    <AuthCard title="新しいパスワードの設定">
      <ResetPasswordForm kind="user" token={typeof token === "string" ? token : ""} loginPath="/login" />
    </AuthCard>
  );
}
