import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { BlogPostView } from "@/components/content/blog-post-view";
import { requireAdmin } from "@/app/_lib/page-guards";
import { PreviewBanner } from "../../_components/preview-banner";
import { api } from "@/trpc/server";

type Props = { params: Promise<{ id: string }> };

const ID_PATTERN = /^[1-9]\d{0,14}$/;

/** One load per request (metadata and page); missing, or not an admin → null (the procedure decides). */
const load = cache(async (id: string) => {
  if (!ID_PATTERN.test(id)) return null;
  try {
    return await api.admin.cms.postPreview({ id: Number(id) });
  } catch (e) {
    if (e instanceof TRPCError) return null;
    throw e;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const post = await load((await params).id);
  return post ? { title: `プレビュー：${post.title}` } : {};
}

/**
 * A blog post (draft, scheduled or published) by id, exactly as /blogs/[slug]
 * will show it; admins only, everyone else 404. By id, since a draft's slug
 * may still change.
 */
export default async function PostPreviewPage({ params }: Props) {
  await requireAdmin({ otherwise: "not-found" });
  const post = await load((await params).id);
  if (!post) notFound();
  return (
    <>
      <PreviewBanner label={post.publication.label} live={post.publication.live} />
      <BlogPostView post={post} />
    </>
  );
}
