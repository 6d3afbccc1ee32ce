import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { newsletter_deliveries, notification_settings, users } from "@/server/db/schema";
import { createNewsletter, newsletterProgress, scheduleNewsletter } from "@/server/newsletters/admin";
import { setTestEnv, uniquePrefix } from "../../helpers/accounts";
import { startSmtpSink, type SmtpSink } from "../../helpers/smtp-sink";
import { startTcpProxy, type TcpProxy } from "../../helpers/tcp-proxy";
import { sleep, waitFor } from "./helpers";
import { killWorkers, spawnWorker, startPrivateRedis, type PrivateRedis } from "./processes";
import { testDbUrl } from "../../helpers/db";

/**
 * The SMTP server refuses connections for a while, mid-newsletter. The worker
 * runs as its own process on a private Redis; the SMTP sink sits behind a TCP
 * proxy that is taken down (open connections cut, new ones refused) and
 * brought back on the same port. Without a restart the newsletter must carry
 * on once the server is back, every recipient getting one mail (a mail cut
 * after its end of data may be missing, but only if recorded "unconfirmed").
 * A SIGTERM while the server is down must stop the worker promptly.
 */
const RECIPIENTS = 60;
const OUTAGE_MS = 10_000;
const prefix = uniquePrefix("so");
let dir: string;
let db: Db;
let dbUrl: string;
let redis: PrivateRedis;
let sink: SmtpSink;
let smtp: TcpProxy;
let restoreEnv: () => void;
let emails: string[] = [];

const workerEnv = () => ({
  DATABASE_URL: dbUrl,
  REDIS_URL: redis.url,
  REDIS_PREFIX: prefix,
  SMTP_URL: smtp.url("smtp"),
  APP_URL: "http://localhost:3000",
  APP_SECRET: "smtp-outage-secret-0123456789abcdef0123456789",
  NEWSLETTER_RATE_PER_SECOND: "20",
  NEWSLETTER_BATCH_SIZE: "15",
  NEWSLETTER_LEASE_SECONDS: "3",
  BACKUP_DIR: path.join(dir, "backups"),
  MAIL_OUTBOX_DIR: path.join(dir, "outbox"),
  LOG_LEVEL: process.env.FAULTS_LOG ?? "warn",
});

const counts = (id: number) => newsletterProgress(db, id).then((p) => p.counts);

/** Every recipient has one mail, or none and a delivery recorded as unconfirmed (cut after its end of data). */
async function expectOneEach(newsletterId: number, subject: string) {
  const rows = await db.select().from(newsletter_deliveries).where(eq(newsletter_deliveries.newsletter_id, newsletterId)).all();
  expect(rows).toHaveLength(RECIPIENTS);
  const unexplained = rows
    .map((r) => ({ email: r.email, got: sink.messages.filter((m) => m.subject.includes(subject) && m.to.includes(r.email)).length, error: r.error ?? "" }))
    .filter((r) => r.got !== 1 && !(r.got === 0 && r.error.startsWith("unconfirmed")));
  expect(unexplained).toEqual([]);
  expect(rows.filter((r) => r.error?.startsWith("unconfirmed")).length).toBeLessThanOrEqual(4);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "kir-smtp-outage-"));
  dbUrl = await testDbUrl(dir, "app.db");
  restoreEnv = setTestEnv({ APP_URL: "http://localhost:3000", REDIS_PREFIX: prefix, DATABASE_URL: dbUrl });
  db = await openDb(dbUrl);
  await migrateDb(db);
  redis = await startPrivateRedis();
  sink = await startSmtpSink();
  smtp = await startTcpProxy({ host: "127.0.0.1", port: sink.port });
  const rows = await db
    .insert(users)
    .values(Array.from({ length: RECIPIENTS }, (_, i) => ({ email: `so-${i}@example.com`, status: "active", last_name: "受信", first_name: `${i}` })))
    .returning({ id: users.id, email: users.email });
  await db.insert(notification_settings).values(rows.map((r) => ({ user_id: r.id, newsletter: true })));
  emails = rows.map((r) => r.email);
});

afterAll(async () => {
  killWorkers();
  await smtp?.close();
  await sink?.stop();
  await redis?.stop();
  db?.$client.close();
  restoreEnv?.();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("newsletter while the SMTP server refuses connections", () => {
  it("carries on by itself when the server is back: one mail each, nothing lost, no restart", async () => {
    const nl = await createNewsletter(db, null, { subject: "SMTP停止テスト", body: "停止をはさんでも一通", audience: { kind: "all" } });
    await scheduleNewsletter(db, nl.id);
    const w = spawnWorker("worker", workerEnv());
    const fail = (e: unknown) => {
      throw new Error(`${String(e)}\n${w.output()}`);
    };

    await waitFor(async () => (await counts(nl.id)).sent >= 12, 30_000, "newsletter under way").catch(fail);
    await smtp.down();
    const downAt = Date.now();
    await sleep(1000);
    const during = await counts(nl.id);
    const received = sink.messages.length;
    await sleep(OUTAGE_MS - (Date.now() - downAt));
    // Nothing got through meanwhile, and no recipient was given up on.
    expect(sink.messages.length).toBe(received);
    expect((await counts(nl.id)).failed).toBe(0);
    expect(during.sent).toBeLessThan(RECIPIENTS);

    const mark = sink.mark();
    await smtp.up();
    const upAt = Date.now();
    const first = await sink.waitFor((m) => m.subject.includes("SMTP停止テスト"), 30_000, mark).catch(fail);
    const resumeMs = first.receivedAt - upAt;
    await waitFor(async () => (await newsletterProgress(db, nl.id)).status === "sent", 60_000, "newsletter finished").catch(fail);
    const doneMs = Date.now() - upAt;
    console.info(`SMTP outage ${OUTAGE_MS} ms: first mail ${resumeMs} ms after the server came back, newsletter finished after ${doneMs} ms`);
    // The backoff tops out at SMTP_RETRY_MAX_SECONDS (5 s by default, ±25 % jitter); an unbounded backoff would
    // wait minutes. The margin is for a busy machine: this proves "resumes", the bench-free figure is logged above.
    expect(resumeMs).toBeLessThan(60_000);

    await sleep(300);
    expect(await counts(nl.id)).toMatchObject({ total: RECIPIENTS, pending: 0, sending: 0, committing: 0, failed: 0 });
    await expectOneEach(nl.id, "SMTP停止テスト");
    // The same process did it all.
    expect(w.child.exitCode).toBeNull();
    w.child.kill("SIGTERM");
    expect((await w.exited).code, w.output()).toBe(0);
  });

  it("a SIGTERM while the server is down stops the worker in seconds; the next one finishes the newsletter", async () => {
    sink.clear();
    await smtp.down();
    const nl = await createNewsletter(db, null, { subject: "停止中のSIGTERM", body: "止めても一通", audience: { kind: "all" } });
    await scheduleNewsletter(db, nl.id);
    const w = spawnWorker("worker (stopped)", workerEnv());
    // The batches are running and waiting for the server.
    await waitFor(async () => (await newsletterProgress(db, nl.id)).status === "sending", 30_000, "newsletter prepared").catch((e: unknown) => {
      throw new Error(`${String(e)}\n${w.output()}`);
    });
    await sleep(1500);
    const t = Date.now();
    w.child.kill("SIGTERM");
    const exit = await w.exited;
    const stopMs = Date.now() - t;
    console.info(`SIGTERM while the SMTP server was down: exited in ${stopMs} ms`);
    expect(exit.code, w.output()).toBe(0);
    expect(stopMs).toBeLessThan(120_000); // does not hang (a stuck worker would wait for the server forever)
    const stopped = await counts(nl.id);
    expect(stopped).toMatchObject({ sending: 0, committing: 0, failed: 0, sent: 0 });

    await smtp.up();
    const w2 = spawnWorker("worker 2", workerEnv());
    await waitFor(async () => (await newsletterProgress(db, nl.id)).status === "sent", 60_000, "newsletter finished by the next worker").catch((e: unknown) => {
      throw new Error(`${String(e)}\n${w2.output()}`);
    });
    await sleep(300);
    expect(emails.map((e) => sink.to(e).length)).toEqual(Array(RECIPIENTS).fill(1));
    w2.child.kill("SIGTERM");
    expect((await w2.exited).code).toBe(0);
  });
});
