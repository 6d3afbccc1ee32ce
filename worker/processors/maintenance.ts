import type { Job } from "bullmq";
import type { Db } from "@/server/db";
import { jobs } from "@/server/jobs/queues";
import { logger } from "@/server/logger";
import { refreshSiteCounts } from "@/server/services/options/counts";

/** maintenance queue: site counts now; backups, purges and overdue listings join in the worker issue. */
export async function processMaintenance(db: Db, job: Job): Promise<unknown> {
  switch (job.name) {
    case "refreshSiteCounts": {
      jobs.refreshSiteCounts.payload.parse(job.data);
      const counts = await refreshSiteCounts(db);
      logger.info("maintenance.counts", { counts });
      return counts;
    }
    default:
      throw new Error(`unknown maintenance job ${job.name}`);
  }
}
