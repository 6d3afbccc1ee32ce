import { notFound, redirect } from "next/navigation";
import { requireAdmin } from "@/server/auth/page-guards";
import { env } from "@/server/env";

/** Former in-admin preview: the preview area (PREVIEW_BASE_PATH) shows the post with the site chrome now. */
export default async function PostPreviewRedirect({ params }: { params: Promise<{ id: string }> }) {
  await requireAdmin();
  const { id } = await params;
  if (!/^[1-9]\d{0,14}$/.test(id)) notFound();
  redirect(`${env().PREVIEW_BASE_PATH}/blogs/${id}`);
}
