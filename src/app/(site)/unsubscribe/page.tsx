import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { Button } from "@/components/ui/button";
import { unsubscribeState } from "@/server/routes/unsubscribe";
import { UNSUBSCRIBE_KIND_NAMES } from "@/server/newsletters";
import { unsubscribeAction } from "./actions";

export const metadata: Metadata = { title: "メール配信の停止", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

/** "yamada@example.com" → "ya****@example.com": the page is reachable by anyone holding the link. */
function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 2)}${"*".repeat(Math.max(2, local.length - 2))}@${domain}`;
}

/**
 * The unsubscribe link of matching mails and newsletters (no login needed).
 * Opening the link changes nothing (mail scanners follow links); the button
 * does. Mail clients use the RFC 8058 one-click address instead (./one-click).
 */
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<{ token?: string | string[]; done?: string | string[] }> }) {
  const q = await searchParams;
  const token = typeof q.token === "string" ? q.token : "";
  const state = await unsubscribeState(token);
  const settings = (
    <p className="mt-6 text-sm text-muted-foreground">
      配信の再開や頻度の変更は、
      <Link href="/mypage/notification" className="text-primary underline underline-offset-2">
        マイページの「メール配信設定」
      </Link>
      からいつでも行えます（ログインが必要です）。
    </p>
  );

  if (state.status === "invalid") {
    return (
      <AuthCard title="メール配信の停止" lead="このリンクは無効です。メールに記載されたURLを、途中で切れないようにそのまま開いてください。">
        {settings}
      </AuthCard>
    );
  }
  const kind = UNSUBSCRIBE_KIND_NAMES[state.kind];
  if (state.status === "gone") {
    return (
      <AuthCard title="メール配信の停止" lead={`この会員登録はすでに退会済みのため、${kind}はお送りしていません。`}>
        {null}
      </AuthCard>
    );
  }
  if (state.status === "already") {
    return (
      <AuthCard title="メール配信の停止">
        <p role="status" className="rounded-md bg-primary-50 p-4 text-sm leading-relaxed">
          {q.done ? `${maskEmail(state.email)} 宛ての${kind}の配信を停止しました。` : `${maskEmail(state.email)} 宛ての${kind}は、すでに配信を停止しています。`}
        </p>
        {settings}
      </AuthCard>
    );
  }
  return (
    <AuthCard title="メール配信の停止" lead={`${maskEmail(state.email)} 宛ての${kind}の配信を停止します。よろしければ下のボタンを押してください。`}>
      <form action={unsubscribeAction}>
        <input type="hidden" name="token" value={token} />
        <Button type="submit" size="lg" className="w-full">
          配信を停止する
        </Button>
      </form>
      {settings}
    </AuthCard>
  );
}
