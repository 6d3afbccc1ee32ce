import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageEditor } from "@/components/admin/cms-forms";
import { AdminPageShell } from "@/components/admin/page-header";
import { CMS_PAGE_KEYS, CMS_PAGE_NAMES, type CmsPageKey } from "@/schemas/admin/cms";
import { api } from "@/trpc/server";
import { adminPage } from "../../../_lib/page-guard";

export const metadata: Metadata = { title: "固定ページの編集" };

const isPageKey = (key: string): key is CmsPageKey => (CMS_PAGE_KEYS as readonly string[]).includes(key);

export default async function EditCmsPage({ params }: { params: Promise<{ key: string }> }) {
  const base = await adminPage();
  const { key } = await params;
  if (!isPageKey(key)) notFound();
  const page = await api.admin.cms.page({ key });
  return (
    <AdminPageShell title={CMS_PAGE_NAMES[key]} suffix={`/${key}`} back={{ href: `${base}/cms`, label: "CMS" }}>
      <PageEditor
        initial={{ key, title: page.title, description: page.description, body_md: page.body_md, data_json: page.data_json }}
        dataField={page.data_field}
      />
    </AdminPageShell>
  );
}
