import { and, asc, eq, isNull } from "drizzle-orm";
import { jstToday } from "@/lib/jst-date";
import { addDaysIso } from "@/schemas/admin/investment";
import type { Db } from "@/server/db";
import { investments } from "@/server/db/schema";
import { env } from "@/server/env";
import { enqueue } from "@/server/jobs/outbox";

/** The staff mail lists this many; the rest are counted. */
const MAIL_MAX_ITEMS = 100;

/**
 * The day before: published, visible listings whose 次回更新予定日 is tomorrow
 * (Japan date) are mailed to staff (STAFF_EMAIL) in one list, so they can be
 * checked and saved before hideOverdueListings takes them off the site the
 * day after. Sent through the outbox and the mail queue like every mail; the
 * job id is keyed by the date, so a second run the same day (a retry, a
 * restarted worker) sends nothing more.
 */
export async function remindNextUpdates(db: Db, now = new Date()): Promise<{ due: number; date: string }> {
  const date = addDaysIso(jstToday(now), 1);
  const rows = await db
    .select({ id: investments.id, no: investments.no, name: investments.name })
    .from(investments)
    .where(and(eq(investments.public, true), isNull(investments.not_updated_at), eq(investments.next_update_at, date)))
    .orderBy(asc(investments.id))
    .all();
  if (rows.length === 0) return { due: 0, date };
  const base = `${env().APP_URL}${env().ADMIN_BASE_PATH}`;
  await db.transaction(async (tx) => {
    await enqueue(
      tx,
      "sendMail",
      {
        template: "listings_update_due",
        to: env().STAFF_EMAIL,
        data: {
          date,
          items: rows.slice(0, MAIL_MAX_ITEMS).map((r) => ({ id: r.id, no: r.no, name: r.name, editUrl: `${base}/investments/${r.id}` })),
          more: Math.max(0, rows.length - MAIL_MAX_ITEMS),
          listUrl: `${base}/investments`,
        },
      },
      `listings_update_due-${date}`,
    );
  });
  return { due: rows.length, date };
}
