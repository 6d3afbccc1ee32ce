import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PostEditor } from "@/components/admin/cms-forms";
import { AdminPageShell } from "@/components/admin/page-header";
import { env } from "@/server/env";
import { api } from "@/trpc/server";
import { adminPage, idParam } from "../../../_lib/page-guard";

export const metadata: Metadata = { title: "記事の編集" };

/** datetime-local value in Japan time. */
const local = (d: Date | null) => (d ? new Date(d.getTime() + 9 * 3600 * 1000).toISOString().slice(0, 16) : "");

export default async function EditPostPage({ params }: { params: Promise<{ id: string }> }) {
  const base = await adminPage();
  const id = idParam((await params).id);
  const post = await api.admin.cms.post({ id }).catch(() => null);
  if (!post) notFound();
  return (
    <AdminPageShell title="記事の編集" back={{ href: `${base}/cms`, label: "CMS" }}>
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
    </AdminPageShell>
  );
}
