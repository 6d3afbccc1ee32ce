import { cmsImageUploadRoute } from "@/server/routes/admin-upload";

/** CMS post cover upload for the admin editor (multipart "file"); see src/server/media/cms-images.ts. */
export async function POST(req: Request) {
  return cmsImageUploadRoute(req);
}
