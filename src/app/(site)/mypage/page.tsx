import type { Metadata } from "next";
import Link from "next/link";
import { investmentHref } from "@/components/investment/links";
import { ViewHistoryList } from "@/components/mypage/view-history";
import { filterSearchHref, matchingPriceText, matchingReasonLabel, savedPriceText } from "@/components/mypage/format";
import { Badge } from "@/components/ui/badge";
import { inquiryKindName, inquiryStatusName } from "@/lib/constants/contact";
import { withCommas } from "@/lib/price";
import { VIEWS_KEPT } from "@/lib/constants/views";
import { requireMember } from "@/app/_lib/page-guards";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "マイページ" };

/** 閲覧履歴 shown on the top page; /mypage/history has all that are kept. */
const HISTORY_ON_TOP = 5;

const dateFmt = new Intl.DateTimeFormat("ja-JP", { dateStyle: "medium", timeZone: "Asia/Tokyo" });

const ACCOUNT_LINKS = [
  { href: "/mypage/profile", title: "お客様情報", text: "お名前・ご住所・ご連絡方法の確認と変更" },
  { href: "/mypage/notification", title: "メール配信設定", text: "新着・値下げ物件のお知らせとメールマガジン" },
  { href: "/mypage/email", title: "メールアドレス変更", text: "ログインとお知らせに使うアドレス" },
  { href: "/mypage/password", title: "パスワード変更", text: "定期的な変更をおすすめします" },
];

function Section({ title, href, linkText, children, slot }: { title: string; href: string; linkText: string; children: React.ReactNode; slot: string }) {
  return (
    <section className="grid gap-3 rounded-lg border border-border p-5" data-slot={slot}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-bold">{title}</h2>
        <Link href={href} className="text-sm underline underline-offset-4">
          {linkText}
        </Link>
      </div>
      {children}
    </section>
  );
}

const Empty = ({ children }: { children: React.ReactNode }) => <p className="text-sm text-muted-foreground">{children}</p>;

export default async function MyPageTop() {
  await requireMember();
  const [me, d, views] = await Promise.all([api.member.account.info(), api.member.matchings.dashboard(), api.member.views.list({ limit: HISTORY_ON_TOP })]);

  return (
    <div className="grid gap-6">
      <h1 className="border-l-4 border-gold pl-3 text-xl font-bold md:text-2xl">
        {me.names.last} {me.names.first} 様のマイページ
      </h1>

      <Section
        title={d.since ? `前回のご訪問以降の新着マッチング（${d.newMatchings.length}件）` : `新着マッチング（${d.newMatchings.length}件）`}
        href="/mypage/matchings"
        linkText={`マッチング一覧（未読${d.unread}件）`}
        slot="dashboard-matchings"
      >
        {d.newMatchings.length === 0 ? (
          <Empty>前回のご訪問以降、保存した検索条件に合う新着・価格変更物件はありません。</Empty>
        ) : (
          <ul className="grid gap-2 text-sm">
            {d.newMatchings.map((m) => (
              <li key={m._id} className="flex flex-wrap items-baseline gap-2">
                <Badge variant={m.former_price ? "error" : "outline"}>{matchingReasonLabel(m)}</Badge>
                {matchingPriceText(m) && <span className="min-w-0 break-words text-xs">{matchingPriceText(m)}</span>}
                <Link href={investmentHref(m.investment_id)} className="font-bold underline-offset-4 hover:underline">
                  {m.card?.name ?? "物件"}
                </Link>
                <span className="text-xs text-muted-foreground">条件：{m.filter_name ?? "（削除された検索条件）"}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={`お気に入り（${d.bookmarks.total}件）`} href="/mypage/bookmark" linkText="お気に入り一覧・比較" slot="dashboard-bookmarks">
        {d.bookmarks.total === 0 ? (
          <Empty>お気に入りに登録した物件はありません。物件の詳細ページから登録できます。</Empty>
        ) : d.bookmarks.priceChanged.length === 0 ? (
          <Empty>登録後に価格が変わった物件はありません。</Empty>
        ) : (
          <ul className="grid gap-2 text-sm">
            {d.bookmarks.priceChanged.map((b) => (
              <li key={b.card.id} className="flex flex-wrap items-baseline gap-2">
                <Link href={investmentHref(b.card.id)} className="font-bold underline-offset-4 hover:underline">
                  {b.card.name}
                </Link>
                <span className="text-muted-foreground">{savedPriceText(b.price_at_bookmark, b.card.price)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={`保存した検索条件（${d.filters.length}件）`} href="/mypage/filter" linkText="検索条件の管理" slot="dashboard-filters">
        {d.filters.length === 0 ? (
          <Empty>
            保存した検索条件はありません。
            <Link href="/investments" className="underline underline-offset-4">
              物件一覧
            </Link>
            で「この条件を保存」すると、新着・値下げをお知らせします。
          </Empty>
        ) : (
          <ul className="grid gap-2 text-sm">
            {d.filters.map((f) => (
              <li key={f._id} className="flex flex-wrap items-baseline justify-between gap-2">
                <Link href={filterSearchHref(f.query)} className="font-bold underline-offset-4 hover:underline">
                  {f.name}
                </Link>
                <span>
                  該当 <strong className="tabular">{withCommas(String(f.count ?? 0))}</strong>件
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="閲覧履歴" href="/mypage/history" linkText={`すべて見る（最新${VIEWS_KEPT}件まで）`} slot="dashboard-history">
        {views.length === 0 ? <Empty>最近見た物件はありません。物件の詳細ページを開くと、ここに表示されます。</Empty> : <ViewHistoryList views={views} />}
      </Section>

      <Section title="最近のお問い合わせ" href="/mypage/contact" linkText="お問い合わせ履歴" slot="dashboard-contacts">
        {d.contacts.length === 0 ? (
          <Empty>お問い合わせの履歴はありません。</Empty>
        ) : (
          <ul className="grid gap-2 text-sm">
            {d.contacts.map((c) => (
              <li key={c._id} className="flex flex-wrap items-baseline gap-2">
                <time className="text-xs text-muted-foreground">{dateFmt.format(new Date(c.created_at))}</time>
                <Badge variant="outline">{inquiryKindName(c.kind)}</Badge>
                <Badge variant="muted">{inquiryStatusName(c.status)}</Badge>
                {c.investment_snapshot && <span className="font-bold">{c.investment_snapshot.name}</span>}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <section className="grid gap-3">
        <h2 className="font-bold">アカウント設定</h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {ACCOUNT_LINKS.map((c) => (
            <li key={c.href}>
              <Link href={c.href} className="block h-full rounded-lg border border-border p-5 transition-colors hover:border-gold">
                <span className="block font-bold">{c.title}</span>
                <span className="mt-1 block text-sm text-muted-foreground">{c.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
