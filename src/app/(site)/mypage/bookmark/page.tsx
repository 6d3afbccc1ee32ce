import type { Metadata } from "next";
import { BookmarkList } from "@/components/mypage/bookmark-list";
import { requireMember } from "@/app/_lib/page-guards";
import { api, HydrateClient } from "@/trpc/server-hydration";

export const metadata: Metadata = { title: "お気に入り" };

export default async function BookmarkPage() {
  await requireMember("/mypage/bookmark");
  void api.member.bookmarks.list.prefetch({ sort: "added" });
  return (
    <section className="grid gap-6">
      <h1 className="border-l-4 border-gold pl-3 text-xl font-bold">お気に入り</h1>
      <HydrateClient>
        <BookmarkList />
      </HydrateClient>
    </section>
  );
}
