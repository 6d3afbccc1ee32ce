import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { investment_images, investments } from "@/server/db/schema";
import { audienceOf, visibleTo, type Audience } from "@/server/listings";

/**
 * An image may be served only to someone who may see its listing: a
 * members-only listing's photos never reach a visitor.
 */
export async function findVisibleImage(db: Db, audience: Audience, investmentId: number, name: string) {
  return db
    .select({ name: investment_images.name, members: investments.members })
    .from(investment_images)
    .innerJoin(investments, eq(investments.id, investment_images.investment_id))
    .where(and(eq(investment_images.investment_id, investmentId), eq(investment_images.name, name), visibleTo(audience)))
    .get();
}

/**
 * What the image route may serve to a viewer: the image as its listing's
 * audience allows (members-only photos to members and admins), and for an
 * admin session also the photos of listings no one else may see (unpublished
 * or overdue: the preview area), flagged `previewOnly` so they are never stored
 * by a cache. null: the same 404 as a missing image.
 */
export async function imageForViewer(
  db: Db,
  viewer: { user: unknown; admin: unknown },
  investmentId: number,
  name: string,
): Promise<{ members: boolean; previewOnly: boolean } | null> {
  const image = await findVisibleImage(db, audienceOf(viewer), investmentId, name);
  if (image) return { members: image.members, previewOnly: false };
  if (!viewer.admin) return null;
  const hidden = await findVisibleImage(db, "admin", investmentId, name);
  return hidden ? { members: hidden.members, previewOnly: true } : null;
}
