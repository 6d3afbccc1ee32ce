import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/auth/simple-forms";
import { recaptchaSiteKey } from "@/server/auth/recaptcha";

export const metadata: Metadata = { title: "パスワードの再設定", robots: { index: false, follow: true } };

export default function ForgotPasswordPage() {
  return (
    <AuthCard title="パスワードの再設定" lead="ご登録のメールアドレスを入力してください。パスワード再設定用のURLをお送りします。">
      <ForgotPasswordForm kind="user" siteKey={recaptchaSiteKey()} />
    </AuthCard>
  );
}
