import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Prose } from "@/components/content/prose";
import { requireAdmin } from "@/server/auth/page-guards";
import { categoryName } from "@/server/services/cms/categories";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "記事プレビュー" };

/** A post as stored (any status), rendered like the public article body; admins only. */
export default async function PostPreviewPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdmin();
  const { id } = await params;
  if (!/^[1-9]\d{0,14}$/.test(id)) notFound();
  const post = await api.admin.cms.post({ id: Number(id) }).catch(() => null);
  if (!post) notFound();
  return (
    <article className="mx-auto grid max-w-3xl gap-4 rounded-lg bg-white p-6 shadow-sm">
      <p role="note" className="rounded-md border border-gold-300 bg-gold-50 px-3 py-2 text-sm">
        プレビュー（{post.status}）
      </p>
      <p className="text-sm text-gold-700">{categoryName(post.category)}</p>
      <h1 className="text-2xl font-bold">{post.title}</h1>
      {post.cover_image ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={post.cover_image} alt="" className="aspect-[1200/630] w-full rounded-xl object-cover" />
      ) : null}
      <Prose html={post.body_html} />
    </article>
  );
}
