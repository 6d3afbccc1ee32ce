import { Queue, Worker, type Job, type WorkerOptions } from "bullmq";
import type { Redis } from "ioredis";
import type { Db } from "@/server/db";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { relayOutbox } from "./outbox";
import { queueNames, retryDelayMs, type QueueName } from "./queues";
import { createRedis } from "@/server/redis/create";

/**
 * A queue's processor. `signal` aborts when the runtime stops: long jobs
 * (newsletter batches) finish the item in hand and hand the rest back;
 * short ones may ignore it and simply finish.
 */
export type Processor = (job: Job, token?: string, signal?: AbortSignal) => Promise<unknown>;
export type Processors = Record<QueueName, Processor>;

/** What a processor factory gets from the runtime. */
export type RuntimeContext = { queues: Record<QueueName, Queue>; prefix: string; redis: Redis };

/** Per-queue worker settings; the rest use the runtime's defaults. */
function queueSettings(q: QueueName): Partial<WorkerOptions> {
  if (q === "newsletter") {
    // Batches run for minutes at the SMTP rate limit; a few run side by side (the limit is shared through Redis).
    // The job lock is the delivery lease: a batch whose worker died is back in the queue within about
    // 1.5 leases, and a batch stalled repeatedly (crash loops) is retried, never failed for it — its
    // deliveries are fenced, so a second runner cannot double-send.
    const lease = env().NEWSLETTER_LEASE_SECONDS * 1000;
    return { concurrency: 4, lockDuration: lease, stalledInterval: Math.max(1000, Math.round(lease / 2)), maxStalledCount: 1000 };
  }
  return {};
}

const STOP_RELAY_WAIT_MS = 5000;
const REDIS_GONE_MS = 3000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/** Waits for `p`; if every connection has been down for REDIS_GONE_MS meanwhile, drops them and stops waiting. */
async function untilDoneOrRedisGone(p: Promise<unknown>, connections: Redis[]): Promise<void> {
  let done = false;
  void p.finally(() => (done = true)).catch(() => undefined);
  let downSince: number | null = null;
  while (!done) {
    await Promise.race([p.catch(() => undefined), sleep(200)]);
    if (done) return;
    if (connections.every((c) => c.status !== "ready")) {
      downSince ??= Date.now();
      if (Date.now() - downSince >= REDIS_GONE_MS) {
        logger.warn("runtime.stop_without_redis");
        for (const c of connections) c.disconnect();
        await Promise.race([p.catch(() => undefined), sleep(1000)]);
        return;
      }
    } else downSince = null;
  }
}

/**
 * Queues, one Worker per queue and the outbox relay loop: what the worker
 * process runs, and what integration tests start in-process (with their own
 * Redis prefix) to exercise the real path.
 */
export function startJobRuntime(opts: {
  db: Db;
  processors: Processors | ((ctx: RuntimeContext) => Processors);
  prefix?: string;
  redisUrl?: string;
  relayIntervalMs?: number;
  concurrency?: number;
}) {
  const prefix = opts.prefix ?? env().REDIS_PREFIX;
  const connections: Redis[] = [];
  const conn = () => {
    const c = createRedis("worker", opts.redisUrl);
    connections.push(c);
    return c;
  };
  const queueConn = conn();
  const queues = Object.fromEntries(queueNames.map((q) => [q, new Queue(q, { connection: queueConn, prefix })])) as Record<QueueName, Queue>;
  // Without a listener an 'error' event (Redis unreachable) would crash the process; the relay logs what fails.
  for (const q of Object.values(queues)) q.on("error", () => undefined);
  const processors = typeof opts.processors === "function" ? opts.processors({ queues, prefix, redis: queueConn }) : opts.processors;

  const workers = queueNames.map((q) => {
    const processor = processors[q];
    const w = new Worker(
      q,
      // Three parameters, so BullMQ hands the processor an AbortSignal (cancelAllJobs on stop).
      (job: Job, token?: string, signal?: AbortSignal) => processor(job, token, signal),
      {
        connection: conn(),
        prefix,
        concurrency: opts.concurrency ?? 2,
        settings: { backoffStrategy: (attemptsMade: number) => retryDelayMs(attemptsMade) },
        ...queueSettings(q),
      },
    );
    w.on("failed", (job, err) => logger.error("job.failed", { queue: q, job: job?.name, id: job?.id, attempts: job?.attemptsMade, error: err.message }));
    w.on("error", (err) => logger.warn("worker.error", { queue: q, error: err.message }));
    return w;
  });

  let relaying: Promise<unknown> | null = null;
  let stopped = false;
  let stopping: Promise<void> | null = null;
  const tick = () => {
    if (stopped) return Promise.resolve();
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
    prefix,
    /** The queues' connection: its 'ready' event marks every reconnect. */
    redis: queueConn,
    relayNow: tick,
    /**
     * Stop taking jobs, let the running ones finish (long ones are asked to
     * hand back their remaining work), close Redis. No job is left active.
     */
    stop(): Promise<void> {
      stopping ??= stopAll();
      return stopping;
    },
  };

  async function stopAll(): Promise<void> {
    stopped = true;
    clearInterval(timer);
    // A relay stuck on an unreachable Redis must not hold the shutdown; its row stays pending.
    await Promise.race([relaying, sleep(STOP_RELAY_WAIT_MS)]);
    // close() first, so a worker takes no new job, then ask the running ones to wrap up.
    const closing = Promise.all(workers.map((w) => w.close()));
    for (const w of workers) w.cancelAllJobs("shutdown");
    // Running jobs may take their time while Redis is there; with Redis gone nothing can finish, so give up after a few seconds.
    await untilDoneOrRedisGone(closing, connections);
    await Promise.race([Promise.all(Object.values(queues).map((q) => q.close())), sleep(2000)]);
    await Promise.all(
      connections.map(async (c) => {
        // quit() waits for Redis; when it is unreachable, drop the connection instead.
        const quit = c.quit().then(
          () => true,
          () => false,
        );
        if (!(await Promise.race([quit, sleep(2000).then(() => false)]))) c.disconnect();
      }),
    );
  }
}

export type JobRuntime = ReturnType<typeof startJobRuntime>;
