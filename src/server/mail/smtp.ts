/**
 * The one SMTP client (issue 29): account mail (transport.ts `deliver`, an open
 * gate) and newsletters (a gate per delivery) both send through SmtpSender. It
 * is built so a newsletter delivery can be committed exactly at the point where
 * the mail becomes real.
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
 * Passing the gate is not sending the mark: the mark may still sit in the
 * socket's buffer, or its write may fail on a connection already reset. A
 * failure counts as "after the end of data" (the mail may exist) only once
 * the mark's bytes were accepted by the kernel; before that it is retried.
 *
 * One connection per sender (a newsletter batch job, or one account mail),
 * reused for every mail of the batch and rebuilt after any error. Without
 * SMTP_URL a message goes to a .eml file under MAIL_OUTBOX_DIR instead (the
 * offline demo).
 */
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import MailComposer from "nodemailer/lib/mail-composer";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import SMTPConnection from "nodemailer/lib/smtp-connection";
import { env } from "@/server/env";
import { logger } from "@/server/logger";

/** A message as the templates render it (one recipient). */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
};

export type Gate = () => Promise<boolean>;

export type SendOutcome =
  /** The server accepted the message. */
  | { status: "sent"; response: string }
  /** The gate refused: nothing was delivered. */
  | { status: "fenced" }
  /**
   * It failed. `afterEndOfData`: the end-of-data mark had left (the mail may
   * exist); `permanent`: the server refused this recipient or message (5xx)
   * — otherwise the failure is transient (connection, timeout, 4xx).
   */
  | { status: "error"; error: Error; afterEndOfData: boolean; permanent: boolean; delivered: false };

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

/** Development without SMTP_URL: the message as a .eml file under MAIL_OUTBOX_DIR. */
async function writeOutboxFile(body: Buffer): Promise<void> {
  const dir = path.resolve(env().MAIL_OUTBOX_DIR);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`), body);
}

/** The message, then (only if the gate agrees) its end. Remembers where it is piped (nodemailer's data stream). */
class GatedStream extends Readable {
  destination: Writable | null = null;
  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    this.destination = destination as unknown as Writable;
    return super.pipe(destination, options);
  }
}

function gatedStream(body: Buffer, gate: Gate, onGate: () => void): GatedStream {
  let phase: "body" | "gate" | "done" = "body";
  return new GatedStream({
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

/** Thrown when an SMTP wait outlives its bound, or the sender is asked to stop. */
class SmtpWaitError extends Error {
  constructor(
    message: string,
    readonly code: "ETIMEDOUT" | "EABORT",
  ) {
    super(message);
  }
}

/** On shutdown, how long a message whose end of data is out may still wait for the server's reply. */
const ABORT_GRACE_MS = 5000;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });

export type SenderOptions = {
  /** Opening a connection: TCP connect, greeting, EHLO and login together. */
  connectTimeoutMs?: number;
  /** Each wait once connected (a reply, the data phase making no progress); a whole message gets four of them. */
  commandTimeoutMs?: number;
  /** Backoff between connection attempts: starts at retryMinMs, doubles up to retryMaxMs. */
  retryMinMs?: number;
  retryMaxMs?: number;
};

/**
 * Every wait on the network is bounded: nodemailer's own timers cover the
 * connection, the greeting and socket inactivity, and a timer here covers
 * each phase as a whole, because nodemailer reports some failures (a refused
 * connection among them) only as an 'error' event, never to the callback of
 * connect() — waiting on that callback alone hung a newsletter for good.
 */
export class SmtpSender {
  private conn: SMTPConnection | null = null;
  private opening: Promise<SMTPConnection> | null = null;
  private readonly connectTimeoutMs: number;
  private readonly commandTimeoutMs: number;
  private readonly retryMinMs: number;
  private readonly retryMaxMs: number;

  constructor(
    private readonly url: string | undefined = env().SMTP_URL,
    opts: SenderOptions = {},
  ) {
    this.connectTimeoutMs = opts.connectTimeoutMs ?? env().SMTP_CONNECT_TIMEOUT_SECONDS * 1000;
    this.commandTimeoutMs = opts.commandTimeoutMs ?? env().SMTP_COMMAND_TIMEOUT_SECONDS * 1000;
    this.retryMaxMs = opts.retryMaxMs ?? env().SMTP_RETRY_MAX_SECONDS * 1000;
    this.retryMinMs = Math.min(opts.retryMinMs ?? 250, this.retryMaxMs);
  }

  /** One connection attempt, settled within connectTimeoutMs whatever the server does. */
  private open(signal?: AbortSignal): Promise<SMTPConnection> {
    return new Promise<SMTPConnection>((resolve, reject) => {
      const opts = parseConnectionUrl(this.url!);
      const conn = new SMTPConnection({
        host: opts.host,
        port: opts.port,
        secure: opts.secure,
        tls: opts.tls as SMTPConnection.Options["tls"],
        connectionTimeout: this.connectTimeoutMs,
        greetingTimeout: this.connectTimeoutMs,
        socketTimeout: this.commandTimeoutMs,
        socketCloseTimeout: 0,
      });
      let settled = false;
      const finish = (err: Error | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        if (!err) return resolve(conn);
        conn.close();
        reject(err);
      };
      const timer = setTimeout(
        () => finish(new SmtpWaitError(`SMTP connection not ready within ${this.connectTimeoutMs} ms`, "ETIMEDOUT")),
        this.connectTimeoutMs,
      );
      const onAbort = () => finish(new SmtpWaitError("stopping", "EABORT"));
      signal?.addEventListener("abort", onAbort, { once: true });
      // Kept for the connection's whole life: an 'error' without a listener would crash the process.
      conn.on("error", (e: Error) => finish(e));
      conn.once("end", () => {
        finish(new Error("SMTP connection closed before it was ready"));
        if (this.conn === conn) this.reset();
      });
      conn.connect((err) => {
        if (err) return finish(err);
        if (!opts.auth) return finish(null);
        conn.login(opts.auth, (e) => finish(e ?? null));
      });
    });
  }

  private connect(signal?: AbortSignal): Promise<SMTPConnection> {
    if (this.conn) return Promise.resolve(this.conn);
    this.opening ??= this.open(signal).then(
      (c) => {
        this.opening = null;
        this.conn = c;
        return c;
      },
      (e: unknown) => {
        this.opening = null;
        throw e;
      },
    );
    return this.opening;
  }

  /**
   * Waits until the SMTP server takes a connection, retrying with backoff
   * (a server that is down must not use up deliveries' attempts). False when
   * `signal` aborts first. Without SMTP_URL (file outbox) it is always ready.
   */
  async ready(signal?: AbortSignal): Promise<boolean> {
    if (!this.url) return !signal?.aborted;
    let delay = this.retryMinMs;
    let failures = 0;
    const since = Date.now();
    for (;;) {
      if (signal?.aborted) return false;
      try {
        await this.connect(signal);
        if (failures) logger.info("newsletter.smtp_back", { failures, downMs: Date.now() - since });
        return true;
      } catch (e) {
        if (signal?.aborted) return false;
        failures++;
        // The first failure and then about one a minute: an outage should be visible, not flood the log.
        if (failures === 1 || failures % Math.max(1, Math.round(60_000 / this.retryMaxMs)) === 0)
          logger.warn("newsletter.smtp_unreachable", { failures, error: String((e as Error).message ?? e), retryInMs: delay });
        // Jitter, so the batches running side by side do not knock in step.
        await sleep(delay * (0.75 + Math.random() * 0.5), signal);
        delay = Math.min(this.retryMaxMs, delay * 2);
      }
    }
  }

  private reset(): void {
    const c = this.conn;
    this.conn = null;
    c?.close();
  }

  /**
   * Sends one message; `gate` runs after the whole message is with the
   * server and before its end-of-data mark. Never throws; bounded in time
   * (four command timeouts, plus however long the gate takes). `signal`
   * aborts the message (nothing delivered) unless its end-of-data mark is out.
   */
  async send(message: MailMessage & { messageId: string }, gate: Gate, signal?: AbortSignal): Promise<SendOutcome> {
    let gated = false;
    let markOut = false;
    try {
      const body = await compile(message);
      if (!this.url) {
        // File outbox (development): the gate, then the file.
        if (!(await gate())) return { status: "fenced" };
        gated = markOut = true;
        await writeOutboxFile(body);
        return { status: "sent", response: "file outbox" };
      }
      const conn = await this.connect(signal);
      const info = await new Promise<{ response?: string }>((resolve, reject) => {
        let settled = false;
        let deadline = setTimeout(
          () => fail(new SmtpWaitError(`SMTP transaction not finished within ${4 * this.commandTimeoutMs} ms`, "ETIMEDOUT")),
          4 * this.commandTimeoutMs,
        );
        const onAbort = () => {
          // Before the mark is out nothing can have been delivered: drop it now. After it the reply is worth a short wait.
          if (!markOut) return fail(new SmtpWaitError("stopping", "EABORT"));
          clearTimeout(deadline);
          deadline = setTimeout(
            () => fail(new SmtpWaitError("stopping: no reply to the end of data", "EABORT")),
            Math.min(this.commandTimeoutMs, ABORT_GRACE_MS),
          );
        };
        const cleanup = () => {
          settled = true;
          clearTimeout(deadline);
          signal?.removeEventListener("abort", onAbort);
          conn.removeListener("end", onEnd);
        };
        // close() (ours, or nodemailer's after some errors) can leave the send callback uncalled. Where
        // nodemailer does call it, it does so right after 'end': let that (more precise) error win.
        const onEnd = () => setImmediate(() => fail(new Error("SMTP connection closed during the transaction")));
        function fail(e: Error) {
          if (settled) return;
          cleanup();
          reject(e);
        }
        if (signal?.aborted) return fail(new SmtpWaitError("stopping", "EABORT"));
        signal?.addEventListener("abort", onAbort, { once: true });
        conn.once("end", onEnd);
        const stream = gatedStream(body, gate, () => {
          gated = true;
          // The gate's own time (a busy database) does not count against the server.
          clearTimeout(deadline);
          deadline = setTimeout(
            () => fail(new SmtpWaitError(`SMTP reply to the end of data not received within ${this.commandTimeoutMs} ms`, "ETIMEDOUT")),
            this.commandTimeoutMs,
          );
          // nodemailer's data stream ends once the mark is handed to socket.write; an empty write behind it
          // calls back when everything before it (the mark) is with the kernel, or fails if that write failed.
          const socket = conn._socket;
          stream.destination?.once("end", () => {
            if (socket && !socket.destroyed) socket.write(Buffer.alloc(0), (err) => (markOut = !err));
          });
        });
        conn.send({ from: fromAddress(env().MAIL_FROM), to: [message.to] }, stream, (err, i) => {
          if (settled) return;
          cleanup();
          if (err) reject(err);
          else resolve(i as { response?: string });
        });
      });
      return { status: "sent", response: String(info.response ?? "") };
    } catch (e) {
      // Whatever went wrong, the connection is in an unknown state: drop it (an unfinished DATA is discarded by the server).
      this.reset();
      const refused = e instanceof GateRefused || (e as { cause?: unknown }).cause instanceof GateRefused || /claim lost/.test(String(e));
      if (refused && !gated) return { status: "fenced" };
      const error = e instanceof Error ? e : new Error(String(e));
      return { status: "error", error, afterEndOfData: markOut, permanent: permanentCode(e), delivered: false };
    }
  }

  close(): void {
    const c = this.conn;
    this.conn = null;
    if (c) {
      try {
        c.quit();
      } catch {
        c.close();
      }
    }
  }
}
