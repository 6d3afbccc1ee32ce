import { ChevronRight } from "@/components/icons";
import Link from "next/link";
import type * as React from "react";
import { blogListHref } from "@/components/content/blog-links";
import { ContentLayout } from "@/components/content/content-layout";
import { loadCategories } from "@/components/content/data";
import { pageMetadata } from "@/components/seo/metadata";
import { FOOTER_LINKS, LEGAL_LINKS, SITE, type NavLink } from "@/lib/constants/site";
import { HOME_AREAS, HOME_FEATURES, HOME_STRUCTURES, HOME_TYPES } from "@/lib/constants/home-links";

const TITLE = "サイトマップ";
const DESCRIPTION = `${SITE.title}のページ一覧です。物件検索、会社情報、ブログ、お問い合わせの各ページへご案内します。`;

export const metadata = pageMetadata({ title: TITLE, description: DESCRIPTION, path: "/sitemap" });

const SEARCH: readonly NavLink[] = [
  { name: "物件一覧（すべての物件）", path: "/investments" },
  { name: "エリアから探す", path: "/investments/search/area" },
  { name: "路線・駅から探す", path: "/investments/search/train" },
  { name: "こだわり条件から探す", path: "/investments/search/feature" },
];
const SERVICES: readonly NavLink[] = [
  { name: "売却査定のご依頼", path: "/sell" },
  { name: "不動産業者様へ", path: "/exchange" },
  { name: "投資相談", path: "/contacts/consult" },
  { name: "その他のお問い合わせ", path: "/contacts/other" },
];
const MEMBERS: readonly NavLink[] = [
  { name: "無料会員登録", path: "/signup" },
  { name: "ログイン", path: "/login" },
  { name: "マイページ（会員の方）", path: "/mypage" },
];
const INFO: readonly NavLink[] = [{ name: "よくあるご質問", path: "/faq" }, ...LEGAL_LINKS, { name: "反社会的勢力排除に関する基本方針", path: "/antisocial" }];

function Links({ links, columns = false }: { links: readonly NavLink[]; columns?: boolean }) {
  return (
    <ul className={columns ? "grid gap-x-6 sm:grid-cols-2 lg:grid-cols-3" : "grid"}>
      {links.map((l) => (
        <li key={l.path}>
          <Link href={l.path} className="group flex items-center gap-1.5 py-1.5 text-sm hover:text-gold-700 hover:underline">
            <ChevronRight className="size-3.5 shrink-0 text-gold-700 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
            {l.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-white p-6">
      <h2 id={id} className="border-b-2 border-primary pb-2 text-lg font-bold tracking-wider">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Sub({ title, links }: { title: string; links: readonly NavLink[] }) {
  return (
    <div className="mt-5">
      <h3 className="border-l-4 border-gold pl-2 text-sm font-bold text-primary-700">{title}</h3>
      <div className="mt-1 pl-1">
        <Links links={links} columns />
      </div>
    </div>
  );
}

/** HTML sitemap: every public page and the search entry links, grouped as the footer groups them. */
export default async function SitemapPage() {
  const categories = await loadCategories();
  const blog: NavLink[] = [
    { name: "ブログ（記事一覧）", path: "/blogs" },
    ...categories.map((c) => ({ name: `${c.name}の記事`, path: blogListHref(1, c.category) })),
  ];
  return (
    <ContentLayout breadcrumbs={[{ name: TITLE, path: "/sitemap" }]} kicker="SITEMAP" title={TITLE} lead={DESCRIPTION} width="wide">
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="lg:col-span-2">
          <Section id="sitemap-search" title="物件を探す">
            <Links links={[{ name: "トップページ", path: "/" }, ...SEARCH]} columns />
            <Sub title="エリアから" links={HOME_AREAS} />
            <Sub title="物件種別から" links={HOME_TYPES} />
            <Sub title="建物構造から" links={HOME_STRUCTURES} />
            <Sub title="こだわり条件から" links={HOME_FEATURES} />
          </Section>
        </div>
        <Section id="sitemap-company" title="会社情報">
          <Links links={FOOTER_LINKS.corporate} />
        </Section>
        <Section id="sitemap-blog" title="ブログ">
          <Links links={blog} />
        </Section>
        <Section id="sitemap-services" title="ご売却・お問い合わせ">
          <Links links={SERVICES} />
        </Section>
        <Section id="sitemap-members" title="会員サービス">
          <Links links={MEMBERS} />
        </Section>
        <Section id="sitemap-info" title="サイトのご利用について">
          <Links links={INFO} />
        </Section>
      </div>
    </ContentLayout>
  );
}
