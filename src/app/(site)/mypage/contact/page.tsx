import type { Metadata } from "next";
import { ContactHistory } from "@/components/contact/contact-history";
import { requireMember } from "@/app/_lib/page-guards";
import { api, HydrateClient } from "@/trpc/server-hydration";

export const metadata: Metadata = { title: "お問い合わせ履歴" };

export default async function ContactHistoryPage() {
  await requireMember("/mypage/contact");
  void api.member.contacts.list.prefetch();
  return (
    <section className="grid gap-6">
      <h1 className="border-l-4 border-gold pl-3 text-xl font-bold">お問い合わせ履歴</h1>
      <HydrateClient>
        <ContactHistory />
      </HydrateClient>
    </section>
  );
}
