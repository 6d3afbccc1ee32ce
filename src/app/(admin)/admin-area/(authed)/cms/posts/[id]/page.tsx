import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PostEditor } from "@/components/admin/cms-forms";
import { requireAdmin } from "@/server/auth/page-guards";
import { env } from "@/server/env";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "記事の編集" };

/** datetime-local value in Japan time. */
const local = (d: Date | null) => (d ? new Date(d.getTime() + 9 * 3600 * 1000).toISOString().slice(0, 16) : "");

export default async function EditPostPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdmin();
  const { id } = await params;
  if (!/^[1-9]\d{0,14}$/.test(id)) notFound();
  const post = await api.admin.cms.post({ id: Number(id) }).catch(() => null);
  if (!post) notFound();
  const base = env().ADMIN_BASE_PATH;
  return (
    <div className="grid gap-6">
      <p className="text-sm">
        <Link href={`${base}/cms`} className="underline">
          ← CMS
        </Link>
      </p>
      <h1 className="text-xl font-bold">記事の編集</h1>
      <PostEditor
        base={base}
        previewBase={env().PREVIEW_BASE_PATH}
        id={post.id}
        initial={{
          title: post.title,
          slug: post.slug,
          category: post.category,
          cover_image: post.cover_image ?? "",
          excerpt: post.excerpt ?? "",
          body_md: post.body_md,
          status: post.status as "draft",
          published_at: local(post.published_at),
        }}
      />
    </div>
  );
}
