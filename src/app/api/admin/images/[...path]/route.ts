import { getDb } from "@/server/db";
import { handleImagePreview } from "@/app/api/admin/_lib/upload-route";

/** Admin-only image previews: staging/{token}/{variant} and {id}/{name}/{variant}. */
export async function GET(req: Request, { params }: { params: Promise<{ path: string[] }> }) {
  const { path } = await params;
  return handleImagePreview(await getDb(), req, path);
}
