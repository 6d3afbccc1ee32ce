import type { Job } from "bullmq";
import { jobs } from "@/server/jobs/queues";
import { logger } from "@/server/logger";
import { renderMail } from "@/server/mail/templates";
import { deliver } from "@/server/mail/transport";

/** mail queue: account mails. A failure throws so BullMQ retries with backoff. */
export async function processMail(job: Job): Promise<unknown> {
  if (job.name !== "sendMail") throw new Error(`unknown mail job ${job.name}`);
  const p = jobs.sendMail.payload.parse(job.data);
  const { messageId } = await deliver(renderMail(p.template, p.to, p.data as never));
  logger.info("mail.sent", { template: p.template, jobId: job.id, messageId });
  return { messageId };
}
