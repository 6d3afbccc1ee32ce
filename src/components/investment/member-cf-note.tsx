import Link from "next/link";
import { cn } from "@/lib/cn";

/** Whether any card carries the viewing member's 月間CF (they have saved loan terms). */
export const showsMemberCashFlow = (cards: readonly object[]): boolean => cards.some((c) => "member_cf" in c && c.member_cf !== undefined);

/** The footnote under cards that show a member's 月間CF (list, home, related listings): what the figure is and where the terms live. */
export function MemberCashFlowNote({ className }: { className?: string }) {
  return (
    <p className={cn("text-xs text-primary-500", className)} data-slot="member-cf-note">
      月間CF（あなたの融資条件）は、
      <Link href="/mypage/loan" className="underline underline-offset-2 hover:text-gold-700">
        マイページで保存した融資条件
      </Link>
      での税引前キャッシュフロー（NOI − 年間返済額）の12分の1です。
    </p>
  );
}
