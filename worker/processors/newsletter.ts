import { DelayedError, type Job } from "bullmq";
import type { Db } from "@/server/db";
import { jobs } from "@/server/jobs/queues";
import type { Processor, RuntimeContext } from "@/server/jobs/runtime";
import { logger } from "@/server/logger";
import { prepareNewsletter, resumeNewsletters, runDeliveries, createRateGate, SmtpSender } from "@/server/newsletters";

/**
 * newsletter queue: fan-out (sendNewsletter), batches (newsletterBatch) and
 * the safety net (resumeNewsletters). On shutdown a batch finishes the mail in
 * hand and moves itself back to delayed — not failed, no attempt used, never
 * left active — so the next worker continues where it stopped.
 */
export function newsletterProcessor(db: Db, ctx?: RuntimeContext): Processor {
  // One SMTP rate limit for all workers (through Redis when the runtime provides it).
  const rate = createRateGate(ctx ? { redis: ctx.redis, prefix: ctx.prefix } : {});
  return async (job: Job, token?: string, signal?: AbortSignal) => {
    switch (job.name) {
      case "sendNewsletter": {
        const p = jobs.sendNewsletter.payload.parse(job.data);
        const r = await prepareNewsletter(db, p.newsletterId);
        logger.info("newsletter.prepared", { newsletterId: p.newsletterId, ...r });
        return r;
      }
      case "newsletterBatch": {
        const p = jobs.newsletterBatch.payload.parse(job.data);
        const sender = new SmtpSender();
        try {
          const r = await runDeliveries(db, p, { sender, rate, signal });
          if (r.interrupted && token) {
            await job.moveToDelayed(Date.now() + 1000, token);
            throw new DelayedError();
          }
          return r;
        } finally {
          sender.close();
        }
      }
      case "resumeNewsletters": {
        jobs.resumeNewsletters.payload.parse(job.data);
        // A batch BullMQ still holds (waiting, delayed, or active — a dead worker's until its lock expires) will run.
        const queue = ctx?.queues.newsletter;
        const hasLiveBatch = queue
          ? async (newsletterId: number) => {
              const held = await queue.getJobs(["active", "waiting", "delayed", "prioritized"], 0, 5000);
              return held.some((j) => j?.name === "newsletterBatch" && (j.data as { newsletterId?: number }).newsletterId === newsletterId);
            }
          : undefined;
        const r = await resumeNewsletters(db, { hasLiveBatch });
        if (r.prepared || r.resumed) logger.info("newsletter.resumed", r);
        return r;
      }
      default:
        throw new Error(`unknown newsletter job ${job.name}`);
    }
  };
}
