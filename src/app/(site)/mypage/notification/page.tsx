import type { Metadata } from "next";
import { NotificationForm } from "@/components/mypage/account-forms";
import { requireMember } from "@/app/_lib/page-guards";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "メール配信設定" };

export default async function NotificationPage() {
  await requireMember("/mypage/notification");
  const settings = await api.member.account.notification();
  return (
    <section className="grid max-w-xl gap-6">
      <h1 className="border-l-4 border-gold pl-3 text-xl font-bold">メール配信設定</h1>
      <NotificationForm initial={settings} />
    </section>
  );
}
