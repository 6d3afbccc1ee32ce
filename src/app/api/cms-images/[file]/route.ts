import { serveCmsImage } from "@/server/media";

/** CMS images (post covers) by generated name; see src/server/media/cms-images.ts. */
export async function GET(req: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  return serveCmsImage(req, file);
}
