import type { Metadata } from "next";
import Link from "next/link";
import { ClearHistoryButton } from "@/components/mypage/clear-history-button";
import { ViewHistoryList } from "@/components/mypage/view-history";
import { VIEWS_KEPT } from "@/lib/constants/views";
import { requireMember } from "@/app/_lib/page-guards";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "閲覧履歴" };

/** 閲覧履歴 (issue 30): every kept view, newest first, as the listings are now; a clear button. */
export default async function ViewHistoryPage() {
  await requireMember("/mypage/history");
  const views = await api.member.views.list({ limit: VIEWS_KEPT });
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="border-l-4 border-gold pl-3 text-xl font-bold md:text-2xl">閲覧履歴</h1>
        {views.length > 0 && <ClearHistoryButton />}
      </div>
      <p className="text-sm text-muted-foreground">
        最近ご覧になった物件を新しい順に最大{VIEWS_KEPT}件表示します。価格は現在のものです。掲載が終了した物件は表示されません。
      </p>
      {views.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-slot="view-history-empty">
          閲覧履歴はありません。
          <Link href="/investments" className="underline underline-offset-4">
            物件一覧
          </Link>
          から物件をご覧ください。
        </p>
      ) : (
        <section className="rounded-lg border border-border p-5">
          <ViewHistoryList views={views} />
        </section>
      )}
    </div>
  );
}
