import { getDb } from "@/server/db";
import { handleCmsImageUpload } from "@/app/api/admin/_lib/upload-route";

/** CMS post cover upload for the admin editor (multipart "file"); see services/cms/images.ts. */
export async function POST(req: Request) {
  return handleCmsImageUpload(await getDb(), req);
}
