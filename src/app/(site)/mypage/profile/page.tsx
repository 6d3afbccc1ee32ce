import type { Metadata } from "next";
import { ProfileForm } from "@/components/mypage/account-forms";
import { requireMember } from "@/app/_lib/page-guards";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "お客様情報" };

export default async function ProfilePage() {
  await requireMember("/mypage/profile");
  const profile = await api.member.account.profile();
  return (
    <section className="grid gap-6">
      <h1 className="border-l-4 border-gold pl-3 text-xl font-bold">お客様情報</h1>
      <ProfileForm initial={profile} />
    </section>
  );
}
