import { Queue, Worker } from "bullmq";
import { closeDb, getDb } from "@/server/db";
import { migrateDb } from "@/server/db/migrate";
import { env } from "@/server/env";
import { relayOutbox } from "@/server/jobs/outbox";
import { queueNames, type QueueName } from "@/server/jobs/queues";
import { createRedis } from "@/server/jobs/redis";
import { logger } from "@/server/logger";
import { processMaintenance } from "./processors/maintenance";

/**
 * The worker process: relays the outbox to BullMQ and runs one Worker per
 * queue. SIGTERM/SIGINT: stop taking jobs, let running ones finish, close
 * Redis and the database.
 */
const db = await getDb();
await migrateDb(db);
const prefix = env().REDIS_PREFIX;
const connection = createRedis("worker");
const queues = Object.fromEntries(queueNames.map((q) => [q, new Queue(q, { connection, prefix })])) as Record<QueueName, Queue>;

const processors: Record<QueueName, (job: import("bullmq").Job) => Promise<unknown>> = {
  maintenance: (job) => processMaintenance(db, job),
};
const workerConnections = queueNames.map(() => createRedis("worker"));
const workers = queueNames.map(
  (q, i) => new Worker(q, processors[q], { connection: workerConnections[i]!, prefix, concurrency: 2 }),
);
for (const w of workers) {
  w.on("failed", (job, err) => logger.error("job.failed", { queue: w.name, job: job?.name, id: job?.id, error: err.message }));
}

// Site counts stay right even if a change forgot to ask: refresh every 10 minutes.
await queues.maintenance.upsertJobScheduler("refreshSiteCounts-every-10m", { every: 10 * 60 * 1000 }, {
  name: "refreshSiteCounts",
  data: { reason: "schedule" },
});

let relaying = false;
const relayTimer = setInterval(async () => {
  if (relaying) return;
  relaying = true;
  try {
    await relayOutbox(db, queues);
  } catch (e) {
    logger.warn("outbox.tick_failed", { error: String(e) });
  } finally {
    relaying = false;
  }
}, 1000);

logger.info("worker.started", { queues: queueNames });

let shuttingDown = false;
async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info("worker.stopping", { signal });
  clearInterval(relayTimer);
  // close() waits for running jobs to finish before resolving.
  await Promise.all(workers.map((w) => w.close()));
  await Promise.all(Object.values(queues).map((q) => q.close()));
  await Promise.all(workerConnections.map((c) => c.quit()));
  await connection.quit();
  await closeDb();
  logger.info("worker.stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
