import type { Metadata } from "next";
import { BookmarkList } from "@/components/mypage/bookmark-list";
import { requireMember } from "@/app/_lib/page-guards";
import { api, HydrateClient } from "@/trpc/server-hydration";

export const metadata: Metadata = { title: "お気に入り" };

/** ?compare=1,2,3: the listings ticked on the list page's cards (card-actions-island.tsx), compared at once. */
function compareIds(raw: string | string[] | undefined): number[] {
  const text = Array.isArray(raw) ? raw.join(",") : (raw ?? "");
  const ids = text
    .split(",")
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  return [...new Set(ids)].slice(0, 4); // COMPARE_MAX of bookmark-list.tsx (a client module: its constants are not values here)
}

export default async function BookmarkPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const compare = compareIds((await searchParams).compare);
  await requireMember(compare.length > 0 ? `/mypage/bookmark?compare=${compare.join(",")}` : "/mypage/bookmark");
  void api.member.bookmarks.list.prefetch({ sort: "added" });
  return (
    <section className="grid gap-6">
      <h1 className="border-l-4 border-gold pl-3 text-xl font-bold">お気に入り</h1>
      <HydrateClient>
        <BookmarkList initialCompare={compare} />
      </HydrateClient>
    </section>
  );
}
