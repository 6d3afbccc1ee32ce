"use client";

import { BookmarkPlus } from "@/components/icons";
import dynamic from "next/dynamic";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { saveConditionsHref } from "@/lib/intent";
import { toSearchParams } from "@/schemas/search-params";
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
 * overwrite that condition; visitors get a link to the free sign-up that carries this page and
 * its conditions (lib/intent.ts), so the condition is saved once they are a member.
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
  const pathname = usePathname();
  if (!isLogin) {
    // The page they are on (its path keeps a page number) with its conditions and sort.
    const qs = toSearchParams({ ...query, page: undefined }).toString();
    const here = `${pathname}${qs ? `?${qs}` : ""}`;
    // Button's look without radix Slot and tailwind-merge (issue 21); a caller's justify-* replaces
    // the look's justify-center, the one property callers set here (the look is otherwise conflict-free).
    const look = buttonVariants({ variant: "outline", size: "sm" });
    const classes = className ? `${/(^|\s)justify-/.test(className) ? look.replace("justify-center ", "") : look} ${className}` : look;
    return (
      <Link href={saveConditionsHref(here)} data-slot="save-filter-signup" className={classes}>
        <BookmarkPlus aria-hidden="true" />
        この条件を保存（無料会員登録）
      </Link>
    );
  }
  const id = typeof filterParam === "string" && /^[1-9]\d{0,9}$/.test(filterParam) ? Number(filterParam) : 0;
  return <MemberSaveFilter query={query} overwriteId={id} className={className} />;
}
