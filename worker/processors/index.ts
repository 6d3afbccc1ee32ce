import type { Db } from "@/server/db";
import type { Processors, RuntimeContext } from "@/server/jobs/runtime";
import { processHazard } from "./hazard";
import { processMail } from "./mail";
import { processMaintenance } from "./maintenance";
import { processMatching } from "./matching";
import { newsletterProcessor } from "./newsletter";

/**
 * One processor per queue. `ctx` (from startJobRuntime when passed as a
 * factory) shares the runtime's Redis for the newsletter rate limit; without
 * it the limit is per process.
 */
export function processorsFor(db: Db, ctx?: RuntimeContext): Processors {
  return {
    maintenance: (job) => processMaintenance(db, job),
    mail: (job) => processMail(db, job),
    matching: (job) => processMatching(db, job),
    newsletter: newsletterProcessor(db, ctx),
    hazard: (job) => processHazard(db, job),
  };
}
