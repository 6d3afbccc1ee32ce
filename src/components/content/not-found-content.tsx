"use client";

import { Building2, FileText, Home, MapPin, Newspaper, TrainFront } from "@/components/icons";
import { KeywordSearch } from "@/components/site-chrome/keyword-search";
import Link from "next/link";
import { PAGE_TILE_CLASS, PAGE_TILE_ICON_CLASS } from "@/components/ui/page-tile";

const LINKS = [
  { href: "/", label: "トップページ", icon: Home },
  { href: "/investments", label: "物件一覧", icon: Building2 },
  { href: "/investments/search/area", label: "エリアから探す", icon: MapPin },
  { href: "/investments/search/train", label: "路線・駅から探す", icon: TrainFront },
  { href: "/blogs", label: "ブログ", icon: Newspaper },
  { href: "/sitemap", label: "サイトマップ", icon: FileText },
] as const;

/**
 * The 404 content (inside the site chrome): what happened, a keyword search
 * box and the main entry points. A client component: Next puts the not-found
 * tree of every layout into every page's RSC payload, where a client
 * component costs only its reference. Its tiles take ChipLink's page-tile look without ChipLink,
 * whose class merging (tailwind-merge) would otherwise ship with every page (issue 21).
 */
export function NotFoundContent() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 text-center sm:px-5 md:py-20">
      <p className="tabular text-6xl font-bold tracking-widest text-gold-700 md:text-7xl" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-wider md:text-3xl">ページが見つかりません</h1>
      <p className="mx-auto mt-4 max-w-xl text-sm leading-relaxed text-primary-600 md:text-base">
        お探しのページは、移動または削除されたか、URLが間違っている可能性があります。
        <br className="hidden sm:inline" />
        掲載を終了した物件のページもこちらが表示されます。
      </p>
      <div className="mx-auto mt-8 max-w-lg">
        <KeywordSearch variant="plain" fromQuery={false} label="物件をキーワードで検索" placeholder="物件ワード検索（駅名・市区町村など）" />
      </div>
      <nav aria-label="おすすめのページ" className="mt-10">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {LINKS.map((l) => (
            <li key={l.href}>
              <Link className={PAGE_TILE_CLASS} href={l.href}>
                <l.icon className={PAGE_TILE_ICON_CLASS} aria-hidden="true" />
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
