import type { Metadata } from "next";
import { requireMember } from "@/app/_lib/page-guards";
import { FormAlert } from "@/components/forms/field";
import { PasswordForm } from "@/components/mypage/account-forms";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "パスワード変更" };

/** Also where a login with a password that fails today's policy is held until it is changed. */
export default async function PasswordPage() {
  await requireMember("/mypage/password", { passwordChangePage: true });
  const { password_change_required: required } = await api.member.account.info();
  return (
    <section className="grid max-w-xl gap-6">
      <h1 className="border-l-4 border-gold pl-3 text-xl font-bold">パスワード変更</h1>
      {required ? <FormAlert message={WEAK_PASSWORD_NOTICE} /> : null}
      <PasswordForm required={required} />
    </section>
  );
}

const WEAK_PASSWORD_NOTICE =
  "現在のパスワードは、短い・よく使われている・メールアドレスや氏名を含むなどの理由で安全ではありません。お手数ですが、新しいパスワードに変更してください。変更するまでマイページの他の機能はご利用いただけません。";
