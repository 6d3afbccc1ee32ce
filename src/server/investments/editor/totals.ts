/**
 * Counts for the admin list's header.
 */
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { investments } from "@/server/db/schema";

/** Counts for the list header. */
export async function investmentTotals(db: Db) {
  const rows = await db
    .select({ public: investments.public, members: investments.members, n: sql<number>`count(*)` })
    .from(investments)
    .groupBy(investments.public, investments.members)
    .all();
  return rows;
}
