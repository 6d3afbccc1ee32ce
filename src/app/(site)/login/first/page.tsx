import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { FirstLoginForm } from "@/components/auth/simple-forms";

export const metadata: Metadata = { title: "初回ログイン", robots: { index: false, follow: false } };

export default async function FirstLoginPage({ searchParams }: { searchParams: Promise<{ email?: string | string[] }> }) {
  const { email } = await searchParams;
  return (
    <AuthCard title="初回ログイン" lead="スタッフが登録したアカウントです。メールでお知らせした仮パスワードを、新しいパスワードに変更してください。">
      <FirstLoginForm kind="user" email={typeof email === "string" ? email : ""} home="/mypage" />
    </AuthCard>
  );
}
