import type { Metadata } from "next";
import { PostEditor } from "@/components/admin/cms-forms";
import { AdminPageShell } from "@/components/admin/page-header";
import { adminPage } from "../../../_lib/page-guard";

export const metadata: Metadata = { title: "記事の作成" };

export default async function NewPostPage() {
  const base = await adminPage();
  return (
    <AdminPageShell title="記事の作成" back={{ href: `${base}/cms`, label: "CMS" }}>
      <PostEditor
        base={base}
        id={null}
        initial={{ title: "", slug: "", category: "news", cover_image: "", excerpt: "", body_md: "", status: "draft", published_at: "" }}
      />
    </AdminPageShell>
  );
}
