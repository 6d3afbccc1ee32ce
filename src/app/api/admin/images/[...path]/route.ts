import { imagePreviewRoute } from "@/server/routes/admin-upload";

/** Admin-only image previews: staging/{token}/{variant} and {id}/{name}/{variant}. */
export async function GET(req: Request, { params }: { params: Promise<{ path: string[] }> }) {
  const { path } = await params;
  return imagePreviewRoute(req, path);
}
