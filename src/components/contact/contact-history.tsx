"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { inquiryKindName, inquiryStatusName } from "@/lib/constants/contact";
import { api } from "@/trpc/react";

const dateFmt = new Intl.DateTimeFormat("ja-JP", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Tokyo" });

/** The member's inquiries, newest first; "削除" hides one from the history (staff keep it). */
export function ContactHistory() {
  const utils = api.useUtils();
  const list = api.member.contacts.list.useQuery();
  const remove = api.member.contacts.remove.useMutation({ onSuccess: () => utils.member.contacts.list.invalidate() });
  if (list.isLoading) return <p className="text-sm text-muted-foreground">読み込み中…</p>;
  if (!list.data?.length) return <p className="text-sm text-muted-foreground">お問い合わせの履歴はありません。</p>;
  return (
    <ul className="grid gap-3">
      {list.data.map((c) => (
        <li key={c._id} className="rounded-lg border border-border p-4">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant="outline">{inquiryKindName(c.kind)}</Badge>
            <Badge variant="muted">{inquiryStatusName(c.status)}</Badge>
            <time className="text-muted-foreground">{dateFmt.format(new Date(c.created_at))}</time>
          </div>
          {c.investment_snapshot ? (
            <p className="mt-2 font-bold">
              {c.investment_id && c.investment_public ? (
                <Link href={`/investments/${c.investment_id}`} className="underline underline-offset-4">
                  {c.investment_snapshot.name}
                </Link>
              ) : (
                c.investment_snapshot.name
              )}
            </p>
          ) : null}
          {c.comment || c.content ? <p className="mt-1 line-clamp-2 whitespace-pre-wrap text-sm text-muted-foreground">{c.comment ?? c.content}</p> : null}
          <div className="mt-3 text-right">
            <Button
              variant="ghost"
              size="sm"
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm("このお問い合わせを履歴から削除しますか？")) remove.mutate({ id: c._id });
              }}
            >
              履歴から削除
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
