import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ConfirmEmail } from "@/components/mypage/account-forms";

export const metadata: Metadata = { title: "メールアドレス変更の確定", robots: { index: false, follow: false } };

export default async function ConfirmEmailPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return (
    <AuthCard title="メールアドレス変更の確定" lead="下のボタンを押すと、メールアドレスの変更が完了します。">
      <ConfirmEmail token={typeof token === "string" ? token : ""} />
    </AuthCard>
  );
}
