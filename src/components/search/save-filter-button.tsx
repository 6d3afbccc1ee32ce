"use client";

import { BookmarkPlus } from "@/components/icons";
import dynamic from "next/dynamic";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import type { SearchQuery } from "@/schemas/search";

// Calls procedures: with its own tRPC provider (the list page has none, issue 21).
const MemberSaveFilter = dynamic(() =>
  Promise.all([import("./member-save-filter"), import("@/trpc/react")]).then(([m, { withApi }]) => withApi(m.MemberSaveFilter)),
);

/**
 * "この条件を保存" on the list page: members name the current search (live
 * duplicate check) or, arriving from /mypage/filter with ?filter={id},
 * overwrite that condition; visitors get a link to the free sign-up.
 */
export function SaveFilterButton({ isLogin, query, filterParam, className }: { isLogin: boolean; query: SearchQuery; filterParam?: string | string[] | undefined; className?: string }) {
  if (!isLogin) {
    return (
      <Button asChild variant="outline" size="sm" className={className}>
        <Link href="/signup" data-slot="save-filter-signup">
          <BookmarkPlus aria-hidden="true" />
          この条件を保存（無料会員登録）
        </Link>
      </Button>
    );
  }
  const id = typeof filterParam === "string" && /^[1-9]\d{0,9}$/.test(filterParam) ? Number(filterParam) : 0;
  return <MemberSaveFilter query={query} overwriteId={id} className={className} />;
}
