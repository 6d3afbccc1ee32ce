import { ChevronLeft, ChevronRight, List } from "@/components/icons";
import type * as React from "react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { PostDetail } from "@/server/cms";
import { BlogAside } from "./blog-aside";
import { BLOG_PATH, blogListHref } from "./blog-links";
import { ContactCta } from "./contact-cta";
import { ContentLayout } from "./content-layout";
import { formatDateJa, isoDateJst } from "./format";
import { PostCover, postHref } from "./post-card";
import { Prose } from "./prose";

/**
 * A blog post as the public page shows it: the article, older/newer links and
 * the side column. Shared by /blogs/[slug] and the admin preview area, so a
 * draft previews exactly as it will be published. `children` goes at the end
 * of the column (the public page's JSON-LD).
 */
export function BlogPostView({ post, children }: { post: PostDetail; children?: React.ReactNode }) {
  const modified = post.updated_at.getTime() - post.published_at.getTime() > 86_400_000;
  return (
    <ContentLayout
      breadcrumbs={[
        { name: "ブログ", path: BLOG_PATH },
        { name: post.category_name, path: blogListHref(1, post.category) },
        { name: post.title, path: postHref(post.slug) },
      ]}
      kicker="BLOG"
      title={post.title}
      headerExtra={
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-primary-600">
          <Link href={blogListHref(1, post.category)} className="rounded-sm focus-visible:outline-2 focus-visible:outline-gold-500">
            <Badge variant="gold-outline">{post.category_name}</Badge>
          </Link>
          <span>
            公開日 <time dateTime={isoDateJst(post.published_at)}>{formatDateJa(post.published_at)}</time>
          </span>
          {modified && (
            <span>
              更新日 <time dateTime={isoDateJst(post.updated_at)}>{formatDateJa(post.updated_at)}</time>
            </span>
          )}
        </div>
      }
      aside={<BlogAside currentCategory={post.category} excludeSlug={post.slug} />}
    >
      <article aria-label={post.title}>
        {post.cover_image && <PostCover post={post} className="mb-8 aspect-[1200/630] w-full rounded-xl" sizes="(min-width: 1024px) 800px, 100vw" priority />}
        <Prose html={post.body_html} />
      </article>

      <nav aria-label="前後の記事" className="mt-12 grid gap-3 border-t border-border pt-8 sm:grid-cols-2">
        {post.prev ? (
          <Link href={postHref(post.prev.slug)} rel="prev" className="group flex items-start gap-2 rounded-lg border border-border p-4 hover:border-gold">
            <ChevronLeft className="mt-0.5 size-5 shrink-0 text-gold-700" aria-hidden="true" />
            <span className="min-w-0">
              <span className="block text-xs text-primary-500">前の記事</span>
              <span className="mt-0.5 block text-sm font-bold leading-snug group-hover:text-gold-700">{post.prev.title}</span>
            </span>
          </Link>
        ) : (
          <span className="hidden sm:block" />
        )}
        {post.next && (
          <Link
            href={postHref(post.next.slug)}
            rel="next"
            className="group flex items-start justify-end gap-2 rounded-lg border border-border p-4 text-right hover:border-gold"
          >
            <span className="min-w-0">
              <span className="block text-xs text-primary-500">次の記事</span>
              <span className="mt-0.5 block text-sm font-bold leading-snug group-hover:text-gold-700">{post.next.title}</span>
            </span>
            <ChevronRight className="mt-0.5 size-5 shrink-0 text-gold-700" aria-hidden="true" />
          </Link>
        )}
      </nav>
      <p className="mt-6 text-center">
        <Link href={BLOG_PATH} className="inline-flex items-center gap-1.5 text-sm font-bold text-primary-700 hover:text-gold-700">
          <List className="size-4" aria-hidden="true" />
          記事一覧へ戻る
        </Link>
      </p>
      <ContactCta />
      {children}
    </ContentLayout>
  );
}
