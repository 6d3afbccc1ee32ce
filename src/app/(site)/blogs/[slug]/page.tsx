import type { Metadata } from "next";
import { BlogPostView } from "@/components/content/blog-post-view";
import { decodeSegment, loadPost } from "@/components/content/data";
import { postHref } from "@/components/content/post-card";
import { JsonLd } from "@/components/seo/json-ld";
import { pageMetadata } from "@/components/seo/metadata";
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
  return (
    <BlogPostView post={post}>
      <JsonLd data={blogPostingJsonLd(post, env().APP_URL)} />
    </BlogPostView>
  );
}
