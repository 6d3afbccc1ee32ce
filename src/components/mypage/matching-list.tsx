"use client";

import Link from "next/link";
import { investmentHref } from "@/components/investment/links";
import { percentText } from "@/components/investment/detail-format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { YieldFootnote } from "@/components/investment/yield-footnote";
import { formatPrice } from "@/lib/price";
import { yieldLabel } from "@/lib/yield-wording";
import { api } from "@/trpc/react";
import { ConfirmDeleteButton } from "./confirm-delete-button";
import { matchingPriceText, matchingReasonLabel } from "./format";

const dateFmt = new Intl.DateTimeFormat("ja-JP", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Tokyo" });

/** マッチング: listings that matched a saved condition; unread highlighted, read on open, delete one or all. */
export function MatchingList() {
  const utils = api.useUtils();
  const list = api.member.matchings.list.useQuery();
  const refresh = () => {
    void utils.member.matchings.invalidate();
  };
  const read = api.member.matchings.read.useMutation({ onSuccess: refresh });
  const readAll = api.member.matchings.readAll.useMutation({ onSuccess: refresh });
  const remove = api.member.matchings.remove.useMutation({ onSuccess: refresh });

  if (list.isLoading) return <p className="text-sm text-muted-foreground">読み込み中…</p>;
  const items = list.data ?? [];
  if (items.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        マッチングした物件はまだありません。
        <Link href="/mypage/filter" className="underline underline-offset-4">
          保存した検索条件
        </Link>
        に合う新着・値下げ物件がここに表示されます。
      </p>
    );
  const unread = items.filter((m) => !m.read_at).length;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm">
          {items.length}件（未読 <strong className="tabular">{unread}</strong>件）
        </p>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" disabled={unread === 0 || readAll.isPending} onClick={() => readAll.mutate()}>
            すべて既読にする
          </Button>
          <ConfirmDeleteButton question="マッチングをすべて削除しますか？" pending={remove.isPending} onDelete={() => remove.mutate({})}>
            すべて削除
          </ConfirmDeleteButton>
        </div>
      </div>
      <ul className="grid gap-3" data-slot="matching-items">
        {items.map((m) => (
          <li
            key={m._id}
            className={cn("rounded-lg border p-4", m.read_at ? "border-border" : "border-gold-300 bg-gold-50")}
            data-slot="matching-item"
            data-unread={m.read_at ? undefined : "true"}
          >
            <div className="flex flex-wrap items-center gap-2 text-xs">
              {!m.read_at && <Badge variant="gold">未読</Badge>}
              <Badge variant={m.former_price ? "error" : "outline"}>{matchingReasonLabel(m)}</Badge>
              {matchingPriceText(m) && <span className="min-w-0 break-words">{matchingPriceText(m)}</span>}
              <span className="text-muted-foreground">条件：{m.filter_name ?? "（削除された検索条件）"}</span>
              <time className="ml-auto text-muted-foreground">{dateFmt.format(new Date(m.created_at))}</time>
            </div>
            <p className="mt-2">
              <Link
                href={investmentHref(m.investment_id)}
                className="font-bold underline-offset-4 hover:underline"
                onClick={() => {
                  if (!m.read_at) read.mutate({ id: m._id });
                }}
              >
                {m.card?.name ?? "物件"}
              </Link>
            </p>
            {m.card && (
              <p className="mt-1 text-sm text-muted-foreground">
                {[m.card.pref_name, m.card.city_name].filter(Boolean).join("")} ／ {formatPrice(m.card.price)}
                {m.card.yield !== null ? ` ／ ${yieldLabel("gross")} ${percentText(m.card.yield)}` : ""}
              </p>
            )}
            <div className="mt-2 flex justify-end gap-2">
              {!m.read_at && (
                <Button size="sm" variant="ghost" onClick={() => read.mutate({ id: m._id })}>
                  既読にする
                </Button>
              )}
              <ConfirmDeleteButton question="このマッチングを削除しますか？" pending={remove.isPending} onDelete={() => remove.mutate({ ids: [m._id] })} />
            </div>
          </li>
        ))}
      </ul>
      <YieldFootnote vacant="list" />
    </div>
  );
}
