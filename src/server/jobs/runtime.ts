import { Queue, Worker, type Job } from "bullmq";
import type { Redis } from "ioredis";
import type { Db } from "@/server/db";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { relayOutbox } from "./outbox";
import { queueNames, retryDelayMs, type QueueName } from "./queues";
import { createRedis } from "./redis";

export type Processors = Record<QueueName, (job: Job) => Promise<unknown>>;

/**
 * Queues, one Worker per queue and the outbox relay loop: what the worker
 * process runs, and what integration tests start in-process (with their own
 * Redis prefix) to exercise the real path.
 */
export function startJobRuntime(opts: { db: Db; processors: Processors; prefix?: string; redisUrl?: string; relayIntervalMs?: number; concurrency?: number }) {
  const prefix = opts.prefix ?? env().REDIS_PREFIX;
  const connections: Redis[] = [];
  const conn = () => {
    const c = createRedis("worker", opts.redisUrl);
    connections.push(c);
    return c;
  };
  const queueConn = conn();
  const queues = Object.fromEntries(queueNames.map((q) => [q, new Queue(q, { connection: queueConn, prefix })])) as Record<QueueName, Queue>;
  const workers = queueNames.map((q) => {
    const w = new Worker(q, opts.processors[q], {
      connection: conn(),
      prefix,
      concurrency: opts.concurrency ?? 2,
      settings: { backoffStrategy: (attemptsMade: number) => retryDelayMs(attemptsMade) },
    });
    w.on("failed", (job, err) => logger.error("job.failed", { queue: q, job: job?.name, id: job?.id, attempts: job?.attemptsMade, error: err.message }));
    w.on("error", (err) => logger.warn("worker.error", { queue: q, error: err.message }));
    return w;
  });

  let relaying: Promise<unknown> | null = null;
  const tick = () => {
    relaying ??= relayOutbox(opts.db, queues)
      .catch((e) => logger.warn("outbox.tick_failed", { error: String(e) }))
      .finally(() => {
        relaying = null;
      });
    return relaying;
  };
  const timer = setInterval(tick, opts.relayIntervalMs ?? 1000);

  return {
    queues,
    workers,
    relayNow: tick,
    /** Stop taking jobs, wait for running ones, close Redis. */
    async stop(): Promise<void> {
      clearInterval(timer);
      await relaying;
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all(Object.values(queues).map((q) => q.close()));
      await Promise.all(connections.map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
