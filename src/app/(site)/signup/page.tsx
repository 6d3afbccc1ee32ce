import type { Metadata } from "next";
import { Check } from "@/components/icons";
import { IntentLink } from "@/components/auth/intent-client";
import { AuthCard } from "@/components/auth/auth-card";
import { SignupForm } from "@/components/auth/simple-forms";
import { Breadcrumbs } from "@/components/site-chrome/breadcrumbs";
import { recaptchaSiteKey } from "@/server/auth/recaptcha";

export const metadata: Metadata = {
  title: "無料会員登録",
  description: "無料会員登録で、会員限定の収益物件情報・お気に入り・検索条件の保存と新着物件のメール通知をご利用いただけます。",
  alternates: { canonical: "/signup" },
};

const BENEFITS = ["会員限定の非公開物件を閲覧", "気になる物件をお気に入り保存・比較", "検索条件を保存し、新着・値下げ物件をメールでお知らせ"];

export default function SignupPage() {
  return (
    <>
      <Breadcrumbs items={[{ name: "無料会員登録", path: "/signup" }]} />
      <AuthCard
        title="無料会員登録"
        lead={
          <ul className="grid gap-1.5">
            {BENEFITS.map((b) => (
              <li key={b} className="flex items-center gap-2 text-primary">
                <Check className="size-4 text-gold" aria-hidden="true" />
                {b}
              </li>
            ))}
          </ul>
        }
      >
        <p className="mb-4 text-sm text-muted-foreground">メールアドレスを入力してください。本登録用のURLをお送りします。</p>
        <SignupForm siteKey={recaptchaSiteKey()} />
        <p className="mt-4 text-center text-sm">
          既に会員の方は
          <IntentLink href="/login" className="font-bold text-gold-700 underline underline-offset-4">
            ログイン
          </IntentLink>
        </p>
      </AuthCard>
    </>
  );
}
