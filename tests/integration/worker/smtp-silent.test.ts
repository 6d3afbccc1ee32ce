import net from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { newsletter_deliveries } from "@/server/db/schema";
import { createNewsletter, scheduleNewsletter } from "@/server/newsletters/admin";
import { deliveryCounts, prepareNewsletter, runDeliveries } from "@/server/newsletters/deliver";
import { createRateGate } from "@/server/newsletters/rate";
import { SmtpSender } from "@/server/mail/smtp";
import { createMember, useWorkerSuite } from "./helpers";

/**
 * Servers that accept the connection and then stop answering: every wait of
 * the newsletter sender has a bound (here shortened through SenderOptions),
 * so a batch neither hangs on a missing greeting nor on a missing reply to
 * the end of data, and a stop request ends the waiting at once.
 */
const s = useWorkerSuite({ runtime: false });
const servers: net.Server[] = [];
const sockets = new Set<net.Socket>();
afterAll(() => {
  for (const c of sockets) c.destroy();
  for (const srv of servers) srv.close();
});

/** A hand-written SMTP server: 'mute' never greets; 'no-final-reply' takes the message and never answers its end of data. */
async function fakeSmtp(mode: "mute" | "no-final-reply") {
  const server = net.createServer((c) => {
    sockets.add(c);
    c.on("close", () => sockets.delete(c));
    c.on("error", () => undefined);
    if (mode === "mute") return;
    c.write("220 fake ESMTP\r\n");
    let data = false;
    let buf = "";
    c.on("data", (chunk: Buffer) => {
      buf += chunk.toString("latin1");
      if (data) {
        if (buf.includes("\r\n.\r\n")) buf = ""; // …and then silence.
        return;
      }
      let i: number;
      while ((i = buf.indexOf("\r\n")) >= 0) {
        const line = buf.slice(0, i).toUpperCase();
        buf = buf.slice(i + 2);
        if (line.startsWith("EHLO") || line.startsWith("HELO")) c.write("250 fake\r\n");
        else if (line.startsWith("MAIL") || line.startsWith("RCPT") || line.startsWith("RSET")) c.write("250 ok\r\n");
        else if (line.startsWith("DATA")) {
          data = true;
          c.write("354 go ahead\r\n");
        } else if (line.startsWith("QUIT")) c.end("221 bye\r\n");
      }
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

async function newsletterFor(tag: string, n: number) {
  for (let i = 0; i < n; i++) await createMember(s.db, { tag: `${tag}${i}` });
  const nl = await createNewsletter(s.db, null, { subject: tag, body: "本文", audience: { kind: "all" } });
  await scheduleNewsletter(s.db, nl.id);
  await prepareNewsletter(s.db, nl.id);
  return nl.id;
}

const bounds = { connectTimeoutMs: 300, commandTimeoutMs: 300, retryMinMs: 50, retryMaxMs: 200 };

describe("an SMTP server that stops answering", () => {
  it("without a greeting: the batch keeps retrying the connection, claims nothing, and stops promptly when asked", async () => {
    const id = await newsletterFor("mute", 2);
    const sender = new SmtpSender(await fakeSmtp("mute"), bounds);
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 1500);
    const t = Date.now();
    const r = await runDeliveries(s.db, { newsletterId: id }, { sender, rate: createRateGate({ perSecond: 0 }), leaseMs: 2000, signal: stop.signal });
    sender.close();
    // Does not hang: the abort at 1.5 s ends it (a generous margin for a busy machine).
    expect(Date.now() - t).toBeLessThan(120_000);
    expect(r).toMatchObject({ sent: 0, failed: 0, interrupted: true });
    const rows = await s.db.select().from(newsletter_deliveries).where(eq(newsletter_deliveries.newsletter_id, id)).all();
    // The outage used up none of the deliveries' attempts.
    expect(rows.map((d) => [d.status, d.attempts])).toEqual(rows.map(() => ["pending", 0]));
  });

  it("after the end of data: the reply's wait is bounded, the mail counts as unconfirmed, the batch goes on", async () => {
    const id = await newsletterFor("no-final-reply", 2);
    // Everyone of earlier tests is in the audience too: count what this newsletter has.
    const total = (await deliveryCounts(s.db, id)).total;
    const sender = new SmtpSender(await fakeSmtp("no-final-reply"), bounds);
    const t = Date.now();
    const r = await runDeliveries(s.db, { newsletterId: id }, { sender, rate: createRateGate({ perSecond: 0 }), leaseMs: 2000 });
    sender.close();
    // Each message waits at most one command timeout for its reply.
    // Does not hang: without the bound each message would wait for the socket's own timeout (minutes).
    expect(Date.now() - t).toBeLessThan(total * 300 + 120_000);
    expect(r).toMatchObject({ sent: total, failed: 0 });
    const rows = await s.db.select().from(newsletter_deliveries).where(eq(newsletter_deliveries.newsletter_id, id)).all();
    expect(rows.every((d) => d.status === "sent" && d.attempts === 1 && d.error?.startsWith("unconfirmed"))).toBe(true);
  });
});
