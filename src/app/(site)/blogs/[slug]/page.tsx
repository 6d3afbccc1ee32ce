import { ChevronLeft, ChevronRight, List } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { BlogAside } from "@/components/content/blog-aside";
import { BLOG_PATH, blogListHref } from "@/components/content/blog-links";
import { ContactCta } from "@/components/content/contact-cta";
import { ContentLayout } from "@/components/content/content-layout";
import { decodeSegment, loadPost } from "@/components/content/data";
import { formatDateJa, isoDateJst } from "@/components/content/format";
import { PostCover, postHref } from "@/components/content/post-card";
import { Prose } from "@/components/content/prose";
import { JsonLd } from "@/components/seo/json-ld";
import { pageMetadata } from "@/components/seo/metadata";
import { Badge } from "@/components/ui/badge";
import { blogPostingJsonLd } from "@/lib/seo-jsonld";
import { env } from "@/server/env";

type Props = { params: Promise<{ slug: string }> };

async function postOf(params: Props["params"]) {
  const { slug } = await params;
  return loadPost(decodeSegment(slug));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const post = await postOf(params);
  return pageMetadata({
    title: post.title,
    description: post.excerpt,
    path: postHref(post.slug),
    type: "article",
    image: post.cover_image,
    publishedTime: post.published_at,
    modifiedTime: post.updated_at,
    section: post.category_name,
  });
}

/** A blog post: the article, older/newer links, the side column and BlogPosting JSON-LD. Drafts and future posts are 404. */
export default async function BlogPostPage({ params }: Props) {
  const post = await postOf(params);
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
        {post.cover_image && <PostCover post={post} className="mb-8 aspect-[1200/630] w-full rounded-xl" sizes="(min-width: 1024px) 800px, 100vw" />}
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
      <JsonLd data={blogPostingJsonLd(post, env().APP_URL)} />
    </ContentLayout>
  );
}
