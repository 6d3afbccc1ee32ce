import { randomUUID } from "node:crypto";
import type { Db } from "@/server/db";
import { enqueue } from "./outbox";
import type { MailData, MailTemplate } from "@/server/mail/templates";

/** Queues an account mail in the caller's transaction; the worker renders and sends it. */
export function queueMail<T extends MailTemplate>(tx: Pick<Db, "insert">, template: T, to: string, data: MailData<T>): Promise<void> {
  return enqueue(tx, "sendMail", { template, to, data }, `${template}-${randomUUID()}`);
}
