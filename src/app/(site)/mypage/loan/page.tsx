import type { Metadata } from "next";
import Link from "next/link";
import { LoanTermsForm } from "@/components/mypage/loan-terms-form";
import { requireMember } from "@/app/_lib/page-guards";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "融資条件" };

/** My Page 融資条件 (issue 33): the member's own financing, for the 月間CF on cards, the CF sort and the simulator. */
export default async function LoanTermsPage() {
  await requireMember("/mypage/loan");
  const { terms } = await api.member.loanTerms.get();
  return (
    <section className="grid max-w-xl gap-6">
      <h1 className="border-l-4 border-gold pl-3 text-xl font-bold">融資条件</h1>
      <div className="grid gap-2 text-sm leading-relaxed text-primary-700">
        <p>
          ご自身の融資条件を保存すると、ログイン中は
          <Link href="/investments" className="underline underline-offset-2 hover:text-gold-700">
            物件一覧
          </Link>
          のカードと表にこの条件での<strong>月間キャッシュフロー（月間CF）</strong>
          が表示され、「月間CF（融資条件）の高い順」で並び替えられます。物件詳細の収支シミュレーションもこの条件で開きます。
        </p>
        <p className="rounded-md border border-border bg-white p-3 text-xs" data-slot="loan-terms-formula">
          月間CF ＝（NOI − 年間返済額）÷ 12。NOI は物件概要の実質利回りと同じ計算（満室想定年収 − 運営経費）、年間返済額は元利均等返済で、税引前の概算です。NOI
          が計算できない物件は「—」と表示します。
        </p>
        <p className="text-xs text-primary-500">保存した条件はご本人のみに使われ、他の方には表示されません。</p>
      </div>
      <LoanTermsForm initial={terms} />
    </section>
  );
}
