import type { Job } from "bullmq";
import type { Db } from "@/server/db";
import { jobs } from "@/server/jobs/queues";
import { announcePublicChange } from "@/server/cache/invalidation";
import { rederiveEconomics } from "@/server/investments";
import { logger } from "@/server/logger";
import { purgeStaleStaging } from "@/server/media";
import { backupDatabase, expireFormerPrices, hideOverdueListings, purgeExpired, remindNextUpdates } from "@/server/maintenance";
import { refreshSiteCounts } from "@/server/options";

/** maintenance queue: site counts, nightly backup, purges (expired rows, staged photos), overdue listings. */
export async function processMaintenance(db: Db, job: Job): Promise<unknown> {
  switch (job.name) {
    case "refreshSiteCounts": {
      jobs.refreshSiteCounts.payload.parse(job.data);
      const counts = await refreshSiteCounts(db);
      logger.info("maintenance.counts", { counts });
      // The header counts are on every page: the web processes' cached pages go stale.
      await announcePublicChange("counts");
      return counts;
    }
    case "backupDatabase": {
      jobs.backupDatabase.payload.parse(job.data);
      const r = await backupDatabase();
      logger.info("maintenance.backup", r);
      return r;
    }
    case "purgeExpired": {
      jobs.purgeExpired.payload.parse(job.data);
      const r = await purgeExpired(db);
      logger.info("maintenance.purge", r);
      return r;
    }
    case "purgeStagedImages": {
      jobs.purgeStagedImages.payload.parse(job.data);
      const r = await purgeStaleStaging();
      logger.info("maintenance.staging_purge", r);
      return r;
    }
    case "hideOverdueListings": {
      jobs.hideOverdueListings.payload.parse(job.data);
      const r = await hideOverdueListings(db);
      logger.info("maintenance.overdue", { hidden: r.hidden });
      if (r.hidden > 0) await announcePublicChange("overdue listings hidden");
      return r;
    }
    case "expireFormerPrices": {
      jobs.expireFormerPrices.payload.parse(job.data);
      const r = await expireFormerPrices(db);
      logger.info("maintenance.former_prices", { cleared: r.cleared });
      // The 値下げ badge already follows the clock; the cached lists and counts follow the flag.
      if (r.cleared > 0) await announcePublicChange("former prices expired");
      return r;
    }
    case "refreshEconomics": {
      jobs.refreshEconomics.payload.parse(job.data);
      const r = await rederiveEconomics(db, { force: true });
      logger.info("maintenance.economics", { changed: r.changed });
      // 積算比 is on cards, the detail and the sk search: cached pages and counts follow the new figures
      if (r.changed > 0) await announcePublicChange("economics refreshed");
      return r;
    }
    case "remindNextUpdates": {
      jobs.remindNextUpdates.payload.parse(job.data);
      const r = await remindNextUpdates(db);
      logger.info("maintenance.update_reminder", r);
      return r;
    }
    default:
      throw new Error(`unknown maintenance job ${job.name}`);
  }
}
