import type { Metadata } from "next";
import { MatchingList } from "@/components/mypage/matching-list";
import { requireMember } from "@/app/_lib/page-guards";
import { api, HydrateClient } from "@/trpc/server-hydration";

export const metadata: Metadata = { title: "マッチング" };

export default async function MatchingsPage() {
  await requireMember("/mypage/matchings");
  void api.member.matchings.list.prefetch();
  return (
    <section className="grid gap-6">
      <h1 className="border-l-4 border-gold pl-3 text-xl font-bold">マッチング</h1>
      <HydrateClient>
        <MatchingList />
      </HydrateClient>
    </section>
  );
}
