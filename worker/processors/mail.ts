import type { Job } from "bullmq";
import type { Db } from "@/server/db";
import { jobs } from "@/server/jobs/queues";
import { logger } from "@/server/logger";
import { renderMail, type MailData } from "@/server/mail/templates";
import { deliver } from "@/server/mail/transport";
import { forgotPassword, mailLoginLink } from "@/server/accounts";

/** mail queue: account mails. A failure throws so BullMQ retries with backoff. */
export async function processMail(db: Db, job: Job): Promise<unknown> {
  if (job.name === "passwordResetRequest") {
    const p = jobs.passwordResetRequest.payload.parse(job.data);
    // Issues the link and queues its mail (nothing for an unknown or suspended address).
    await forgotPassword(db, p.kind, p.email);
    return { handled: true };
  }
  if (job.name === "loginLinkRequest") {
    const p = jobs.loginLinkRequest.payload.parse(job.data);
    await mailLoginLink(db, p.kind, p.accountId, p.intent);
    return { handled: true };
  }
  if (job.name !== "sendMail") throw new Error(`unknown mail job ${job.name}`);
  const p = jobs.sendMail.payload.parse(job.data);
  const { messageId } = await deliver(renderMail(p.template, p.to, p.data as MailData<typeof p.template>));
  logger.info("mail.sent", { template: p.template, jobId: job.id, messageId });
  return { messageId };
}
