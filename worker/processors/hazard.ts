import type { Job } from "bullmq";
import type { Db } from "@/server/db";
import { announcePublicChange } from "@/server/cache/invalidation";
import { checkListingHazards, queueHazardChecks, type CheckOptions } from "@/server/hazards";
import { jobs } from "@/server/jobs/queues";
import { logger } from "@/server/logger";

/**
 * hazard queue (issue 34): checkHazards reads a listing's hazard tiles; a tile that could
 * not be fetched leaves the previous flags and fails the job, so BullMQ retries it on the
 * capped backoff (jobs.checkHazards.attempts). hazardNightly queues the listings due.
 */
export async function processHazard(db: Db, job: Job, opts: CheckOptions = {}): Promise<unknown> {
  switch (job.name) {
    case "checkHazards": {
      const { investmentId } = jobs.checkHazards.payload.parse(job.data);
      const r = await checkListingHazards(db, investmentId, opts);
      logger.info("hazard.checked", { investmentId, ...r });
      // Flags are on the detail page and hazard_out in the lists' hz counts: cached pages go stale.
      if (r.changed || r.hazardOutChanged) await announcePublicChange("hazard flags");
      if (r.failed.length) throw new Error(`hazard tiles unavailable for listing ${investmentId}: ${r.failed.join(", ")} (previous flags kept)`);
      return r;
    }
    case "hazardNightly": {
      jobs.hazardNightly.payload.parse(job.data);
      const queued = await queueHazardChecks(db);
      logger.info("hazard.nightly", { queued });
      return { queued };
    }
    default:
      throw new Error(`unknown hazard job ${job.name}`);
  }
}
