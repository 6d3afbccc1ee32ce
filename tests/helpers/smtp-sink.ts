import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on 127.0.0.1 (random free port) that accepts every
 * message and keeps it parsed, so tests read mailed links the way a member
 * would. Plain SMTP only: no STARTTLS, authentication optional.
 */
export type ReceivedMail = {
  /** Lowercased recipient addresses from the To header. */
  to: string[];
  /** SMTP envelope recipients (RCPT TO). */
  envelopeTo: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
  receivedAt: number;
};

export type SmtpSink = {
  port: number;
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string;
  /** Every message received so far (since the last clear()). */
  readonly messages: ReceivedMail[];
  /** A position in the received list; pass it to waitFor to ignore what arrived before. */
  mark(): number;
  /**
   * Resolves with the first message that matches (already received after `since`,
   * or arriving later); rejects after timeoutMs.
   */
  waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs?: number, since?: number): Promise<ReceivedMail>;
  /** Messages addressed to `address`. */
  to(address: string): ReceivedMail[];
  clear(): void;
  stop(): Promise<void>;
};

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<{ predicate: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 500,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        PostalMime.parse(raw)
          .then((email) => {
            const to = (email.to ?? []).flatMap((a) => (a.group ? a.group.map((g) => g.address) : [a.address ?? ""]));
            const mail: ReceivedMail = {
              to: to.map((a) => a.toLowerCase()),
              envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              subject: email.subject ?? "",
              text: email.text ?? "",
              html: email.html ?? "",
              raw: raw.toString("utf8"),
              receivedAt: Date.now(),
            };
            messages.push(mail);
            for (const w of [...waiters]) {
              if (w.predicate(mail)) {
                waiters.delete(w);
                w.resolve(mail);
              }
            }
            callback();
          })
          .catch((e: unknown) => callback(e instanceof Error ? e : new Error(String(e))));
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // Errors after start-up (a client dropping the connection) are not test failures.
  server.on("error", () => undefined);
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    mark() {
      return messages.length;
    },
    waitFor(predicate, timeoutMs = 10_000, since = 0) {
      const found = messages.slice(since).find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (m: ReceivedMail) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = messages.map((m) => `${m.to.join(",")}: ${m.subject}`).join("\n  ");
          reject(new Error(`no matching mail within ${timeoutMs} ms; received:\n  ${seen || "(nothing)"}`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    to(address) {
      const a = address.toLowerCase();
      return messages.filter((m) => m.to.includes(a) || m.envelopeTo.includes(a));
    },
    clear() {
      messages.length = 0;
    },
    stop() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The first http(s) URL in a mail's text that contains `path`, e.g. "/signup/register". */
export function linkIn(mail: ReceivedMail, path: string): URL {
  const urls = mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
  const hit = urls.find((u) => u.includes(path));
  if (!hit) throw new Error(`no link containing ${path} in mail "${mail.subject}":\n${mail.text}`);
  return new URL(hit);
}

/** The token query parameter of the first link containing `path`. */
export function tokenIn(mail: ReceivedMail, path: string): string {
  const token = linkIn(mail, path).searchParams.get("token");
  if (!token) throw new Error(`link in "${mail.subject}" has no token`);
  return token;
}
