import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { investment_images, investments } from "@/server/db/schema";
import { visibleTo, type Audience } from "./visibility";

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
