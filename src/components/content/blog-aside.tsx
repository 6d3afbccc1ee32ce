import { Folder } from "@/components/icons";
import Link from "next/link";
import { cn } from "@/lib/cn";
import { blogListHref } from "./blog-links";
import { loadCategories, loadRecentPosts } from "./data";
import { formatDateDots, isoDateJst } from "./format";
import { postHref } from "./post-card";

const box = "rounded-xl border border-border bg-white p-5";
const heading = "border-b-2 border-primary pb-2 text-base font-bold tracking-wider text-primary";

/** Side column of the blog: categories with counts and the newest posts. */
export async function BlogAside({ currentCategory, excludeSlug }: { currentCategory?: string | null; excludeSlug?: string }) {
  const [categories, recent] = await Promise.all([loadCategories(), loadRecentPosts(6)]);
  const posts = recent.filter((p) => p.slug !== excludeSlug).slice(0, 5);
  return (
    <>
      <section aria-labelledby="blog-aside-categories" className={box}>
        <h2 id="blog-aside-categories" className={heading}>
          カテゴリー
        </h2>
        <ul className="mt-3 space-y-1">
          {categories.map((c) => {
            const current = c.category === currentCategory;
            return (
              <li key={c.category}>
                <Link
                  href={blogListHref(1, c.category)}
                  aria-current={current ? "page" : undefined}
                  className={cn(
                    "flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-muted hover:text-gold-700",
                    current && "bg-gold-50 font-bold text-gold-800",
                  )}
                >
                  <Folder className="size-4 shrink-0 text-gold-700" aria-hidden="true" />
                  <span className="flex-1">{c.name}</span>
                  <span className="tabular text-xs text-primary-500">（{c.count}）</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
      {posts.length > 0 && (
        <section aria-labelledby="blog-aside-recent" className={box}>
          <h2 id="blog-aside-recent" className={heading}>
            最近の記事
          </h2>
          <ul className="mt-3 divide-y divide-border">
            {posts.map((p) => (
              <li key={p.slug} className="py-3 first:pt-1 last:pb-0">
                <Link href={postHref(p.slug)} className="group block">
                  <time dateTime={isoDateJst(p.published_at)} className="tabular block text-xs text-primary-500">
                    {formatDateDots(p.published_at)}
                  </time>
                  <span className="mt-0.5 block text-sm font-bold leading-snug group-hover:text-gold-700 group-hover:underline">{p.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
