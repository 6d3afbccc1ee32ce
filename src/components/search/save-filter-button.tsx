"use client";

import { BookmarkPlus } from "@/components/icons";
import dynamic from "next/dynamic";
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button-variants";
import type { SearchQuery } from "@/schemas/search";

// Calls procedures: with its own tRPC provider (the list page has none, issue 21). next/dynamic,
// not React.lazy: a member's box is server-rendered, and next/dynamic has its chunk in the page
// so it hydrates at once (with React.lazy a click before the chunk arrived was lost).
const MemberSaveFilter = dynamic(() =>
  Promise.all([import("./member-save-filter"), import("@/trpc/react")]).then(([m, { withApi }]) => withApi(m.MemberSaveFilter)),
);

/**
 * "この条件を保存" on the list page: members name the current search (live
 * duplicate check) or, arriving from /mypage/filter with ?filter={id},
 * overwrite that condition; visitors get a link to the free sign-up.
 */
export function SaveFilterButton({
  isLogin,
  query,
  filterParam,
  className,
}: {
  isLogin: boolean;
  query: SearchQuery;
  filterParam?: string | string[] | undefined;
  className?: string;
}) {
  if (!isLogin) {
    // Button's look without radix Slot and tailwind-merge (issue 21); a caller's justify-* replaces
    // the look's justify-center, the one property callers set here (the look is otherwise conflict-free).
    const look = buttonVariants({ variant: "outline", size: "sm" });
    const classes = className ? `${/(^|\s)justify-/.test(className) ? look.replace("justify-center ", "") : look} ${className}` : look;
    return (
      <Link href="/signup" data-slot="save-filter-signup" className={classes}>
        <BookmarkPlus aria-hidden="true" />
        この条件を保存（無料会員登録）
      </Link>
    );
  }
  const id = typeof filterParam === "string" && /^[1-9]\d{0,9}$/.test(filterParam) ? Number(filterParam) : 0;
  return <MemberSaveFilter query={query} overwriteId={id} className={className} />;
}
