import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { PostSummary } from "@/server/cms";
import { formatDateDots, isoDateJst } from "./format";

export function postHref(slug: string): string {
  return `/blogs/${encodeURIComponent(slug)}`;
}

/**
 * Cover image, or a branded tile with the category when the post has none. A plain <img>: covers
 * are served as uploaded (next/image ran unoptimized here), so its client code bought nothing
 * (issue 21). `priority`: the article's own cover, the first thing on its page, loads at once.
 */
export function PostCover({
  post,
  className,
  sizes,
  priority = false,
}: {
  post: Pick<PostSummary, "cover_image" | "category_name" | "title">;
  className?: string;
  sizes?: string;
  priority?: boolean;
}) {
  if (post.cover_image) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- served as uploaded, see above
      <img
        src={post.cover_image}
        alt=""
        width={1200}
        height={630}
        sizes={sizes ?? "(min-width: 768px) 240px, 100vw"}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
        className={className ? `${className} object-cover` : "object-cover"}
      />
    );
  }
  return (
    <span aria-hidden="true" className={`flex items-center justify-center bg-gradient-to-br from-primary via-primary-800 to-primary-700 ${className ?? ""}`}>
      <span className="border-y border-gold-400/60 px-3 py-1 text-sm font-bold tracking-[0.2em] text-gold-300">{post.category_name}</span>
    </span>
  );
}

/** A post in the blog list: cover, date, category, title and excerpt; the whole card links to the article. */
export function PostCard({ post, headingLevel = 2 }: { post: PostSummary; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-border bg-white shadow-sm transition-shadow hover:shadow-md md:flex-row">
      <PostCover post={post} className="aspect-[1200/630] w-full md:w-60 md:shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-5">
        <div className="flex flex-wrap items-center gap-2 text-xs text-primary-500">
          <time dateTime={isoDateJst(post.published_at)} className="tabular">
            {formatDateDots(post.published_at)}
          </time>
          <Badge variant="gold-outline">{post.category_name}</Badge>
        </div>
        <H className="text-base font-bold leading-snug text-primary group-hover:text-gold-700 md:text-lg">
          <Link
            href={postHref(post.slug)}
            className="after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:rounded-xl focus-visible:after:outline-2 focus-visible:after:outline-gold-500"
          >
            {post.title}
          </Link>
        </H>
        {post.excerpt && <p className="line-clamp-2 text-sm leading-relaxed text-primary-600">{post.excerpt}</p>}
      </div>
    </article>
  );
}
