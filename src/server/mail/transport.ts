import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/server/env";

/**
 * Delivery: SMTP when SMTP_URL is set, otherwise .eml files under
 * MAIL_OUTBOX_DIR so the demo works offline. Never called from a web request:
 * mail is queued through the outbox and sent by the worker.
 */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
};

let smtp: Transporter | undefined;
let fileWriter: Transporter | undefined;

function smtpTransport(url: string): Transporter {
  // Bounded waits (nodemailer's defaults are minutes): a job stuck on a silent server would hold a graceful stop.
  const e = env();
  smtp ??= nodemailer.createTransport(
    {
      url,
      connectionTimeout: e.SMTP_CONNECT_TIMEOUT_SECONDS * 1000,
      greetingTimeout: e.SMTP_CONNECT_TIMEOUT_SECONDS * 1000,
      socketTimeout: e.SMTP_COMMAND_TIMEOUT_SECONDS * 1000,
    },
    { from: e.MAIL_FROM },
  );
  return smtp;
}

export async function deliver(message: MailMessage): Promise<{ messageId: string }> {
  const mail = { from: env().MAIL_FROM, ...message };
  const url = env().SMTP_URL;
  if (url) {
    const info = await smtpTransport(url).sendMail(mail);
    return { messageId: String(info.messageId) };
  }
  fileWriter ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await fileWriter.sendMail(mail);
  const dir = path.resolve(env().MAIL_OUTBOX_DIR);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`);
  await writeFile(file, info.message as Buffer);
  return { messageId: String(info.messageId) };
}

/** Tests point SMTP_URL at a sink between suites. */
export function resetTransportsForTests(): void {
  smtp?.close();
  smtp = undefined;
  fileWriter = undefined;
}
