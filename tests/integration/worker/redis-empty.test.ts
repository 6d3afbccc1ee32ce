import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { jobs, queueNames, type QueueName } from "@/server/jobs/queues";
import { createRedis } from "@/server/redis/create";
import { schedules } from "@/server/jobs/schedules";
import { setTestEnv, uniquePrefix } from "../../helpers/accounts";
import { waitFor } from "./helpers";
import { killWorkers, spawnWorker, startPrivateRedis, type PrivateRedis, type WorkerProcess } from "./processes";
import { testDbUrl } from "../../helpers/db";

/**
 * Redis loses its data while the worker runs. The worker process runs on a
 * redis-server of this test's own, which is restarted empty (no persistence)
 * and later flushed without a restart; every repeatable job — its scheduler
 * and its next run — must be back within a minute, with nothing restarted.
 */
const prefix = uniquePrefix("re");
let dir: string;
let db: Db;
let dbUrl: string;
let redis: PrivateRedis;
let restoreEnv: () => void;
let worker: WorkerProcess;
let conn: ReturnType<typeof createRedis>;
let queues: Record<QueueName, Queue>;

/** Schedules whose scheduler or next job is missing from Redis. */
async function missingSchedules(): Promise<string[]> {
  const missing: string[] = [];
  for (const s of schedules) {
    const queue = queues[jobs[s.job].queue];
    const scheduler = await queue.getJobScheduler(s.id);
    const next = (await queue.getJobs(["delayed", "waiting", "active", "prioritized", "completed"], 0, 500)).some((j) => j?.repeatJobKey === s.id);
    if (!scheduler || !next) missing.push(s.id);
  }
  return missing;
}

/** Milliseconds from `since` until every schedule is back. */
async function timeToRestore(what: string, since: number): Promise<number> {
  await waitFor(async () => (await missingSchedules()).length === 0, 60_000, `schedules back after ${what}`).catch(async (e: unknown) => {
    throw new Error(`${String(e)}; still missing: ${(await missingSchedules()).join(", ")}\n${worker.output()}`);
  });
  return Date.now() - since;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "kir-redis-empty-"));
  dbUrl = await testDbUrl(dir, "app.db");
  restoreEnv = setTestEnv({ APP_URL: "http://localhost:3000", REDIS_PREFIX: prefix, DATABASE_URL: dbUrl });
  db = await openDb(dbUrl);
  await migrateDb(db);
  redis = await startPrivateRedis();
  conn = createRedis("worker", redis.url);
  queues = Object.fromEntries(queueNames.map((q) => [q, new Queue(q, { connection: conn, prefix })])) as Record<QueueName, Queue>;
  for (const q of Object.values(queues)) q.on("error", () => undefined);
});

afterAll(async () => {
  killWorkers();
  await Promise.all(Object.values(queues ?? {}).map((q) => q.close()));
  conn?.disconnect();
  await redis?.stop();
  db?.$client.close();
  restoreEnv?.();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("scheduled jobs when Redis comes back empty", () => {
  it("are registered again after a restart without persistence, and after a flush, without restarting the worker", async () => {
    worker = spawnWorker("worker", {
      DATABASE_URL: dbUrl,
      REDIS_URL: redis.url,
      REDIS_PREFIX: prefix,
      APP_URL: "http://localhost:3000",
      APP_SECRET: "redis-empty-secret-0123456789abcdef0123456789",
      BACKUP_DIR: path.join(dir, "backups"),
      MAIL_OUTBOX_DIR: path.join(dir, "outbox"),
      // The periodic check (a flush leaves the connection up); a reconnect triggers one at once.
      SCHEDULES_CHECK_SECONDS: "3",
      LOG_LEVEL: process.env.FAULTS_LOG ?? "warn",
    });
    await waitFor(async () => (await missingSchedules()).length === 0, 30_000, "schedules registered at start").catch((e: unknown) => {
      throw new Error(`${String(e)}\n${worker.output()}`);
    });

    // A marker key shows the data really went (the worker may restore the schedules before a test could look).
    const marker = `${prefix}:marker`;
    await conn.set(marker, "1");
    await redis.restartEmpty();
    const restartedAt = Date.now();
    expect(await conn.get(marker)).toBeNull();
    const afterRestart = await timeToRestore("a restart", restartedAt);

    await conn.set(marker, "1");
    await conn.flushall();
    const flushedAt = Date.now();
    expect(await conn.get(marker)).toBeNull();
    const afterFlush = await timeToRestore("a flush", flushedAt);
    console.info(`schedules back ${afterRestart} ms after Redis restarted empty, ${afterFlush} ms after FLUSHALL (check every 3 s)`);
    expect(afterRestart).toBeLessThan(60_000);
    expect(afterFlush).toBeLessThan(60_000);

    // Still the same process, and it still works: a graceful stop is clean.
    expect(worker.child.exitCode).toBeNull();
    worker.child.kill("SIGTERM");
    expect((await worker.exited).code, worker.output()).toBe(0);
  });
});
