/**
 * Staff side of newsletters (spec admin "mail delivery management"): compose
 * (subject and body required), audience, preview, a test to oneself,
 * schedule or send now, live progress and cancel. Sending itself is the
 * worker's (deliver.ts); this module only writes rows and outbox jobs.
 */
import { and, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import { withoutSubjectPrefix } from "@/lib/constants/site";
import { label, z } from "@/schemas/zod";
import type { Db } from "@/server/db";
import { admins, newsletter_deliveries, newsletters } from "@/server/db/schema";
import { env } from "@/server/env";
import { enqueue } from "@/server/jobs/outbox";
import { renderMail } from "@/server/mail/templates";
import { queueMail } from "@/server/jobs/mail";
import { AppError } from "@/server/errors";
import { fieldInvalid } from "@/server/errors";
import { audienceListing, countAudience, newsletterAudience, parseAudience, type NewsletterAudience } from "./audience";
import { deliveryCounts, type DeliveryCounts } from "./deliver";

export const NEWSLETTER_STATUSES = ["draft", "scheduled", "sending", "sent", "cancelled"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];
export const NEWSLETTER_STATUS_NAMES: Record<NewsletterStatus, string> = {
  draft: "下書き",
  scheduled: "配信予約",
  sending: "配信中",
  sent: "配信完了",
  cancelled: "配信中止",
};

export const newsletterInput = z.object({
  // The site prefix is added to every mail's subject; a typed copy of it is dropped.
  subject: label(z.string().overwrite(withoutSubjectPrefix).min(1).max(150), "件名"),
  body: label(z.string().trim().min(1).max(20_000), "本文"),
  audience: newsletterAudience,
});
export type NewsletterInput = z.input<typeof newsletterInput>;

const notFound = () => new AppError("NOT_FOUND", "メール配信が見つかりません");
const conflict = (message: string) => new AppError("CONFLICT", message);

/**
 * What staff see of a newsletter's progress: its status, except that a scheduled one whose time
 * has come (今すぐ配信, or a reservation reached) is "queued" (配信待ち) — handed to the worker,
 * no longer editable, waiting for its delivery rows to be written.
 */
export type NewsletterPhase = "draft" | "scheduled" | "queued" | "sending" | "sent" | "cancelled";
export function newsletterPhase(row: { status: string; scheduled_at: Date | null }, now = new Date()): NewsletterPhase {
  if (row.status === "scheduled") return row.scheduled_at && row.scheduled_at.getTime() > now.getTime() ? "scheduled" : "queued";
  return (NEWSLETTER_STATUSES as readonly string[]).includes(row.status) ? (row.status as NewsletterPhase) : "draft";
}

export type NewsletterRow = typeof newsletters.$inferSelect;
export type NewsletterView = Omit<NewsletterRow, "audience"> & { audience: NewsletterAudience | null; counts: DeliveryCounts; phase: NewsletterPhase };

async function view(db: Db, row: NewsletterRow): Promise<NewsletterView> {
  return { ...row, audience: parseAudience(row.audience), counts: await deliveryCounts(db, row.id), phase: newsletterPhase(row) };
}

/** A segment naming a listing must name one that exists (a field error otherwise, nothing stored). */
async function checkAudience(db: Db, audience: NewsletterAudience): Promise<void> {
  if (audience.kind === "segment" && audience.listingId !== undefined && !(await audienceListing(db, audience.listingId))) {
    throw fieldInvalid("audience.listingId", "物件が見つかりません。物件IDをご確認ください");
  }
}

export async function listNewsletters(db: Db, opts: { page?: number; perPage?: number } = {}) {
  const perPage = opts.perPage ?? 20;
  const page = Math.max(1, opts.page ?? 1);
  const total =
    (
      await db
        .select({ n: sql<number>`count(*)` })
        .from(newsletters)
        .get()
    )?.n ?? 0;
  const rows = await db
    .select()
    .from(newsletters)
    .orderBy(desc(newsletters.created_at), desc(newsletters.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
    .all();
  return { items: await Promise.all(rows.map((r) => view(db, r))), total, page, last: Math.max(1, Math.ceil(total / perPage)) };
}

export async function getNewsletter(db: Db, id: number): Promise<NewsletterView> {
  const row = await db.select().from(newsletters).where(eq(newsletters.id, id)).get();
  if (!row) throw notFound();
  return view(db, row);
}

export async function createNewsletter(db: Db, adminId: number | null, input: z.output<typeof newsletterInput>): Promise<{ id: number }> {
  await checkAudience(db, input.audience);
  const row = await db
    .insert(newsletters)
    .values({ subject: input.subject, body: input.body, audience: input.audience as Record<string, unknown>, created_by: adminId })
    .returning({ id: newsletters.id })
    .get();
  return { id: row.id };
}

/** Drafts and scheduled newsletters can still change (a scheduled one keeps its time). */
export async function updateNewsletter(db: Db, id: number, input: z.output<typeof newsletterInput>, now = new Date()): Promise<void> {
  await checkAudience(db, input.audience);
  const r = await db
    .update(newsletters)
    .set({ subject: input.subject, body: input.body, audience: input.audience as Record<string, unknown> })
    // A scheduled one only while its time is still ahead: once queued (今すぐ配信) the worker may be reading it.
    .where(and(eq(newsletters.id, id), or(eq(newsletters.status, "draft"), and(eq(newsletters.status, "scheduled"), gt(newsletters.scheduled_at, now)))))
    .returning({ id: newsletters.id });
  if (!r.length) {
    await getNewsletter(db, id);
    throw conflict("配信を開始したメールは編集できません");
  }
}

export async function deleteNewsletter(db: Db, id: number): Promise<void> {
  const r = await db
    .delete(newsletters)
    .where(and(eq(newsletters.id, id), inArray(newsletters.status, ["draft", "cancelled"])))
    .returning({ id: newsletters.id });
  if (!r.length) {
    await getNewsletter(db, id);
    throw conflict("下書きまたは配信中止のメールだけ削除できます");
  }
}

export function previewNewsletter(input: { subject: string; body: string }) {
  const m = renderMail("newsletter", "member@example.com", {
    subject: input.subject,
    body: input.body,
    unsubscribeUrl: `${env().APP_URL}/unsubscribe?token=preview`,
  });
  return { subject: m.subject, text: m.text, html: m.html ?? "" };
}

/** The recipient count before sending, with the listing a segment names (its name shown beside the count). */
export async function audienceSize(
  db: Db,
  audience: NewsletterAudience,
): Promise<{ count: number; listing: { id: number; no: string | null; name: string } | null }> {
  await checkAudience(db, audience);
  const listing = audience.kind === "segment" && audience.listingId !== undefined ? await audienceListing(db, audience.listingId) : null;
  return { count: await countAudience(db, audience), listing };
}

/** A test copy to the admin's own address (【テスト送信】, through the mail queue). */
export async function sendTestNewsletter(db: Db, adminId: number, input: { subject: string; body: string }): Promise<{ to: string }> {
  const admin = await db.select({ email: admins.email }).from(admins).where(eq(admins.id, adminId)).get();
  if (!admin) throw new AppError("UNAUTHORIZED", "管理者としてログインしてください");
  await db.transaction((tx) =>
    queueMail(tx, "newsletter", admin.email, {
      subject: input.subject,
      body: input.body,
      // A test copy is not tied to a member: the link shows how the real one looks.
      unsubscribeUrl: `${env().APP_URL}/unsubscribe?token=test`,
      test: true,
    }),
  );
  return { to: admin.email };
}

/**
 * Schedules the newsletter for `at` (now when omitted or past). The outbox row
 * waits until then, so a scheduled send survives Redis and worker restarts;
 * rescheduling writes a new row and the old one finds nothing to do.
 */
export async function scheduleNewsletter(db: Db, id: number, at?: Date | null, now = new Date()): Promise<{ scheduled_at: Date }> {
  const when = at && at.getTime() > now.getTime() ? at : now;
  return db.transaction(async (tx) => {
    const row = await tx.select({ status: newsletters.status, audience: newsletters.audience }).from(newsletters).where(eq(newsletters.id, id)).get();
    if (!row) throw notFound();
    if (row.status !== "draft" && row.status !== "scheduled") throw conflict("このメールはすでに配信済みか配信中です");
    if (!parseAudience(row.audience)) throw conflict("配信先の条件を設定してください");
    await tx.update(newsletters).set({ status: "scheduled", scheduled_at: when }).where(eq(newsletters.id, id));
    await enqueue(tx, "sendNewsletter", { newsletterId: id }, `n${id}-at${when.getTime()}`, { availableAt: when });
    return { scheduled_at: when };
  });
}

/** Back to draft while the reserved time is still ahead (a queued send is stopped with cancel). */
export async function unscheduleNewsletter(db: Db, id: number, now = new Date()): Promise<void> {
  const r = await db
    .update(newsletters)
    .set({ status: "draft", scheduled_at: null })
    .where(and(eq(newsletters.id, id), eq(newsletters.status, "scheduled"), gt(newsletters.scheduled_at, now)))
    .returning({ id: newsletters.id });
  if (r.length) return;
  const row = await db.select({ status: newsletters.status, scheduled_at: newsletters.scheduled_at }).from(newsletters).where(eq(newsletters.id, id)).get();
  if (!row) throw notFound();
  if (newsletterPhase(row, now) === "queued" || row.status === "sending") {
    throw conflict("配信を開始したメールは予約を取り消せません。中止する場合は「配信を中止する」を押してください");
  }
  throw conflict("配信予約中のメールではありません");
}

/**
 * Stops a scheduled or sending newsletter: deliveries not yet on their way
 * are skipped ("cancelled"); a mail whose end of data is being sent finishes.
 */
export async function cancelNewsletter(db: Db, id: number): Promise<DeliveryCounts> {
  await db.transaction(async (tx) => {
    const r = await tx
      .update(newsletters)
      .set({ status: "cancelled", finished_at: new Date() })
      .where(and(eq(newsletters.id, id), inArray(newsletters.status, ["scheduled", "sending"])))
      .returning({ id: newsletters.id });
    if (!r.length) {
      const exists = await tx.select({ id: newsletters.id }).from(newsletters).where(eq(newsletters.id, id)).get();
      throw exists ? conflict("配信予約中または配信中のメールではありません") : notFound();
    }
    await tx
      .update(newsletter_deliveries)
      .set({ status: "skipped", error: "cancelled" })
      .where(and(eq(newsletter_deliveries.newsletter_id, id), inArray(newsletter_deliveries.status, ["pending", "sending"])));
  });
  const counts = await deliveryCounts(db, id);
  await db.update(newsletters).set({ total: counts.total, sent_count: counts.sent, failed_count: counts.failed }).where(eq(newsletters.id, id));
  return counts;
}

/** Live progress for the admin page (polled). */
export async function newsletterProgress(db: Db, id: number) {
  const row = await db
    .select({ status: newsletters.status, scheduled_at: newsletters.scheduled_at, started_at: newsletters.started_at, finished_at: newsletters.finished_at })
    .from(newsletters)
    .where(eq(newsletters.id, id))
    .get();
  if (!row) throw notFound();
  const phase = newsletterPhase(row);
  // Queued: the delivery rows are not written yet, so the count is the audience's as of now.
  let expected: number | null = null;
  if (phase === "queued") {
    const stored = await db.select({ audience: newsletters.audience }).from(newsletters).where(eq(newsletters.id, id)).get();
    const audience = parseAudience(stored?.audience);
    expected = audience ? await countAudience(db, audience) : null;
  }
  return { ...row, phase, expected, counts: await deliveryCounts(db, id) };
}

/** Failed and unconfirmed deliveries, for staff to follow up. */
export async function deliveryProblems(db: Db, id: number, limit = 100) {
  return db
    .select({ id: newsletter_deliveries.id, email: newsletter_deliveries.email, status: newsletter_deliveries.status, error: newsletter_deliveries.error })
    .from(newsletter_deliveries)
    .where(
      and(eq(newsletter_deliveries.newsletter_id, id), sql`(${newsletter_deliveries.status} = 'failed' OR ${newsletter_deliveries.error} LIKE 'unconfirmed%')`),
    )
    .orderBy(newsletter_deliveries.id)
    .limit(limit)
    .all();
}
