import { listingImageResponse } from "@/server/routes/listing-images";

/** Listing images by generated name (who may see which: src/server/routes/listing-images.ts). */
export async function GET(req: Request, { params }: { params: Promise<{ id: string; name: string; variant: string }> }) {
  return listingImageResponse(req, await params);
}
