import { Queue, type Job } from "bullmq";
import type { Redis } from "ioredis";
import { env } from "@/server/env";
import { jobs, queueNames, type JobName, type QueueName } from "./queues";
import { createRedis } from "@/server/redis/create";

/**
 * The staff queue dashboard's view of BullMQ (an equivalent of bull-board on
 * the Queue API): counts per queue, schedulers, failed jobs with their error,
 * retry and remove. Web-side and fail-fast: Redis down gives an error the
 * page shows, never a hanging request. Payloads of `sensitive` jobs (links
 * with tokens, initial passwords) are never shown.
 */
let cached: { queues: Record<QueueName, Queue>; conn: Redis; prefix: string } | undefined;

function open() {
  const prefix = env().REDIS_PREFIX;
  if (cached && cached.prefix === prefix) return cached.queues;
  void closeAdminQueues();
  const conn = createRedis("client");
  const queues = Object.fromEntries(queueNames.map((q) => [q, new Queue(q, { connection: conn, prefix })])) as Record<QueueName, Queue>;
  for (const q of Object.values(queues)) q.on("error", () => undefined);
  cached = { queues, conn, prefix };
  return queues;
}

export async function closeAdminQueues(): Promise<void> {
  const c = cached;
  cached = undefined;
  if (!c) return;
  await Promise.all(Object.values(c.queues).map((q) => q.close().catch(() => undefined)));
  c.conn.disconnect();
}

export class QueueUnavailableError extends Error {
  constructor(cause: unknown) {
    super("ジョブキュー（Redis）に接続できません。しばらくしてから再読み込みしてください。");
    this.name = "QueueUnavailableError";
    this.cause = cause;
  }
}

/** Runs `fn` against the queues; a failure or a slow Redis drops the connection (rebuilt on the next call). */
async function withQueues<T>(fn: (queues: Record<QueueName, Queue>) => Promise<T>, timeoutMs = 4000): Promise<T> {
  const queues = open();
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      fn(queues),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
      }),
    ]);
  } catch (e) {
    if (e instanceof QueueUnavailableError) throw e;
    await closeAdminQueues();
    throw new QueueUnavailableError(e);
  } finally {
    clearTimeout(timer);
  }
}

const COUNT_TYPES = ["waiting", "active", "delayed", "prioritized", "completed", "failed"] as const;
export type QueueCounts = Record<(typeof COUNT_TYPES)[number], number>;

export type QueueOverview = {
  name: QueueName;
  counts: QueueCounts;
  schedulers: { id: string; job: string; pattern: string | null; every: number | null; tz: string | null; next: number | null }[];
};

export async function queueOverview(): Promise<QueueOverview[]> {
  return withQueues((queues) =>
    Promise.all(
      queueNames.map(async (name) => {
        const q = queues[name];
        const [counts, schedulers] = await Promise.all([q.getJobCounts(...COUNT_TYPES), q.getJobSchedulers(0, -1, true)]);
        return {
          name,
          counts: Object.fromEntries(COUNT_TYPES.map((t) => [t, counts[t] ?? 0])) as QueueCounts,
          schedulers: schedulers.map((s) => ({
            id: s.key,
            job: s.name,
            pattern: s.pattern ?? null,
            every: s.every ? Number(s.every) : null,
            tz: s.tz ?? null,
            next: s.next ?? null,
          })),
        };
      }),
    ),
  );
}

export type FailedJob = {
  id: string;
  name: string;
  error: string;
  /** First lines of the stack of the last attempt. */
  stack: string | null;
  attemptsMade: number;
  attempts: number;
  failedAt: number | null;
  createdAt: number;
  data: string;
};

const isSensitive = (name: string) => (jobs[name as JobName] as { sensitive?: boolean } | undefined)?.sensitive !== false;

function describe(job: Job): FailedJob {
  return {
    id: String(job.id),
    name: job.name,
    error: job.failedReason ?? "",
    stack: job.stacktrace?.length ? (job.stacktrace[job.stacktrace.length - 1] ?? "").split("\n").slice(0, 6).join("\n") : null,
    attemptsMade: job.attemptsMade,
    attempts: job.opts.attempts ?? 1,
    failedAt: job.finishedOn ?? null,
    createdAt: job.timestamp,
    // Mail jobs carry sign-up links and initial passwords: never on screen.
    data: isSensitive(job.name) ? "（内容は表示しません）" : JSON.stringify(job.data).slice(0, 500),
  };
}

export async function failedJobs(queue: QueueName, opts: { start?: number; count?: number } = {}): Promise<{ total: number; jobs: FailedJob[] }> {
  const start = opts.start ?? 0;
  const count = opts.count ?? 50;
  return withQueues(async (queues) => {
    const q = queues[queue];
    const [total, list] = await Promise.all([q.getFailedCount(), q.getFailed(start, start + count - 1)]);
    return { total, jobs: list.filter(Boolean).map((j) => describe(j as Job)) };
  });
}

/** Moves a failed job back to waiting (a fresh set of attempts). False when it is not failed (any more). */
export async function retryFailedJob(queue: QueueName, jobId: string): Promise<boolean> {
  return withQueues(async (queues) => {
    const job = await queues[queue].getJob(jobId);
    if (!job || !(await job.isFailed())) return false;
    await job.retry("failed", { resetAttemptsMade: true, resetAttemptsStarted: true });
    return true;
  });
}

export async function retryAllFailed(queue: QueueName): Promise<number> {
  return withQueues(async (queues) => {
    const n = await queues[queue].getFailedCount();
    if (n) await queues[queue].retryJobs({ state: "failed", count: 1000 });
    return n;
  });
}

export async function removeFailedJob(queue: QueueName, jobId: string): Promise<boolean> {
  return withQueues(async (queues) => {
    const job = await queues[queue].getJob(jobId);
    if (!job || !(await job.isFailed())) return false;
    await job.remove();
    return true;
  });
}
