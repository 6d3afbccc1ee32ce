/**
 * The newsletter's SMTP client, built so a delivery can be committed exactly
 * at the point where the mail becomes real.
 *
 * In SMTP a message exists for the server only once the client sends the
 * end-of-data mark (CRLF.CRLF) and the server answers 250; a connection that
 * drops earlier leaves nothing behind (RFC 5321 §4.1.1.4, and smtp-server
 * discards the partial message). So the message is streamed in full, then the
 * stream waits for `gate()` — the database update that moves the delivery from
 * 'sending' to 'committing' — and only then ends, which makes nodemailer's
 * SMTPConnection write the end-of-data mark. If the gate refuses (another
 * worker took the delivery over, or the newsletter was cancelled) the stream
 * fails instead and the connection is dropped without the mark: nothing is
 * delivered.
 *
 * One connection per sender (a batch job), reused for every mail of the batch
 * and rebuilt after any error.
 */
import { Readable } from "node:stream";
import MailComposer from "nodemailer/lib/mail-composer";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import SMTPConnection from "nodemailer/lib/smtp-connection";
import { env } from "@/server/env";
import { deliver, type MailMessage } from "@/server/mail/transport";

export type Gate = () => Promise<boolean>;

export type SendOutcome =
  /** The server accepted the message. */
  | { status: "sent"; response: string }
  /** The gate refused: nothing was delivered. */
  | { status: "fenced" }
  /**
   * It failed. `afterGate`: the end-of-data mark may have been sent (the mail
   * may exist); `permanent`: the server refused this recipient or message
   * (5xx) — otherwise the failure is transient (connection, timeout, 4xx).
   */
  | { status: "error"; error: Error; afterGate: boolean; permanent: boolean; delivered: false };

class GateRefused extends Error {
  constructor() {
    super("delivery claim lost before end of data");
  }
}

/** The address part of MAIL_FROM ("名前 <a@b>" → a@b). */
function fromAddress(from: string): string {
  const m = /<([^>]+)>/.exec(from);
  return (m ? m[1]! : from).trim();
}

async function compile(message: MailMessage & { messageId: string }): Promise<Buffer> {
  const composer = new MailComposer({ from: env().MAIL_FROM, ...message, messageId: message.messageId });
  return new Promise<Buffer>((resolve, reject) => composer.compile().build((err, buf) => (err ? reject(err) : resolve(buf))));
}

/** The message, then (only if the gate agrees) its end. */
function gatedStream(body: Buffer, gate: Gate, onGate: () => void): Readable {
  let phase: "body" | "gate" | "done" = "body";
  return new Readable({
    read() {
      if (phase === "body") {
        phase = "gate";
        this.push(body);
        return;
      }
      if (phase !== "gate") return;
      phase = "done";
      gate().then(
        (ok) => {
          if (!ok) return this.destroy(new GateRefused());
          onGate();
          this.push(null);
        },
        (e: unknown) => this.destroy(e instanceof Error ? e : new Error(String(e))),
      );
    },
  });
}

const permanentCode = (e: unknown) => {
  const code = (e as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code !== 503;
};

export class NewsletterSender {
  private conn: SMTPConnection | null = null;
  private ready: Promise<SMTPConnection> | null = null;

  constructor(private readonly url: string | undefined = env().SMTP_URL) {}

  private connect(): Promise<SMTPConnection> {
    this.ready ??= new Promise<SMTPConnection>((resolve, reject) => {
      const opts = parseConnectionUrl(this.url!);
      const conn = new SMTPConnection({
        host: opts.host,
        port: opts.port,
        secure: opts.secure,
        tls: opts.tls as never,
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 120_000,
        socketCloseTimeout: 0,
      });
      conn.on("error", () => undefined);
      conn.once("end", () => {
        if (this.conn === conn) this.reset();
      });
      conn.connect((err) => {
        if (err) {
          this.reset();
          return reject(err);
        }
        if (!opts.auth) {
          this.conn = conn;
          return resolve(conn);
        }
        conn.login(opts.auth, (e) => {
          if (e) {
            conn.close();
            this.reset();
            return reject(e);
          }
          this.conn = conn;
          resolve(conn);
        });
      });
    });
    return this.ready;
  }

  private reset(): void {
    const c = this.conn;
    this.conn = null;
    this.ready = null;
    c?.close();
  }

  /**
   * Sends one message; `gate` runs after the whole message is with the
   * server and before its end-of-data mark. Never throws.
   */
  async send(message: MailMessage & { messageId: string }, gate: Gate): Promise<SendOutcome> {
    let gated = false;
    try {
      const body = await compile(message);
      if (!this.url) {
        // File outbox (development): the gate, then the file.
        if (!(await gate())) return { status: "fenced" };
        gated = true;
        await deliver({ ...message, headers: { ...message.headers, "Message-ID": message.messageId } });
        return { status: "sent", response: "file outbox" };
      }
      const conn = await this.connect();
      const info = await new Promise<{ response?: string }>((resolve, reject) => {
        conn.send({ from: fromAddress(env().MAIL_FROM), to: [message.to] }, gatedStream(body, gate, () => (gated = true)), (err, i) =>
          err ? reject(err) : resolve(i as { response?: string }),
        );
      });
      return { status: "sent", response: String(info.response ?? "") };
    } catch (e) {
      // Whatever went wrong, the connection is in an unknown state: drop it (an unfinished DATA is discarded by the server).
      this.reset();
      const refused = e instanceof GateRefused || (e as { cause?: unknown }).cause instanceof GateRefused || /claim lost/.test(String(e));
      if (refused && !gated) return { status: "fenced" };
      const error = e instanceof Error ? e : new Error(String(e));
      return { status: "error", error, afterGate: gated, permanent: permanentCode(e), delivered: false };
    }
  }

  close(): void {
    const c = this.conn;
    this.conn = null;
    this.ready = null;
    if (c) {
      try {
        c.quit();
      } catch {
        c.close();
      }
    }
  }
}
