import { mailTemplates, type MailTemplate } from "@/server/mail/templates";
import { intentInput } from "@/schemas/intent";
import { z } from "@/schemas/zod";

const mailPayload = z
  .object({
    template: z.enum(Object.keys(mailTemplates) as [MailTemplate, ...MailTemplate[]]),
    to: z.string().email(),
    data: z.record(z.string(), z.unknown()),
  })
  .superRefine((v, ctx) => {
    const r = mailTemplates[v.template].data.safeParse(v.data);
    if (!r.success) ctx.addIssue({ code: "custom", path: ["data"], message: `invalid data for ${v.template}` });
  });

/**
 * One typed job map shared by web and worker: job name → queue + payload
 * schema. Payloads are validated when enqueued and again when processed.
 * `sensitive` payloads (links with tokens, initial passwords) are scrubbed
 * from the outbox once relayed and removed from Redis when done.
 */
export const jobs = {
  refreshSiteCounts: { queue: "maintenance", payload: z.object({ reason: z.string().max(100) }), sensitive: false, attempts: 5 },
  // Mail outlives an SMTP outage: 30 attempts on a capped backoff span about four hours.
  sendMail: { queue: "mail", payload: mailPayload, sensitive: true, attempts: 30 },
  // Login of an account under attack: a one-time link mailed when the password was right (accountId), nothing otherwise.
  loginLinkRequest: {
    queue: "mail",
    payload: z.object({ kind: z.enum(["user", "admin"]), accountId: z.number().int().nullable(), intent: intentInput.optional() }),
    sensitive: false,
    attempts: 10,
  },
  // Forgot-password, looked up off the request path: a known and an unknown address cost the request the same.
  passwordResetRequest: {
    queue: "mail",
    payload: z.object({ kind: z.enum(["user", "admin"]), email: z.string().min(1).max(320) }),
    sensitive: true,
    attempts: 10,
  },
  // A listing published (new) or cut in price (price_down): match it against saved filters.
  matchInvestment: {
    queue: "matching",
    payload: z.object({ investmentId: z.number().int(), reason: z.enum(["new", "price_down"]) }),
    sensitive: false,
    attempts: 10,
  },
  // One mail to an instant-notification member for all matchings collected since the last one.
  notifyMatchings: { queue: "matching", payload: z.object({ userId: z.number().int() }), sensitive: false, attempts: 10 },
  // 8:00 JST: one digest per daily-notification member (job scheduler).
  matchingDigest: { queue: "matching", payload: z.object({ reason: z.string().max(100) }), sensitive: false, attempts: 5 },
  // Staff sent (or the schedule reached) a newsletter: create the delivery rows, fan out batches.
  sendNewsletter: { queue: "newsletter", payload: z.object({ newsletterId: z.number().int() }), sensitive: false, attempts: 10 },
  // One batch of a newsletter: the delivery rows with ids fromId..toId.
  newsletterBatch: {
    queue: "newsletter",
    payload: z.object({ newsletterId: z.number().int(), fromId: z.number().int(), toId: z.number().int() }),
    sensitive: false,
    attempts: 20,
  },
  // Start-up and every minute: finish newsletters whose batches a stopped worker left behind.
  resumeNewsletters: { queue: "newsletter", payload: z.object({ reason: z.string().max(100) }), sensitive: false, attempts: 3 },
  // Nightly VACUUM INTO backup under BACKUP_DIR, keeping the last BACKUP_KEEP.
  backupDatabase: { queue: "maintenance", payload: z.object({ reason: z.string().max(100) }), sensitive: false, attempts: 3 },
  // Expired sessions, sign-up / reset tokens and old relayed outbox rows.
  purgeExpired: { queue: "maintenance", payload: z.object({ reason: z.string().max(100) }), sensitive: false, attempts: 3 },
  // Listing photos uploaded in the editor but never saved with a listing (staging older than its TTL).
  purgeStagedImages: { queue: "maintenance", payload: z.object({ reason: z.string().max(100) }), sensitive: false, attempts: 3 },
  // Listings past 次回更新予定日 stop showing publicly; staff get one mail listing them.
  hideOverdueListings: { queue: "maintenance", payload: z.object({ reason: z.string().max(100) }), sensitive: false, attempts: 5 },
  // 表示規約: price cuts older than six months lose their 値下げ flag (search feature, map).
  expireFormerPrices: { queue: "maintenance", payload: z.object({ reason: z.string().max(100) }), sensitive: false, attempts: 5 },
  // Monthly: re-derive the economics columns (積算比's building share shrinks as the building ages, and
  // residual_at-based sorts follow), so a stored figure is never more than a month older than the page's.
  refreshEconomics: { queue: "maintenance", payload: z.object({ reason: z.string().max(100) }), sensitive: false, attempts: 5 },
  // The day before: staff get one mail listing the listings whose 次回更新予定日 is tomorrow.
  remindNextUpdates: { queue: "maintenance", payload: z.object({ reason: z.string().max(100) }), sensitive: false, attempts: 5 },
  // Issue 34: read the hazard map tiles at a listing's point (its position was saved, or the nightly pass
  // found its flags missing, unknown or old). A tile that cannot be read keeps the previous flags and throws:
  // 12 attempts on the capped backoff span about an hour, then the next nightly pass tries again.
  checkHazards: { queue: "hazard", payload: z.object({ investmentId: z.number().int() }), sensitive: false, attempts: 12 },
  // Nightly: queue checkHazards for the listings whose flags are missing, unknown, read at another point or old.
  hazardNightly: { queue: "hazard", payload: z.object({ reason: z.string().max(100) }), sensitive: false, attempts: 3 },
} as const;

/** The options every job of `name` is added with (relay, schedulers and direct adds alike). */
export function jobOptions(name: JobName) {
  const def = jobs[name];
  return {
    attempts: def.attempts,
    backoff: { type: "capped" },
    // Completed ids are kept a week to dedupe re-relays; secrets are not kept at all.
    removeOnComplete: def.sensitive ? true : { age: 7 * 24 * 3600 },
    removeOnFail: { age: 30 * 24 * 3600 },
  };
}

/** Retry delay for every job: exponential from 2 s, capped at 10 minutes. */
export function retryDelayMs(attemptsMade: number): number {
  return Math.min(2000 * 2 ** Math.max(0, attemptsMade - 1), 10 * 60 * 1000);
}

export type JobName = keyof typeof jobs;
export type JobPayload<N extends JobName> = z.infer<(typeof jobs)[N]["payload"]>;
export type QueueName = (typeof jobs)[JobName]["queue"];
export const queueNames = [...new Set(Object.values(jobs).map((j) => j.queue))] as QueueName[];

/** BullMQ forbids ':' in custom ids and all-digit ids; ours are "<job>-<key>". */
export function jobIdFor(name: JobName, key: string): string {
  const id = `${name}-${key}`.replace(/:/g, "_");
  if (/^\d+$/.test(id)) throw new Error("job ids must not be all digits");
  return id;
}
