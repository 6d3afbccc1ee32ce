import type { Metadata } from "next";
import Link from "next/link";
import { PostEditor } from "@/components/admin/cms-forms";
import { requireAdmin } from "@/server/auth/page-guards";
import { env } from "@/server/env";

export const metadata: Metadata = { title: "記事の作成" };

export default async function NewPostPage() {
  await requireAdmin();
  const base = env().ADMIN_BASE_PATH;
  return (
    <div className="grid gap-6">
      <p className="text-sm">
        <Link href={`${base}/cms`} className="underline">
          ← CMS
        </Link>
      </p>
      <h1 className="text-xl font-bold">記事の作成</h1>
      <PostEditor
        base={base}
        id={null}
        initial={{ title: "", slug: "", category: "news", cover_image: "", excerpt: "", body_md: "", status: "draft", published_at: "" }}
      />
    </div>
  );
}
