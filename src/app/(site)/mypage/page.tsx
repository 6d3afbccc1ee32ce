import type { Metadata } from "next";
import Link from "next/link";
import { requireMember } from "@/server/auth/page-guards";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "マイページ" };

const CARDS = [
  { href: "/mypage/profile", title: "お客様情報", text: "お名前・ご住所・ご連絡方法の確認と変更" },
  { href: "/mypage/notification", title: "メール配信設定", text: "新着・値下げ物件のお知らせとメールマガジン" },
  { href: "/mypage/email", title: "メールアドレス変更", text: "ログインとお知らせに使うアドレス" },
  { href: "/mypage/password", title: "パスワード変更", text: "定期的な変更をおすすめします" },
];

export default async function MyPageTop() {
  await requireMember();
  const me = await api.member.account.info();
  return (
    <div className="grid gap-6">
      <h1 className="border-l-4 border-gold pl-3 text-xl font-bold md:text-2xl">
        {me.names.last} {me.names.first} 様のマイページ
      </h1>
      <ul className="grid gap-4 sm:grid-cols-2">
        {CARDS.map((c) => (
          <li key={c.href}>
            <Link href={c.href} className="block h-full rounded-lg border border-border p-5 transition-colors hover:border-gold">
              <span className="block font-bold">{c.title}</span>
              <span className="mt-1 block text-sm text-muted-foreground">{c.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
