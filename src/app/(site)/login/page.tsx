import type { Metadata } from "next";
import { IntentLink } from "@/components/auth/intent-client";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { pageMetadata } from "@/components/seo/metadata";
import { Breadcrumbs } from "@/components/site-chrome/breadcrumbs";
import { recaptchaSiteKey } from "@/server/auth/recaptcha";

// Indexable (issue 21: a public page whose SEO stays at 100): people search for the members' login.
// My Page and the admin pages keep noindex (their layouts).
export const metadata: Metadata = pageMetadata({
  title: "ログイン",
  description: "会員ログイン。会員限定物件の閲覧、お気に入り、検索条件の保存と新着物件のメール通知をご利用いただけます。",
  path: "/login",
});

export default function LoginPage() {
  return (
    <>
      <Breadcrumbs items={[{ name: "ログイン", path: "/login" }]} />
      <AuthCard
        title="会員ログイン"
        lead={
          <>
            会員限定物件の閲覧、お気に入り、検索条件の保存・新着通知をご利用いただけます。
            <br />
            まだ会員でない方は
            <IntentLink href="/signup" className="font-bold text-gold-700 underline underline-offset-4">
              無料会員登録
            </IntentLink>
            へ。
          </>
        }
      >
        <LoginForm
          kind="user"
          siteKey={recaptchaSiteKey()}
          home="/mypage"
          firstLoginPath="/login/first"
          forgotPath="/forgot-password"
          changePasswordPath="/mypage/password?required=1"
        />
      </AuthCard>
    </>
  );
}
