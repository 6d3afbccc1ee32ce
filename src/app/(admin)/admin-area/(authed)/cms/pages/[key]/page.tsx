import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageEditor } from "@/components/admin/cms-forms";
import { CMS_PAGE_KEYS, CMS_PAGE_NAMES, type CmsPageKey } from "@/schemas/admin/cms";
import { requireAdmin } from "@/server/auth/page-guards";
import { env } from "@/server/env";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "固定ページの編集" };

export default async function EditCmsPage({ params }: { params: Promise<{ key: string }> }) {
  await requireAdmin();
  const { key } = await params;
  if (!(CMS_PAGE_KEYS as readonly string[]).includes(key)) notFound();
  const page = await api.admin.cms.page({ key: key as CmsPageKey });
  const base = env().ADMIN_BASE_PATH;
  return (
    <div className="grid gap-6">
      <p className="text-sm">
        <Link href={`${base}/cms`} className="underline">
          ← CMS
        </Link>
      </p>
      <h1 className="text-xl font-bold">
        {CMS_PAGE_NAMES[key as CmsPageKey]} <span className="text-base font-normal text-muted-foreground">/{key}</span>
      </h1>
      <PageEditor
        initial={{ key: key as CmsPageKey, title: page.title, description: page.description, body_md: page.body_md, data_json: page.data_json }}
        dataField={page.data_field}
      />
    </div>
  );
}
