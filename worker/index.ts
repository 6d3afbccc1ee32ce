import { closeDb, getDb } from "@/server/db";
import { migrateDb } from "@/server/db/migrate";
import { startJobRuntime } from "@/server/jobs/runtime";
import { logger } from "@/server/logger";
import { processorsFor } from "./processors";

/**
 * The worker process: relays the outbox to BullMQ and runs one Worker per
 * queue. SIGTERM/SIGINT: stop taking jobs, let running ones finish, close
 * Redis and the database.
 */
const db = await getDb();
await migrateDb(db);
const runtime = startJobRuntime({ db, processors: processorsFor(db) });

// Site counts stay right even if a change forgot to ask: refresh every 10 minutes.
await runtime.queues.maintenance.upsertJobScheduler("refreshSiteCounts-every-10m", { every: 10 * 60 * 1000 }, {
  name: "refreshSiteCounts",
  data: { reason: "schedule" },
});

logger.info("worker.started", { queues: Object.keys(runtime.queues) });

let shuttingDown = false;
async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info("worker.stopping", { signal });
  await runtime.stop();
  await closeDb();
  logger.info("worker.stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
