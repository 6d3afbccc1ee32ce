import type { Metadata } from "next";
import { FilterList } from "@/components/mypage/filter-list";
import { requireMember } from "@/app/_lib/page-guards";
import { api, HydrateClient } from "@/trpc/server-hydration";

export const metadata: Metadata = { title: "保存した検索条件" };

export default async function FilterPage() {
  await requireMember("/mypage/filter");
  void api.member.filters.list.prefetch({ counts: true });
  return (
    <section className="grid gap-6">
      <h1 className="border-l-4 border-gold pl-3 text-xl font-bold">保存した検索条件</h1>
      <p className="text-sm text-muted-foreground">検索条件は20件まで保存できます。条件に合う新着・値下げ物件は「マッチング」でお知らせします。</p>
      <HydrateClient>
        <FilterList />
      </HydrateClient>
    </section>
  );
}
