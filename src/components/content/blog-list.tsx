import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { pageMetadata } from "@/components/seo/metadata";
import { PaginationBar } from "@/components/site-chrome/pagination-bar";
import { cn } from "@/lib/cn";
import { CATEGORY_KEY_PATTERN, categoryName } from "@/server/cms";
import { BlogAside } from "./blog-aside";
import { BLOG_PATH, blogListHref } from "./blog-links";
import { ContentLayout } from "./content-layout";
import { loadCategories, loadPosts } from "./data";
import { PostCard } from "./post-card";

export const BLOG_TITLE = "ブログ";
export const BLOG_DESCRIPTION = "関西の収益物件市場の動き、融資・資金計画、物件選びの基礎知識、賃貸経営のヒントなど、不動産投資に役立つ情報をお届けします。";

type SearchParams = Record<string, string | string[] | undefined>;

/** The category filter from ?category= (first value), or null. Anything malformed is a 404. */
export function categoryParam(sp: SearchParams): string | null {
  const raw = sp.category;
  const v = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!v) return null;
  if (!CATEGORY_KEY_PATTERN.test(v)) notFound();
  return v;
}

/** A page number from the path: a positive integer written plainly, else 404. */
export function pageParam(n: string): number {
  if (!/^[1-9]\d{0,5}$/.test(n)) notFound();
  return Number(n);
}

function titleOf(page: number, category: string | null): string {
  const base = category ? `${BLOG_TITLE}「${categoryName(category)}」の記事一覧` : BLOG_TITLE;
  return page > 1 ? `${base}（${page}ページ目）` : base;
}

export function blogListMetadata(page: number, category: string | null): Metadata {
  const description = category ? `${categoryName(category)}に関する記事の一覧です。${BLOG_DESCRIPTION}` : BLOG_DESCRIPTION;
  return pageMetadata({ title: titleOf(page, category), description, path: blogListHref(page, category) });
}

/** /blogs and /blogs/page/{n}: 10 posts a page, newest first, with the category filter and the side column. */
export async function BlogList({ page, category }: { page: number; category: string | null }) {
  const [list, categories] = await Promise.all([loadPosts(page, category), loadCategories()]);
  // A category nobody writes in, or a page past the last one, does not exist.
  if (category && !categories.some((c) => c.category === category)) notFound();
  if (page > list.last) notFound();

  const crumbs = [
    { name: BLOG_TITLE, path: BLOG_PATH },
    ...(category ? [{ name: categoryName(category), path: blogListHref(1, category) }] : []),
    ...(page > 1 ? [{ name: `${page}ページ目` }] : []),
  ];
  const chip = "inline-flex h-9 items-center rounded-full border px-4 text-sm font-bold transition-colors";

  return (
    <ContentLayout
      breadcrumbs={crumbs}
      kicker="BLOG"
      title={titleOf(page, category)}
      lead={page === 1 && !category ? BLOG_DESCRIPTION : undefined}
      aside={<BlogAside currentCategory={category} />}
    >
      <nav aria-label="カテゴリーで絞り込む" className="-mx-1 overflow-x-auto px-1 pb-1">
        <ul className="flex gap-2 whitespace-nowrap md:flex-wrap">
          <li>
            <Link
              href={BLOG_PATH}
              aria-current={!category ? "page" : undefined}
              className={cn(
                chip,
                !category ? "border-primary bg-primary text-white" : "border-primary-200 bg-white text-primary-700 hover:border-gold hover:text-gold-700",
              )}
            >
              すべて
            </Link>
          </li>
          {categories.map((c) => {
            const current = c.category === category;
            return (
              <li key={c.category}>
                <Link
                  href={blogListHref(1, c.category)}
                  aria-current={current ? "page" : undefined}
                  className={cn(
                    chip,
                    current ? "border-primary bg-primary text-white" : "border-primary-200 bg-white text-primary-700 hover:border-gold hover:text-gold-700",
                  )}
                >
                  {c.name}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {list.items.length > 0 && (
        <ul className="mt-6 grid gap-4" aria-label="記事一覧">
          {list.items.map((p) => (
            <li key={p.slug}>
              <PostCard post={p} />
            </li>
          ))}
        </ul>
      )}
      <PaginationBar
        className="mt-10"
        current={list.page}
        last={list.last}
        total={list.total}
        basePath={BLOG_PATH}
        query={category ? { category } : undefined}
      />
    </ContentLayout>
  );
}
