import type { Job } from "bullmq";
import type { Db } from "@/server/db";
import { jobs } from "@/server/jobs/queues";
import { logger } from "@/server/logger";
import { loanTermsByMember } from "@/server/members";
import { matchInvestment, notifyMember, runMatchingDigest } from "@/server/search";

/**
 * matching queue: a listing against every saved filter, the instant mail, the 8:00 digest. The mails
 * read each member's own loan terms (the price-cut 月間CF line) through members' loanTermsByMember.
 */
export async function processMatching(db: Db, job: Job): Promise<unknown> {
  switch (job.name) {
    case "matchInvestment": {
      const p = jobs.matchInvestment.payload.parse(job.data);
      const r = await matchInvestment(db, p.investmentId, p.reason);
      logger.info("matching.done", { investmentId: p.investmentId, reason: p.reason, ...r, ms: Math.round(r.ms.total) });
      return r;
    }
    case "notifyMatchings": {
      const p = jobs.notifyMatchings.payload.parse(job.data);
      const n = await notifyMember(db, p.userId, "instant", { loanTerms: loanTermsByMember });
      return { matchings: n };
    }
    case "matchingDigest": {
      jobs.matchingDigest.payload.parse(job.data);
      const r = await runMatchingDigest(db, { loanTerms: loanTermsByMember });
      logger.info("matching.digest", r);
      return r;
    }
    default:
      throw new Error(`unknown matching job ${job.name}`);
  }
}
