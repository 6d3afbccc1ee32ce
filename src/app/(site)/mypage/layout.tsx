import type { Metadata } from "next";
import Link from "next/link";
import { Breadcrumbs } from "@/components/site-chrome/breadcrumbs";
import { requireMember } from "@/app/_lib/page-guards";
import { ApiLayout } from "@/trpc/api-layout";

export const metadata: Metadata = { title: { default: "マイページ", template: "%s | マイページ" }, robots: { index: false, follow: false } };

const NAV = [
  { href: "/mypage", label: "マイページトップ" },
  { href: "/mypage/bookmark", label: "お気に入り" },
  { href: "/mypage/filter", label: "保存した検索条件" },
  { href: "/mypage/matchings", label: "マッチング" },
  { href: "/mypage/loan", label: "融資条件" },
  { href: "/mypage/history", label: "閲覧履歴" },
  { href: "/mypage/contact", label: "お問い合わせ履歴" },
  { href: "/mypage/profile", label: "お客様情報" },
  { href: "/mypage/notification", label: "メール配信設定" },
  { href: "/mypage/email", label: "メールアドレス変更" },
  { href: "/mypage/password", label: "パスワード変更" },
  { href: "/mypage/withdraw", label: "退会" },
];

/** The member area: only a member session gets in (an admin session does not make a member). */
export default async function MyPageLayout({ children }: { children: React.ReactNode }) {
  // The pages redirect a session held for a password change; the layout lets the change page through.
  await requireMember("/mypage", { passwordChangePage: true });
  return (
    <>
      <Breadcrumbs items={[{ name: "マイページ", path: "/mypage" }]} className="mx-auto w-full max-w-6xl px-4 pt-4" />
      <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-8 px-4 py-8 md:grid-cols-[220px_minmax(0,1fr)]">
        <nav aria-label="マイページメニュー" className="min-w-0 md:sticky md:top-24 md:self-start">
          <ul className="flex gap-2 overflow-x-auto border-b border-border pb-2 md:flex-col md:gap-1 md:border-0 md:pb-0">
            {NAV.map((n) => (
              <li key={n.href}>
                <Link href={n.href} className="block whitespace-nowrap rounded-md px-3 py-2 text-sm hover:bg-primary-50">
                  {n.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0">
          <ApiLayout>{children}</ApiLayout>
        </div>
      </div>
    </>
  );
}
