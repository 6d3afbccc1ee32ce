import type { Metadata } from "next";
import { requireMember } from "@/app/_lib/page-guards";
import { WithdrawForm } from "@/components/mypage/account-forms";

export const metadata: Metadata = { title: "退会" };

export default async function WithdrawPage() {
  await requireMember("/mypage/withdraw");
  return (
    <section className="grid max-w-xl gap-6">
      <h1 className="border-l-4 border-gold pl-3 text-xl font-bold">退会</h1>
      <div className="rounded-md border border-error/30 bg-error-50 p-4 text-sm leading-relaxed">
        退会すると、お気に入り・保存した検索条件・マッチング履歴は削除され、元に戻せません。お問い合わせの記録は当社で保管します。
      </div>
      <WithdrawForm />
    </section>
  );
}
