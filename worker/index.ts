import { closeDb, getDb } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { startJobRuntime } from "@/server/jobs/runtime";
import { keepSchedules, registerSchedules } from "@/server/jobs/schedules";
import { logger } from "@/server/logger";
import { warnIfLocalMediaOnSharedDatabase } from "@/server/media";
import { warmMatching } from "@/server/search";
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
// Registered again whenever Redis turns out to have lost them (see keepSchedules).
const scheduleKeeper = keepSchedules(runtime.queues, runtime.redis);
// Validate and compile every saved filter now, so the first listing published after a restart matches as fast as the rest.
void warmMatching(db)
  .then((r) => logger.info("matching.warm", { ...r, ms: Math.round(r.ms) }))
  .catch((e: unknown) => logger.warn("matching.warm_failed", { error: String(e) }));

warnIfLocalMediaOnSharedDatabase();
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
  scheduleKeeper.stop();
  await runtime.stop();
  await closeDb();
  logger.info("worker.stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
