/**
 * Sending a newsletter: fan-out into batches of per-recipient delivery rows,
 * each mailed exactly once — also when a worker is killed mid-send.
 *
 * ── The delivery state machine ──
 *
 *   pending ──claim──> sending ──gate──> committing ──250──> sent
 *                         │                  │
 *                         └─ (lease over) ───┤ (lease over, worker gone) → sent, "unconfirmed"
 *           re-claimed by another worker     │
 *                                            ├─ definite 4xx/5xx after data → pending / failed
 *                                            └─ failed before the mark left (reset, refused write) → pending
 *
 * 1. Delivery rows for every recipient are written (with the status change
 *    and the batch jobs, in one transaction) before any mail goes out.
 * 2. claim: one UPDATE moves a row to 'sending', bumps `attempts` and stamps
 *    `claimed_at`. The new `attempts` value is the claim's fencing token.
 * 3. The message is streamed to the SMTP server in full, but its end-of-data
 *    mark is held back (smtp.ts). gate: `UPDATE … SET status='committing'
 *    WHERE status='sending' AND attempts=<token>` (and the newsletter still
 *    sending). Only if that row changed is the mark sent; otherwise the
 *    connection is dropped and the server discards the unfinished message.
 * 4. On the server's 250 the row becomes 'sent' (again fenced by the token).
 *
 * What a crash leaves behind, and how it resolves:
 *  - 'sending': the end-of-data mark was never sent, so no mail exists. After
 *    the lease (NEWSLETTER_LEASE_SECONDS) another worker re-claims and sends
 *    it. If the first worker was only slow, not dead, its gate now fails (the
 *    token changed): still one mail.
 *  - 'committing': the mark was released, so the mail counts as delivered.
 *    After the lease the row is recorded as sent ("unconfirmed") and never
 *    re-sent.
 *
 * The guarantee is therefore "never twice": no recipient gets two copies,
 * whatever is killed when. The one way to get zero is a crash in the
 * microseconds between the 'committing' commit and the write of the mark to
 * the socket, or a connection lost after the mark with no reply (then the
 * server may or may not have kept it); both are recorded as "unconfirmed" so
 * staff can see them. Every other interruption is completed by a retry.
 * Message-IDs are deterministic per delivery as well, so a downstream
 * system that dedupes on them sees the same identity on any retry.
 */
import { and, asc, eq, inArray, isNull, lt, max, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { newsletter_deliveries, newsletters, notification_settings, outbox, users } from "@/server/db/schema";
import { env } from "@/server/env";
import { enqueue } from "@/server/jobs/outbox";
import { logger } from "@/server/logger";
import { renderMail } from "@/server/mail/templates";
import { audienceRecipients, parseAudience } from "./audience";
import type { RateGate } from "./rate";
import type { SmtpSender } from "@/server/mail/smtp";
import { unsubscribeUrl } from "@/server/mail/unsubscribe-token";

export const DELIVERY_STATUSES = ["pending", "sending", "committing", "sent", "failed", "skipped"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** Claims of one delivery before it is given up as failed. */
export const MAX_DELIVERY_ATTEMPTS = 5;

const CHUNK = 500;

export type DeliveryCounts = Record<DeliveryStatus, number> & { total: number };

export async function deliveryCounts(db: Pick<Db, "select">, newsletterId: number): Promise<DeliveryCounts> {
  const rows = await db
    .select({ status: newsletter_deliveries.status, n: sql<number>`count(*)` })
    .from(newsletter_deliveries)
    .where(eq(newsletter_deliveries.newsletter_id, newsletterId))
    .groupBy(newsletter_deliveries.status)
    .all();
  const counts = Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as DeliveryCounts;
  counts.total = 0;
  for (const r of rows) {
    if ((DELIVERY_STATUSES as readonly string[]).includes(r.status)) counts[r.status as DeliveryStatus] += r.n;
    counts.total += r.n;
  }
  return counts;
}

/* ---------------------------------------------------------------- fan-out */

export type PrepareResult = { status: "prepared"; total: number; batches: number } | { status: "skipped"; reason: string };

/**
 * The newsletter's scheduled moment has come: resolve the audience, write one
 * pending delivery per recipient and queue the batches — one transaction, so
 * the rows exist before any mail and a retried job finds the work done.
 */
export async function prepareNewsletter(db: Db, newsletterId: number, opts: { now?: Date; batchSize?: number } = {}): Promise<PrepareResult> {
  const now = opts.now ?? new Date();
  const nl = await db.select().from(newsletters).where(eq(newsletters.id, newsletterId)).get();
  if (!nl) return { status: "skipped", reason: "not found" };
  if (nl.status !== "scheduled") return { status: "skipped", reason: nl.status };
  // Rescheduled to a later time after this job was queued: the later job sends it.
  if (nl.scheduled_at && nl.scheduled_at.getTime() > now.getTime() + 1000) return { status: "skipped", reason: "not yet" };
  const audience = parseAudience(nl.audience);
  if (!audience) throw new Error(`newsletter ${newsletterId}: the stored audience is invalid`);
  const recipients = await audienceRecipients(db, audience);
  const batchSize = opts.batchSize ?? env().NEWSLETTER_BATCH_SIZE;

  return db.transaction(async (tx) => {
    const fresh = await tx.select({ status: newsletters.status }).from(newsletters).where(eq(newsletters.id, newsletterId)).get();
    if (fresh?.status !== "scheduled") return { status: "skipped", reason: fresh?.status ?? "not found" } as const;
    for (let i = 0; i < recipients.length; i += CHUNK) {
      await tx
        .insert(newsletter_deliveries)
        .values(recipients.slice(i, i + CHUNK).map((r) => ({ newsletter_id: newsletterId, user_id: r.id, email: r.email, created_at: now })))
        .onConflictDoNothing();
    }
    const ids = (
      await tx
        .select({ id: newsletter_deliveries.id })
        .from(newsletter_deliveries)
        .where(eq(newsletter_deliveries.newsletter_id, newsletterId))
        .orderBy(asc(newsletter_deliveries.id))
        .all()
    ).map((r) => r.id);
    let batches = 0;
    for (let i = 0; i < ids.length; i += batchSize) {
      const fromId = ids[i]!;
      const toId = ids[Math.min(ids.length, i + batchSize) - 1]!;
      await enqueue(tx, "newsletterBatch", { newsletterId, fromId, toId }, `n${newsletterId}-d${fromId}`);
      batches++;
    }
    await tx
      .update(newsletters)
      .set(
        ids.length
          ? { status: "sending", started_at: now, total: ids.length }
          : { status: "sent", started_at: now, finished_at: now, total: 0, sent_count: 0, failed_count: 0 },
      )
      .where(eq(newsletters.id, newsletterId));
    return { status: "prepared", total: ids.length, batches } as const;
  });
}

/* ---------------------------------------------------------------- delivery */

export type DeliveryContext = {
  sender: SmtpSender;
  rate: RateGate;
  /** Aborts on shutdown: finish the mail in hand, hand the rest back. */
  signal?: AbortSignal;
  leaseMs?: number;
  /** Wait (up to a lease) for rows another claim still holds, so the range ends complete. Default true. */
  waitForClaims?: boolean;
};

export type RunResult = { sent: number; failed: number; skipped: number; fenced: number; interrupted: boolean; cancelled: boolean };

type Claimed = { id: number; email: string; user_id: number | null; attempts: number };

const leaseMsOf = (ctx: DeliveryContext) => ctx.leaseMs ?? env().NEWSLETTER_LEASE_SECONDS * 1000;
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });

function messageIdFor(newsletterId: number, deliveryId: number): string {
  let host = "localhost";
  try {
    host = new URL(env().APP_URL).hostname || host;
  } catch {
    // keep localhost
  }
  return `<newsletter-${newsletterId}-${deliveryId}@${host}>`;
}

/** 'committing' rows whose worker is gone (lease over): the mail went out, record it (never re-send). */
export async function resolveStaleCommits(db: Db, newsletterId: number, leaseMs: number, now = new Date()): Promise<number> {
  const r = await db
    .update(newsletter_deliveries)
    .set({
      status: "sent",
      sent_at: sql`coalesce(${newsletter_deliveries.claimed_at}, ${now.getTime()})`,
      error: "unconfirmed: the worker stopped after the end of data",
    })
    .where(
      and(
        eq(newsletter_deliveries.newsletter_id, newsletterId),
        eq(newsletter_deliveries.status, "committing"),
        lt(newsletter_deliveries.claimed_at, new Date(now.getTime() - leaseMs)),
      ),
    )
    .returning({ id: newsletter_deliveries.id });
  return r.length;
}

async function claimNext(db: Db, newsletterId: number, fromId: number, toId: number, leaseMs: number): Promise<Claimed | null> {
  const now = Date.now();
  const staleBefore = now - leaseMs;
  const rows = await db.all<Claimed>(sql`
    UPDATE newsletter_deliveries
       SET status = 'sending', attempts = attempts + 1, claimed_at = ${now}, error = NULL
     WHERE id = (
             SELECT id FROM newsletter_deliveries
              WHERE newsletter_id = ${newsletterId} AND id BETWEEN ${fromId} AND ${toId}
                AND (status = 'pending' OR (status = 'sending' AND claimed_at < ${staleBefore}))
              ORDER BY attempts, id
              LIMIT 1)
       AND (status = 'pending' OR (status = 'sending' AND claimed_at < ${staleBefore}))
    RETURNING id, email, user_id, attempts`);
  return rows[0] ?? null;
}

/** Marks a claimed row, only if the claim is still ours. */
async function settle(db: Db, claim: Claimed, set: Partial<typeof newsletter_deliveries.$inferInsert>): Promise<boolean> {
  const r = await db
    .update(newsletter_deliveries)
    .set(set)
    .where(and(eq(newsletter_deliveries.id, claim.id), eq(newsletter_deliveries.attempts, claim.attempts)))
    .returning({ id: newsletter_deliveries.id });
  return r.length > 0;
}

/** Why a claimed recipient must not get the mail any more, or null. */
async function skipReason(db: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return "deleted";
  const u = await db
    .select({ status: users.status, deleted_at: users.deleted_at, newsletter: notification_settings.newsletter })
    .from(users)
    .leftJoin(notification_settings, eq(notification_settings.user_id, users.id))
    .where(eq(users.id, userId))
    .get();
  if (!u || u.deleted_at) return "deleted";
  if (u.status !== "active") return "inactive";
  if (u.newsletter === false) return "unsubscribed";
  return null;
}

/**
 * Sends the deliveries of one newsletter with ids fromId..toId (all of them
 * by default) until none is left, the newsletter stops being 'sending'
 * (cancelled) or `signal` aborts. An SMTP server that is unreachable is
 * waited for (with backoff) before the next claim, so the batch continues by
 * itself when it returns. Throws when a connected server keeps failing the
 * messages, so the job is retried with backoff (the rows it released are
 * picked up again).
 */
export async function runDeliveries(db: Db, range: { newsletterId: number; fromId?: number; toId?: number }, ctx: DeliveryContext): Promise<RunResult> {
  const { newsletterId } = range;
  const fromId = range.fromId ?? 0;
  const toId = range.toId ?? Number.MAX_SAFE_INTEGER;
  const leaseMs = leaseMsOf(ctx);
  const result: RunResult = { sent: 0, failed: 0, skipped: 0, fenced: 0, interrupted: false, cancelled: false };
  let transientInARow = 0;

  await resolveStaleCommits(db, newsletterId, leaseMs);
  const nl = await db.select({ subject: newsletters.subject, body: newsletters.body }).from(newsletters).where(eq(newsletters.id, newsletterId)).get();
  if (!nl) return result;

  for (;;) {
    if (ctx.signal?.aborted) {
      result.interrupted = true;
      break;
    }
    const state = await db.select({ status: newsletters.status }).from(newsletters).where(eq(newsletters.id, newsletterId)).get();
    if (state?.status !== "sending") {
      result.cancelled = state?.status === "cancelled";
      break;
    }
    // A server that is down is waited for here, before any claim, so an outage costs no delivery an attempt.
    if (!(await ctx.sender.ready(ctx.signal))) {
      result.interrupted = true;
      break;
    }
    // The rate slot first, so a claim is never held while waiting for it.
    if (!(await ctx.rate.take(ctx.signal))) {
      result.interrupted = true;
      break;
    }
    const claim = await claimNext(db, newsletterId, fromId, toId, leaseMs);
    if (!claim) {
      if (ctx.waitForClaims === false) break;
      // Rows still claimed elsewhere (a live worker, or one that died and whose lease runs out): wait for them.
      const held = await db
        .select({ oldest: sql<number | null>`min(${newsletter_deliveries.claimed_at})` })
        .from(newsletter_deliveries)
        .where(
          and(
            eq(newsletter_deliveries.newsletter_id, newsletterId),
            sql`${newsletter_deliveries.id} BETWEEN ${fromId} AND ${toId}`,
            inArray(newsletter_deliveries.status, ["sending", "committing"]),
          ),
        )
        .get();
      if (held?.oldest == null) break;
      const wait = Math.min(leaseMs, Math.max(50, held.oldest + leaseMs - Date.now() + 50));
      await sleep(wait, ctx.signal);
      await resolveStaleCommits(db, newsletterId, leaseMs);
      continue;
    }

    const skip = await skipReason(db, claim.user_id);
    if (skip) {
      if (await settle(db, claim, { status: "skipped", error: skip })) result.skipped++;
      continue;
    }
    const messageId = messageIdFor(newsletterId, claim.id);
    const message = renderMail("newsletter", claim.email, { subject: nl.subject, body: nl.body, unsubscribeUrl: unsubscribeUrl(claim.user_id!, "newsletter") });
    const gate = async () => {
      const r = await db.all<{ id: number }>(sql`
        UPDATE newsletter_deliveries SET status = 'committing'
         WHERE id = ${claim.id} AND status = 'sending' AND attempts = ${claim.attempts}
           AND EXISTS (SELECT 1 FROM newsletters WHERE id = ${newsletterId} AND status = 'sending')
        RETURNING id`);
      return r.length > 0;
    };
    const outcome = await ctx.sender.send({ ...message, messageId }, gate, ctx.signal);

    if (outcome.status === "sent") {
      transientInARow = 0;
      await settle(db, claim, { status: "sent", sent_at: new Date(), message_id: messageId, error: null });
      result.sent++;
      continue;
    }
    if (outcome.status === "fenced") {
      // Taken over, or the newsletter was cancelled: nothing was delivered; the row is someone else's now.
      result.fenced++;
      continue;
    }
    const e = outcome.error as Error & { responseCode?: number };
    const text = `${e.message}`.slice(0, 500);
    if (outcome.afterEndOfData && typeof e.responseCode !== "number") {
      // The end-of-data mark went out and no answer came back: it may exist. Never send twice.
      await settle(db, claim, { status: "sent", sent_at: new Date(), message_id: messageId, error: `unconfirmed: ${text}` });
      result.sent++;
      continue;
    }
    if (outcome.permanent || claim.attempts >= MAX_DELIVERY_ATTEMPTS) {
      await settle(db, claim, { status: "failed", error: text });
      result.failed++;
      transientInARow = 0;
      continue;
    }
    // Transient, nothing delivered: hand the row back (tried-fewer rows go first), back off when SMTP seems down.
    await settle(db, claim, { status: "pending", error: text });
    logger.warn("newsletter.transient", { newsletterId, deliveryId: claim.id, error: text });
    if (++transientInARow >= 3) throw new Error(`SMTP keeps failing: ${text}`);
  }
  await finishIfDone(db, newsletterId);
  return result;
}

/** The newsletter is 'sent' once no delivery is pending or in flight. */
export async function finishIfDone(db: Db, newsletterId: number): Promise<boolean> {
  const c = await deliveryCounts(db, newsletterId);
  if (c.pending + c.sending + c.committing > 0) return false;
  const r = await db
    .update(newsletters)
    .set({ status: "sent", finished_at: new Date(), total: c.total, sent_count: c.sent, failed_count: c.failed })
    .where(and(eq(newsletters.id, newsletterId), eq(newsletters.status, "sending")))
    .returning({ id: newsletters.id });
  if (r.length) logger.info("newsletter.finished", { newsletterId, ...c });
  return r.length > 0;
}

/**
 * Safety net (every minute). A worker that dies mid-batch is BullMQ's to
 * recover: the batch job's lock (NEWSLETTER_LEASE_SECONDS) expires, the stall
 * check puts it back and another worker continues, waiting out the dead
 * worker's delivery claim. What BullMQ cannot recover is a job it no longer
 * has (Redis flushed or restored, a job removed by hand): newsletters whose
 * scheduled moment passed long ago without being prepared, and sending ones
 * with open deliveries, no progress for a lease and no batch job left in
 * BullMQ or the outbox, get fresh batch jobs over what is left.
 */
export async function resumeNewsletters(
  db: Db,
  opts: { now?: Date; leaseMs?: number; batchSize?: number; hasLiveBatch?: (newsletterId: number) => Promise<boolean> } = {},
): Promise<{ prepared: number; resumed: number; batches: number }> {
  const now = opts.now ?? new Date();
  const leaseMs = opts.leaseMs ?? env().NEWSLETTER_LEASE_SECONDS * 1000;
  const batchSize = opts.batchSize ?? env().NEWSLETTER_BATCH_SIZE;
  let prepared = 0;
  let resumed = 0;
  let batches = 0;
  const overdue = await db
    .select({ id: newsletters.id })
    .from(newsletters)
    .where(and(eq(newsletters.status, "scheduled"), lt(newsletters.scheduled_at, new Date(now.getTime() - 5 * 60_000))))
    .all();
  for (const { id } of overdue) if ((await prepareNewsletter(db, id, { now })).status === "prepared") prepared++;

  const sending = await db.select({ id: newsletters.id, started: newsletters.started_at }).from(newsletters).where(eq(newsletters.status, "sending")).all();
  for (const { id, started } of sending) {
    if (await finishIfDone(db, id)) continue;
    const last = await db
      .select({ claimed: max(newsletter_deliveries.claimed_at), sent: max(newsletter_deliveries.sent_at) })
      .from(newsletter_deliveries)
      .where(eq(newsletter_deliveries.newsletter_id, id))
      .get();
    const lastActivity = Math.max(started?.getTime() ?? 0, last?.claimed?.getTime() ?? 0, last?.sent?.getTime() ?? 0);
    if (now.getTime() - lastActivity < leaseMs) continue;
    const waiting = await db
      .select({ n: sql<number>`count(*)` })
      .from(outbox)
      .where(and(eq(outbox.job, "newsletterBatch"), isNull(outbox.relayed_at), sql`json_extract(${outbox.payload}, '$.newsletterId') = ${id}`))
      .get();
    if ((waiting?.n ?? 0) > 0) continue;
    if (opts.hasLiveBatch && (await opts.hasLiveBatch(id))) continue;
    const open = (
      await db
        .select({ id: newsletter_deliveries.id })
        .from(newsletter_deliveries)
        .where(and(eq(newsletter_deliveries.newsletter_id, id), inArray(newsletter_deliveries.status, ["pending", "sending", "committing"])))
        .orderBy(asc(newsletter_deliveries.id))
        .all()
    ).map((r) => r.id);
    resumed++;
    logger.warn("newsletter.resume", { newsletterId: id, open: open.length });
    await db.transaction(async (tx) => {
      for (let i = 0; i < open.length; i += batchSize) {
        const fromId = open[i]!;
        const toId = open[Math.min(open.length, i + batchSize) - 1]!;
        await enqueue(tx, "newsletterBatch", { newsletterId: id, fromId, toId }, `n${id}-d${fromId}-r${now.getTime()}`);
        batches++;
      }
    });
  }
  return { prepared, resumed, batches };
}
