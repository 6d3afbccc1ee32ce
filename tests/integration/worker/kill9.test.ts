import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Queue } from "bullmq";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { newsletter_deliveries, notification_settings, users } from "@/server/db/schema";
import { queueNames } from "@/server/jobs/queues";
import { createRedis } from "@/server/redis/create";
import { createNewsletter, newsletterProgress, scheduleNewsletter } from "@/server/newsletters/admin";
import { purgeRedisPrefix, setTestEnv, uniquePrefix } from "../../helpers/accounts";
import { startSmtpSink, type SmtpSink } from "../../helpers/smtp-sink";
import { waitFor } from "./helpers";
import { killWorkers, spawnWorker } from "./processes";
import { testDbUrl } from "../../helpers/db";

/**
 * Exactly once across SIGKILL, for real: the worker runs as its own process
 * (`node --import tsx worker/index.ts`) against a temp database, the SMTP sink behind a
 * slow link (every client packet delayed, so an SMTP transaction takes a
 * while and the kill lands inside one) and a unique Redis prefix. It is
 * killed with SIGKILL while deliveries are in flight, restarted, and every
 * recipient must have exactly one mail in the sink. Then SIGTERM mid-send:
 * the process exits cleanly, no job is left active, no claim left open, and
 * the next worker finishes — again one mail each.
 */
const RECIPIENTS = 36;
const prefix = uniquePrefix("k");
let dir: string;
let db: Db;
let dbUrl: string;
let sink: SmtpSink;
let slow: { port: number; close: () => Promise<void> };
let restoreEnv: () => void;

/** A TCP relay that holds every client→server chunk for `delayMs` (a slow uplink). */
async function slowLink(targetPort: number, delayMs: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, "127.0.0.1");
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    // Ends travel in order behind the data (a killed client's FIN arrives after its last bytes).
    let chain = Promise.resolve();
    client.on("data", (chunk) => {
      chain = chain.then(() => new Promise<void>((r) => setTimeout(r, delayMs))).then(() => void (upstream.destroyed || upstream.write(chunk)));
    });
    client.on("end", () => void chain.then(() => upstream.end()));
    upstream.pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

function startWorker(tag: string) {
  return spawnWorker(tag, {
    DATABASE_URL: dbUrl,
    SMTP_URL: `smtp://127.0.0.1:${slow.port}`,
    REDIS_PREFIX: prefix,
    APP_URL: "http://localhost:3000",
    APP_SECRET: "kill9-secret-0123456789abcdef0123456789abcdef",
    NEWSLETTER_RATE_PER_SECOND: "8",
    NEWSLETTER_BATCH_SIZE: "8",
    NEWSLETTER_LEASE_SECONDS: "3",
    BACKUP_DIR: path.join(dir, "backups"),
    MAIL_OUTBOX_DIR: path.join(dir, "outbox"),
    // KILL9_LOG=info shows the workers' logs in a failure message.
    LOG_LEVEL: process.env.KILL9_LOG ?? "warn",
  });
}

const counts = (id: number) => newsletterProgress(db, id).then((p) => p.counts);
const perRecipient = (emails: string[]) => emails.map((e) => sink.to(e).length);

/** Jobs BullMQ holds as active, with their data (the SIGKILLed worker's stay active until the stall check frees them). */
async function activeJobs(): Promise<{ name: string; data: Record<string, unknown> }[]> {
  const conn = createRedis("worker");
  try {
    const out = [];
    for (const name of queueNames) {
      const q = new Queue(name, { connection: conn, prefix });
      out.push(...(await q.getActive()).map((j) => ({ name: j.name, data: j.data as Record<string, unknown> })));
      await q.close();
    }
    return out;
  } finally {
    conn.disconnect();
  }
}

let emails: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "kir-kill9-"));
  dbUrl = await testDbUrl(dir, "app.db");
  restoreEnv = setTestEnv({ APP_URL: "http://localhost:3000", REDIS_PREFIX: prefix, DATABASE_URL: dbUrl });
  db = await openDb(dbUrl);
  await migrateDb(db);
  sink = await startSmtpSink();
  slow = await slowLink(sink.port, 40);
  const rows = await db
    .insert(users)
    .values(Array.from({ length: RECIPIENTS }, (_, i) => ({ email: `k9-${i}@example.com`, status: "active", last_name: "受信", first_name: `${i}` })))
    .returning({ id: users.id, email: users.email });
  await db.insert(notification_settings).values(rows.map((r) => ({ user_id: r.id, newsletter: true })));
  emails = rows.map((r) => r.email);
});

afterAll(async () => {
  killWorkers();
  await slow?.close();
  await sink?.stop();
  await purgeRedisPrefix(prefix);
  db?.$client.close();
  restoreEnv?.();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("newsletter worker process", () => {
  it("SIGKILL mid-send, restart: every recipient gets exactly one mail", async () => {
    const nl = await createNewsletter(db, null, { subject: "KILL9テスト", body: "一通だけ届きます", audience: { kind: "all" } });
    await scheduleNewsletter(db, nl.id);
    const w1 = startWorker("worker 1");

    // Kill while deliveries are on the wire: some sent, some claimed and streaming.
    const before = await waitFor(
      async () => {
        const c = await counts(nl.id);
        return c.sent >= 8 && c.sending + c.committing > 0 ? c : null;
      },
      30_000,
      "deliveries in flight",
    ).catch((e: unknown) => {
      throw new Error(`${String(e)}\n${w1.output()}`);
    });
    w1.child.kill("SIGKILL");
    expect((await w1.exited).signal).toBe("SIGKILL");
    expect(before.sending + before.committing).toBeGreaterThan(0);
    const atKill = await counts(nl.id);
    expect(atKill.sent).toBeLessThan(RECIPIENTS);

    const w2 = startWorker("worker 2");
    await waitFor(async () => (await newsletterProgress(db, nl.id)).status === "sent", 60_000, "newsletter finished after restart").catch((e: unknown) => {
      throw new Error(`${String(e)}\n${JSON.stringify(atKill)}\n${w2.output()}`);
    });
    await new Promise((r) => setTimeout(r, 300));
    const got = perRecipient(emails);
    expect(got).toEqual(Array(RECIPIENTS).fill(1));
    expect(sink.messages.filter((m) => m.subject.includes("KILL9テスト"))).toHaveLength(RECIPIENTS);
    const final = await counts(nl.id);
    expect(final).toMatchObject({ total: RECIPIENTS, sent: RECIPIENTS, pending: 0, sending: 0, committing: 0, failed: 0 });
    // Deliveries the dead worker held were taken over (claim 2) or recorded as sent without a resend.
    const retried = await db
      .select({ n: sql<number>`count(*)` })
      .from(newsletter_deliveries)
      .where(sql`${newsletter_deliveries.newsletter_id} = ${nl.id} AND (attempts > 1 OR error LIKE 'unconfirmed%')`)
      .get();
    expect(retried?.n ?? 0).toBeGreaterThan(0);

    // SIGTERM mid-send: a clean exit, nothing left active, no open claim; the next worker finishes.
    sink.clear();
    const nl2 = await createNewsletter(db, null, { subject: "SIGTERMテスト", body: "止めても一通", audience: { kind: "all" } });
    await scheduleNewsletter(db, nl2.id);
    await waitFor(async () => (await counts(nl2.id)).sent >= 6, 30_000, "second newsletter under way");
    w2.child.kill("SIGTERM");
    const exit = await w2.exited;
    expect(exit.code, w2.output()).toBe(0);
    // Only the SIGKILLed worker's batches (first newsletter) may still look active; nothing of the gracefully stopped one.
    const active = await activeJobs();
    expect(active.filter((j) => j.data.newsletterId !== nl.id)).toEqual([]);
    const stopped = await counts(nl2.id);
    expect(stopped.sending + stopped.committing).toBe(0);
    expect(stopped.pending).toBeGreaterThan(0);

    const w3 = startWorker("worker 3");
    await waitFor(async () => (await newsletterProgress(db, nl2.id)).status === "sent", 60_000, "second newsletter finished").catch((e: unknown) => {
      throw new Error(`${String(e)}\n${w3.output()}`);
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(perRecipient(emails)).toEqual(Array(RECIPIENTS).fill(1));
    w3.child.kill("SIGTERM");
    expect((await w3.exited).code).toBe(0);
    const undelivered = await db
      .select()
      .from(newsletter_deliveries)
      .where(inArray(newsletter_deliveries.status, ["failed", "pending"]))
      .all();
    expect(undelivered).toEqual([]);
  });
});
