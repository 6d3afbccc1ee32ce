import { redirect } from "next/navigation";
import { env } from "@/server/env";
import { adminPage, idParam } from "../../../../_lib/page-guard";

/** Former in-admin preview: the preview area (PREVIEW_BASE_PATH) shows the post with the site chrome now. */
export default async function PostPreviewRedirect({ params }: { params: Promise<{ id: string }> }) {
  await adminPage();
  const id = idParam((await params).id);
  redirect(`${env().PREVIEW_BASE_PATH}/blogs/${id}`);
}
