import { Queue } from "bullmq";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newsletter_deliveries, newsletters, notification_settings, outbox, users } from "@/server/db/schema";
import { createRedis } from "@/server/redis/create";
import { queueNames } from "@/server/jobs/queues";
import { countAudience } from "@/server/newsletters/audience";
import { cancelNewsletter, createNewsletter, newsletterProgress, scheduleNewsletter } from "@/server/newsletters/admin";
import { deliveryCounts, prepareNewsletter, runDeliveries } from "@/server/newsletters/deliver";
import { createRateGate } from "@/server/newsletters/rate";
import { SmtpSender } from "@/server/mail/smtp";
import { callerFor } from "../../helpers/context";
import { createAdmin } from "../../helpers/factories";
import { setTestEnv } from "../../helpers/accounts";
import { createMember, sleep, startRuntime, useWorkerSuite, waitFor } from "./helpers";

/**
 * Newsletters in-process: audience segments, preview and test send through
 * tRPC, fan-out with delivery rows written before any mail, skips, schedule,
 * cancel, graceful stop mid-send, and the claim/gate protocol that keeps a
 * delivery to one mail when two workers race for it.
 */
const s = useWorkerSuite({ runtime: false });

const perRecipient = (emails: string[]) => emails.map((e) => s.sink.to(e).length);

async function members(n: number, tag: string, o: Parameters<typeof createMember>[1] = {}) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await createMember(s.db, { tag: `${tag}${i}`, ...o }));
  return out;
}

/** Only these members accept newsletters from here on (earlier tests' members opt out). */
async function only(ids: number[]): Promise<void> {
  await s.db.run(sql`INSERT OR IGNORE INTO notification_settings (user_id) SELECT id FROM users`);
  await s.db.update(notification_settings).set({ newsletter: false });
  await s.db.update(notification_settings).set({ newsletter: true }).where(inArray(notification_settings.user_id, ids));
}

describe("newsletters", () => {
  it("segments the audience by area interest, saved-condition type and registration date", async () => {
    const a = await createMember(s.db, { interest_areas: [3, 4], queries: [{ ty: [1] }], created_at: new Date("2026-01-10T10:00:00+09:00"), tag: "seg-a" });
    const b = await createMember(s.db, { interest_areas: [1], queries: [{ ty: [6, 2] }], created_at: new Date("2025-06-01T10:00:00+09:00"), tag: "seg-b" });
    await createMember(s.db, { newsletter: false, interest_areas: [3], tag: "seg-c" });
    await createMember(s.db, { status: "suspended", interest_areas: [3], tag: "seg-d" });
    await createMember(s.db, { deleted: true, interest_areas: [3], tag: "seg-e" });
    // No settings row at all: the defaults accept newsletters.
    const f = await s.db
      .insert(users)
      .values({ email: "seg-f@example.com", status: "active", created_at: new Date("2026-02-01T00:00:00+09:00") })
      .returning()
      .get();

    expect(await countAudience(s.db, { kind: "all" })).toBe(3);
    expect(await countAudience(s.db, { kind: "segment", areas: [3], types: [] })).toBe(1);
    expect(await countAudience(s.db, { kind: "segment", areas: [], types: [6] })).toBe(1);
    expect(await countAudience(s.db, { kind: "segment", areas: [1, 3], types: [] })).toBe(2);
    expect(await countAudience(s.db, { kind: "segment", areas: [3], types: [6] })).toBe(0);
    expect(await countAudience(s.db, { kind: "segment", areas: [], types: [], registeredFrom: "2026-01-10", registeredTo: "2026-02-01" })).toBe(2);
    expect(await countAudience(s.db, { kind: "segment", areas: [], types: [], registeredTo: "2026-01-09" })).toBe(1);
    expect([a.id, b.id, f.id].length).toBe(3);
  });

  it("staff compose, preview, count, send a test to themselves and are the only ones allowed", async () => {
    const admin = await createAdmin(s.db, { email: "nl-admin@example.com" });
    const { caller } = await callerFor(s.db, { adminId: admin.id });
    const member = await createMember(s.db, { tag: "nl-member" });
    const { caller: memberCaller } = await callerFor(s.db, { userId: member.id });
    const { caller: visitor } = await callerFor(s.db);

    await expect(caller.admin.newsletters.create({ subject: " ", body: "", audience: { kind: "all" } })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const { id } = await caller.admin.newsletters.create({
      subject: "11月のおすすめ物件",
      body: "今月の注目物件をご紹介します。\nhttps://example.com/x",
      audience: { kind: "all" },
    });
    const preview = await caller.admin.newsletters.preview({ subject: "11月のおすすめ物件", body: "今月の注目物件をご紹介します。" });
    expect(preview.subject).toBe("【関西収益物件ナビ】11月のおすすめ物件");
    expect(preview.text).toContain("メールマガジンの配信停止（ログイン不要）");
    expect(preview.html).toContain("今月の注目物件をご紹介します。");
    expect((await caller.admin.newsletters.audienceCount({ audience: { kind: "all" } })).count).toBeGreaterThan(0);

    s.runtime = startRuntime(s.db, s.prefix);
    const mark = s.sink.mark();
    expect(await caller.admin.newsletters.sendTest({ subject: "11月のおすすめ物件", body: "今月の注目物件をご紹介します。" })).toEqual({
      to: "nl-admin@example.com",
    });
    const test = await s.sink.waitFor((m) => m.to.includes("nl-admin@example.com"), 10_000, mark);
    expect(test.subject).toBe("【関西収益物件ナビ】【テスト送信】11月のおすすめ物件");
    expect(s.sink.messages.length - mark).toBe(1);
    expect((await caller.admin.newsletters.byId({ id })).status).toBe("draft");

    for (const c of [memberCaller, visitor]) {
      await expect(c.admin.newsletters.list()).rejects.toMatchObject({ code: expect.stringMatching(/FORBIDDEN|UNAUTHORIZED/) });
      await expect(c.admin.queues.overview()).rejects.toMatchObject({ code: expect.stringMatching(/FORBIDDEN|UNAUTHORIZED/) });
    }
    await s.runtime.stop();
  });

  it("the automatic 【関西収益物件ナビ】 prefix is not doubled when typed, and alone it is no subject", async () => {
    const admin = await createAdmin(s.db, { email: "nl-prefix@example.com" });
    const { caller } = await callerFor(s.db, { adminId: admin.id });
    const { id } = await caller.admin.newsletters.create({ subject: "【関西収益物件ナビ】 12月のおすすめ", body: "本文", audience: { kind: "all" } });
    const row = await s.db.select({ subject: newsletters.subject }).from(newsletters).where(eq(newsletters.id, id)).get();
    expect(row?.subject).toBe("12月のおすすめ");
    const preview = await caller.admin.newsletters.preview({ subject: "【関西収益物件ナビ】【関西収益物件ナビ】12月のおすすめ", body: "本文" });
    expect(preview.subject).toBe("【関西収益物件ナビ】12月のおすすめ");
    const refused = await caller.admin.newsletters
      .create({ subject: "【関西収益物件ナビ】", body: "本文", audience: { kind: "all" } })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "BAD_REQUEST" });
    expect(JSON.stringify((refused as { data?: unknown }).data ?? refused)).toContain("件名を入力してください");
  });

  it("writes every delivery row before sending, skips who left meanwhile, and mails everyone else exactly once", async () => {
    const people = await members(12, "fan");
    await only(people.map((p) => p.id));
    const nl = await createNewsletter(s.db, null, { subject: "配信テスト", body: "本文です", audience: { kind: "all" } });
    const at = new Date(Date.now() + 3600_000);
    await scheduleNewsletter(s.db, nl.id, at);
    expect((await s.db.select().from(newsletters).where(eq(newsletters.id, nl.id)).get())?.status).toBe("scheduled");

    // The scheduled moment (the outbox row waits for it; here we act as its job, with batches of 5).
    const prep = await prepareNewsletter(s.db, nl.id, { now: at, batchSize: 5 });
    expect(prep).toEqual({ status: "prepared", total: 12, batches: 3 });
    expect(await prepareNewsletter(s.db, nl.id, { now: at })).toEqual({ status: "skipped", reason: "sending" });
    const counts = await deliveryCounts(s.db, nl.id);
    expect(counts).toMatchObject({ total: 12, pending: 12, sent: 0 });
    const batchRows = await s.db.select().from(outbox).where(eq(outbox.job, "newsletterBatch")).all();
    expect(batchRows.filter((r) => (r.payload as { newsletterId: number }).newsletterId === nl.id)).toHaveLength(3);

    // After the rows were written: one member unsubscribes, one is deleted, one suspended.
    await s.db.update(notification_settings).set({ newsletter: false }).where(eq(notification_settings.user_id, people[0]!.id));
    await s.db.update(users).set({ deleted_at: new Date() }).where(eq(users.id, people[1]!.id));
    await s.db.update(users).set({ status: "suspended" }).where(eq(users.id, people[2]!.id));

    s.runtime = startRuntime(s.db, s.prefix);
    await waitFor(async () => (await newsletterProgress(s.db, nl.id)).status === "sent", 15_000, "newsletter sent");
    const done = await newsletterProgress(s.db, nl.id);
    expect(done.counts).toMatchObject({ total: 12, sent: 9, skipped: 3, failed: 0, pending: 0, sending: 0, committing: 0 });
    expect(perRecipient(people.slice(3).map((p) => p.email))).toEqual(Array(9).fill(1));
    expect(perRecipient(people.slice(0, 3).map((p) => p.email))).toEqual([0, 0, 0]);
    const skipped = await s.db
      .select()
      .from(newsletter_deliveries)
      .where(and(eq(newsletter_deliveries.newsletter_id, nl.id), eq(newsletter_deliveries.status, "skipped")))
      .all();
    expect(skipped.map((d) => d.error).sort()).toEqual(["deleted", "inactive", "unsubscribed"]);
    const mail = s.sink.to(people[5]!.email)[0]!;
    expect(mail.subject).toBe("【関西収益物件ナビ】配信テスト");
    expect(mail.raw).toMatch(new RegExp(`Message-ID:\\s*<newsletter-${nl.id}-\\d+@localhost>`, "i"));
    expect(mail.raw).toMatch(/List-Unsubscribe:\s*<http:\/\/localhost:3000\/unsubscribe\/one-click\?token=\d+\.n\./);
    await s.runtime.stop();
  });

  it("sends at the scheduled time, not before", async () => {
    const people = await members(3, "sched");
    await only(people.map((p) => p.id));
    s.runtime = startRuntime(s.db, s.prefix);
    const nl = await createNewsletter(s.db, null, { subject: "予約配信", body: "予約です", audience: { kind: "all" } });
    await scheduleNewsletter(s.db, nl.id, new Date(Date.now() + 1500));
    await sleep(700);
    expect(perRecipient(people.map((p) => p.email))).toEqual([0, 0, 0]);
    await waitFor(async () => (await newsletterProgress(s.db, nl.id)).status === "sent", 10_000, "scheduled newsletter sent");
    expect(perRecipient(people.map((p) => p.email))).toEqual([1, 1, 1]);
    await s.runtime.stop();
  });

  it("honours the SMTP rate limit, shows progress, and cancel stops the remaining batches", async () => {
    const restore = setTestEnv({ NEWSLETTER_RATE_PER_SECOND: "8" });
    try {
      const people = await members(30, "cancel");
      await only(people.map((p) => p.id));
      s.runtime = startRuntime(s.db, s.prefix);
      const nl = await createNewsletter(s.db, null, { subject: "中止テスト", body: "途中で止めます", audience: { kind: "all" } });
      const started = Date.now();
      await scheduleNewsletter(s.db, nl.id);
      await waitFor(async () => (await newsletterProgress(s.db, nl.id)).counts.sent >= 6, 10_000, "some sent");
      const mid = await newsletterProgress(s.db, nl.id);
      expect(mid.status).toBe("sending");
      expect(mid.counts.total).toBe(30);
      // 8 per second at most (the first window may be a partial second).
      expect(mid.counts.sent).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 1000 + 1) * 8);
      const counts = await cancelNewsletter(s.db, nl.id);
      expect(counts.skipped).toBeGreaterThan(10);
      await sleep(1200);
      const after = await newsletterProgress(s.db, nl.id);
      expect(after.status).toBe("cancelled");
      const received = people.map((p) => s.sink.to(p.email).length);
      expect(Math.max(...received)).toBe(1);
      expect(received.reduce((a, b) => a + b, 0)).toBe(after.counts.sent);
      expect(after.counts.sent + after.counts.skipped).toBe(30);
      await s.runtime.stop();
    } finally {
      restore();
    }
  });

  it("a graceful stop mid-send leaves no job active and no claim open; the next worker finishes with one mail each", async () => {
    const restore = setTestEnv({ NEWSLETTER_RATE_PER_SECOND: "10" });
    try {
      const people = await members(25, "grace");
      await only(people.map((p) => p.id));
      s.runtime = startRuntime(s.db, s.prefix);
      const nl = await createNewsletter(s.db, null, { subject: "停止テスト", body: "途中で止まります", audience: { kind: "all" } });
      await scheduleNewsletter(s.db, nl.id);
      await waitFor(async () => (await newsletterProgress(s.db, nl.id)).counts.sent >= 5, 10_000, "some sent");
      await s.runtime.stop();

      const conn = createRedis("worker");
      try {
        for (const name of queueNames) {
          const q = new Queue(name, { connection: conn, prefix: s.prefix });
          expect(await q.getActiveCount()).toBe(0);
          await q.close();
        }
        const nq = new Queue("newsletter", { connection: conn, prefix: s.prefix });
        expect(await nq.getDelayedCount()).toBeGreaterThan(0); // the batch handed itself back
        await nq.close();
      } finally {
        conn.disconnect();
      }
      const stopped = await newsletterProgress(s.db, nl.id);
      expect(stopped.counts.sending + stopped.counts.committing).toBe(0);
      expect(stopped.counts.pending).toBeGreaterThan(0);

      s.runtime = startRuntime(s.db, s.prefix);
      await waitFor(async () => (await newsletterProgress(s.db, nl.id)).status === "sent", 15_000, "finished after restart");
      expect(perRecipient(people.map((p) => p.email))).toEqual(Array(25).fill(1));
      await s.runtime.stop();
    } finally {
      restore();
    }
  });

  it("claims are fenced: a taken-over delivery cannot be finished by its old claimant, a stale commit is never re-sent", async () => {
    const people = await members(3, "fence");
    await only(people.map((p) => p.id));
    const nl = await createNewsletter(s.db, null, { subject: "フェンス", body: "一度だけ", audience: { kind: "all" } });
    await scheduleNewsletter(s.db, nl.id);
    await prepareNewsletter(s.db, nl.id);
    const rows = await s.db.select().from(newsletter_deliveries).where(eq(newsletter_deliveries.newsletter_id, nl.id)).orderBy(newsletter_deliveries.id).all();
    const [slow, dead, committed] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];

    // A worker that claimed `committed` released its end of data and died before recording it (10 s ago).
    await s.db
      .update(newsletter_deliveries)
      .set({ status: "committing", attempts: 1, claimed_at: new Date(Date.now() - 10_000) })
      .where(eq(newsletter_deliveries.id, committed.id));
    // A worker that claimed `dead` and died mid-message (its claim expired).
    await s.db
      .update(newsletter_deliveries)
      .set({ status: "sending", attempts: 1, claimed_at: new Date(Date.now() - 10_000) })
      .where(eq(newsletter_deliveries.id, dead.id));
    // A slow worker holds `slow` with claim 1, past its lease, still streaming.
    await s.db
      .update(newsletter_deliveries)
      .set({ status: "sending", attempts: 1, claimed_at: new Date(Date.now() - 10_000) })
      .where(eq(newsletter_deliveries.id, slow.id));

    const r = await runDeliveries(s.db, { newsletterId: nl.id }, { sender: new SmtpSender(), rate: createRateGate({ perSecond: 0 }), leaseMs: 2000 });
    expect(r.sent).toBe(2); // slow and dead, re-claimed (claim 2)
    // The slow worker wakes up and tries to finish with its old claim: the gate refuses, the server gets no end of data.
    const oldClaimant = new SmtpSender();
    const outcome = await oldClaimant.send(
      { to: slow.email, subject: "old claim", text: "must never arrive", messageId: "<old@localhost>" },
      async () =>
        (
          await s.db
            .update(newsletter_deliveries)
            .set({ status: "committing" })
            .where(and(eq(newsletter_deliveries.id, slow.id), eq(newsletter_deliveries.status, "sending"), eq(newsletter_deliveries.attempts, 1)))
            .returning()
        ).length > 0,
    );
    oldClaimant.close();
    expect(outcome.status).toBe("fenced");
    await sleep(200);
    expect(s.sink.messages.some((m) => m.subject === "old claim")).toBe(false);

    expect(perRecipient([slow.email, dead.email, committed.email])).toEqual([1, 1, 0]);
    const final = await s.db.select().from(newsletter_deliveries).where(eq(newsletter_deliveries.newsletter_id, nl.id)).orderBy(newsletter_deliveries.id).all();
    expect(final.map((d) => [d.status, d.attempts])).toEqual([
      ["sent", 2],
      ["sent", 2],
      ["sent", 1],
    ]);
    expect(final[2]!.error).toMatch(/^unconfirmed/);
    expect((await newsletterProgress(s.db, nl.id)).status).toBe("sent");
  });
});
