import { imageUploadRoute } from "@/server/routes/admin-upload";

/** Listing photo upload for the admin editor (multipart "file"); see src/server/media/image-staging.ts. */
export async function POST(req: Request) {
  return imageUploadRoute(req);
}
