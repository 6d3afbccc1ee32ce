import { and, eq, inArray, isNull, lt, or } from "drizzle-orm";
import type { Db } from "@/server/db";
import { investments } from "@/server/db/schema";
import { env } from "@/server/env";
import { enqueue } from "@/server/jobs/outbox";
import { queueMail } from "@/server/jobs/mail";
import { jstDatePlusYears } from "@/lib/jst-date";

/** The staff mail lists this many; the rest are counted. */
const MAIL_MAX_ITEMS = 100;

/**
 * Published listings whose 次回更新予定日 has passed (before today, Japan
 * time: a listing due today is still within its term today) stop showing
 * publicly: not_updated_at is set (visibleTo excludes them; saving the listing
 * in the editor clears it). A published listing with no 次回更新予定日 at all
 * (rows written before the editor required one) has no term to be within, so
 * it goes too. Staff get one mail listing them, and the site counts are
 * refreshed — all in one transaction.
 */
export async function hideOverdueListings(db: Db, now = new Date()): Promise<{ hidden: number; ids: number[] }> {
  const today = jstDatePlusYears(now, 0);
  const due = await db
    .select({ id: investments.id })
    .from(investments)
    .where(and(eq(investments.public, true), isNull(investments.not_updated_at), or(isNull(investments.next_update_at), lt(investments.next_update_at, today))))
    .all();
  if (due.length === 0) return { hidden: 0, ids: [] };
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(investments)
      .set({ not_updated_at: now })
      .where(
        and(
          inArray(
            investments.id,
            due.map((d) => d.id),
          ),
          isNull(investments.not_updated_at),
        ),
      )
      .returning({ id: investments.id, no: investments.no, name: investments.name, next_update_at: investments.next_update_at });
    if (rows.length === 0) return { hidden: 0, ids: [] };
    rows.sort((a, b) => a.id - b.id);
    const base = `${env().APP_URL}${env().ADMIN_BASE_PATH}`;
    await queueMail(tx, "listings_overdue", env().STAFF_EMAIL, {
      items: rows
        .slice(0, MAIL_MAX_ITEMS)
        .map((r) => ({ id: r.id, no: r.no, name: r.name, nextUpdateAt: r.next_update_at, editUrl: `${base}/investments/${r.id}` })),
      more: Math.max(0, rows.length - MAIL_MAX_ITEMS),
      listUrl: `${base}/investments`,
    });
    await enqueue(tx, "refreshSiteCounts", { reason: "overdue listings hidden" }, `overdue-${today}-${rows[rows.length - 1]!.id}`);
    return { hidden: rows.length, ids: rows.map((r) => r.id) };
  });
}
