import { getDb } from "@/server/db";
import { handleImageUpload } from "@/app/api/admin/_lib/upload-route";

/** Listing photo upload for the admin editor (multipart "file"); see services/admin/image-staging.ts. */
export async function POST(req: Request) {
  return handleImageUpload(await getDb(), req);
}
