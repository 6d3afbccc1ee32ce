import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { RegisterForm } from "@/components/auth/register-form";

export const metadata: Metadata = { title: "本登録", robots: { index: false, follow: false } };

export default async function RegisterPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  if (typeof token !== "string" || !token) {
    return (
      <AuthCard title="本登録">
        <p className="text-sm">
          URLが正しくありません。お手数ですが
          <Link href="/signup" className="font-bold text-gold-700 underline">
            会員登録
          </Link>
          からもう一度お手続きください。
        </p>
      </AuthCard>
    );
  }
  return (
    <div className="[&>div]:max-w-3xl">
      <AuthCard title="本登録" lead="パスワードとお客様情報を入力して、会員登録を完了してください。">
        <RegisterForm token={token} />
      </AuthCard>
    </div>
  );
}
