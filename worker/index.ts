import { closeDb, getDb } from "@/server/db";
import { migrateDb } from "@/server/db/migrate";
import { env } from "@/server/env";
import { jobIdFor, jobOptions } from "@/server/jobs/queues";
import { startJobRuntime } from "@/server/jobs/runtime";
import { registerSchedules } from "@/server/jobs/schedules";
import { logger } from "@/server/logger";
import { processorsFor } from "./processors";

/**
 * The worker process: relays the outbox to BullMQ and runs one Worker per
 * queue, plus the job schedulers (8:00 digest, nightly backup, purges…).
 * SIGTERM/SIGINT: stop taking jobs, let running ones finish (a newsletter
 * batch hands its remaining recipients back), close Redis and the database.
 */
const db = await getDb();
await migrateDb(db);
const runtime = startJobRuntime({ db, processors: (ctx) => processorsFor(db, ctx) });

await registerSchedules(runtime.queues);
// A newsletter this worker's predecessor was sending when it died continues once the
// predecessor's claims have expired (the BullMQ stall check would also get there, later).
const startedAt = Date.now();
await runtime.queues.newsletter.add(
  "resumeNewsletters",
  { reason: "start-up" },
  { ...jobOptions("resumeNewsletters"), jobId: jobIdFor("resumeNewsletters", `boot-${startedAt}`), delay: env().NEWSLETTER_LEASE_SECONDS * 1000 + 500 },
);

logger.info("worker.started", { queues: Object.keys(runtime.queues), pid: process.pid });

let shuttingDown = false;
async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info("worker.stopping", { signal });
  // A job that ignores the request to stop must not keep the process forever; BullMQ's stall check recovers it.
  const force = setTimeout(() => {
    logger.error("worker.stop_timeout", { signal });
    process.exit(1);
  }, 60_000);
  force.unref();
  await runtime.stop();
  await closeDb();
  logger.info("worker.stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
