import type { Metadata } from "next";
import { EmailForm } from "@/components/mypage/account-forms";
import { requireMember } from "@/app/_lib/page-guards";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "メールアドレス変更" };

export default async function EmailPage() {
  await requireMember("/mypage/email");
  const me = await api.member.account.info();
  return (
    <section className="grid max-w-xl gap-6">
      <h1 className="border-l-4 border-gold pl-3 text-xl font-bold">メールアドレス変更</h1>
      <EmailForm current={me.email} />
    </section>
  );
}
