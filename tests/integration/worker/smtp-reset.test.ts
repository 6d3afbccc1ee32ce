import net from "node:net";
import type { Transaction } from "@libsql/client";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { newsletter_deliveries } from "@/server/db/schema";
import { createNewsletter, scheduleNewsletter } from "@/server/newsletters/admin";
import { prepareNewsletter, runDeliveries } from "@/server/newsletters/deliver";
import { createRateGate } from "@/server/newsletters/rate";
import { SmtpSender } from "@/server/mail/smtp";
import { createMember, useWorkerSuite } from "./helpers";

/**
 * A connection reset before the end-of-data mark leaves no mail at the
 * server, so the delivery must be sent again — also when the reset lands
 * while the delivery's gate (the database update that allows the mark) is
 * being committed. Here another writer holds the database while the message
 * streams, so the gate waits; a proxy in front of the SMTP sink resets the
 * connection as the victim's message arrives and only then lets the writer
 * finish. The gate then passes, but the mark can no longer leave: the
 * recipient must still get the mail, once.
 */
const s = useWorkerSuite({ runtime: false });
const servers: net.Server[] = [];
afterAll(() => {
  for (const srv of servers) srv.close();
});

/** A relay to the sink that cuts (TCP reset) the connection carrying `victim`'s message once, as its body arrives. */
async function resetOnBodyOf(victim: string, holdWrites: () => Promise<Transaction>) {
  let cut = false;
  const server = net.createServer((client) => {
    const up = net.connect(s.sink.port, "127.0.0.1");
    for (const x of [client, up])
      x.on("error", () => {
        client.destroy();
        up.destroy();
      });
    let victimTx = false;
    let inData = false;
    let lock: Transaction | null = null;
    client.on("data", (chunk: Buffer) => {
      if (chunk.toString("latin1").includes(`RCPT TO:<${victim}>`)) victimTx = true;
      if (!cut && inData && lock) {
        cut = true;
        client.resetAndDestroy();
        up.destroy();
        // The reset is on its way; now the database lets the gate through.
        void lock.rollback();
        return;
      }
      up.write(chunk);
    });
    up.on("data", (chunk: Buffer) => {
      if (!cut && victimTx && !inData && /^354/m.test(chunk.toString("latin1"))) {
        inData = true;
        // Another writer takes the database before the body is sent, so the gate will wait for it.
        client.pause();
        void holdWrites().then((tx) => {
          lock = tx;
          client.write(chunk);
          client.resume();
        });
        return;
      }
      client.write(chunk);
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`, wasCut: () => cut };
}

/** A relay to the sink that passes `victim`'s end of data on but resets the connection instead of relaying the reply. */
async function resetOnReplyTo(victim: string) {
  let cut = false;
  const server = net.createServer((client) => {
    const up = net.connect(s.sink.port, "127.0.0.1");
    for (const x of [client, up])
      x.on("error", () => {
        client.destroy();
        up.destroy();
      });
    let victimTx = false;
    let markSent = false;
    // The mark may come in a chunk of its own (after a slower gate, e.g. on a database server): look at the stream's end.
    let tail = "";
    client.on("data", (chunk: Buffer) => {
      const text = chunk.toString("latin1");
      tail = (tail + text).slice(-5);
      if (text.includes(`RCPT TO:<${victim}>`)) victimTx = true;
      if (victimTx && tail === "\r\n.\r\n") markSent = true;
      up.write(chunk);
    });
    up.on("data", (chunk: Buffer) => {
      if (!cut && markSent && /^250/m.test(chunk.toString("latin1"))) {
        cut = true;
        client.resetAndDestroy();
        up.destroy();
        return;
      }
      client.write(chunk);
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`, wasCut: () => cut };
}

describe("a connection reset around the end of data", () => {
  it("is sent again: the recipient gets the mail once", async () => {
    const people = [await createMember(s.db, { tag: "rst-a" }), await createMember(s.db, { tag: "rst-b" }), await createMember(s.db, { tag: "rst-c" })];
    const nl = await createNewsletter(s.db, null, { subject: "リセット再送", body: "切断されても一通", audience: { kind: "all" } });
    await scheduleNewsletter(s.db, nl.id);
    await prepareNewsletter(s.db, nl.id);
    const victim = people[1]!.email;
    const relay = await resetOnBodyOf(victim, () => s.db.$client.transaction("write"));

    const sender = new SmtpSender(relay.url);
    const r = await runDeliveries(s.db, { newsletterId: nl.id }, { sender, rate: createRateGate({ perSecond: 0 }), leaseMs: 2000 });
    sender.close();
    expect(relay.wasCut()).toBe(true);
    expect(r).toMatchObject({ sent: 3, failed: 0 });

    const row = await s.db.select().from(newsletter_deliveries).where(eq(newsletter_deliveries.email, victim)).get();
    // Claimed twice (the reset, then the resend), recorded as plainly sent — not "unconfirmed".
    expect(row).toMatchObject({ status: "sent", attempts: 2, error: null });
    await new Promise((res) => setTimeout(res, 200));
    expect(people.map((p) => s.sink.to(p.email).filter((m) => m.subject.includes("リセット再送")).length)).toEqual([1, 1, 1]);
  });

  it("after the mark it stays ambiguous: recorded as unconfirmed, never sent twice", async () => {
    const people = [await createMember(s.db, { tag: "amb-a" }), await createMember(s.db, { tag: "amb-b" })];
    const nl = await createNewsletter(s.db, null, { subject: "返事なし", body: "届いたかもしれない", audience: { kind: "all" } });
    await scheduleNewsletter(s.db, nl.id);
    await prepareNewsletter(s.db, nl.id);
    const victim = people[0]!.email;
    const relay = await resetOnReplyTo(victim);

    const sender = new SmtpSender(relay.url);
    await runDeliveries(s.db, { newsletterId: nl.id }, { sender, rate: createRateGate({ perSecond: 0 }), leaseMs: 2000 });
    sender.close();
    expect(relay.wasCut()).toBe(true);
    const row = await s.db.select().from(newsletter_deliveries).where(eq(newsletter_deliveries.email, victim)).get();
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    expect(row?.error).toMatch(/^unconfirmed/);
    await new Promise((res) => setTimeout(res, 200));
    // The server did keep it: exactly one copy, never a second.
    expect(people.map((p) => s.sink.to(p.email).filter((m) => m.subject.includes("返事なし")).length)).toEqual([1, 1]);
  });
});
