import { randomUUID } from "node:crypto";
import { env } from "@/server/env";
import { SmtpSender, type MailMessage } from "./smtp";

export type { MailMessage };

/**
 * Delivery of one account mail (sign-up, reset, inquiry, matching…), through
 * the one SMTP client (./smtp.ts) with an open gate: SMTP when SMTP_URL is set,
 * otherwise .eml files under MAIL_OUTBOX_DIR so the demo works offline. Never
 * called from a web request: mail is queued through the outbox and sent by the
 * worker, whose job retries a failure (this throws it).
 */
export async function deliver(message: MailMessage): Promise<{ messageId: string }> {
  const messageId = `<${randomUUID()}@${hostOf(env().MAIL_FROM)}>`;
  // A connection per message, as a mail job is one message (closed after it: nothing idles between jobs).
  const sender = new SmtpSender();
  try {
    const outcome = await sender.send({ ...message, messageId }, openGate);
    if (outcome.status === "sent") return { messageId };
    throw outcome.status === "error" ? outcome.error : new Error("mail not sent");
  } finally {
    sender.close();
  }
}

const openGate = () => Promise.resolve(true);

/** The domain of MAIL_FROM's address, for Message-IDs ("名前 <a@example.com>" → example.com). */
function hostOf(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split("@")[1]?.trim() || "localhost";
}
