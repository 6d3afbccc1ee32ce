import type { Queue, RepeatOptions } from "bullmq";
import type { Redis } from "ioredis";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { jobOptions, jobs, type JobName, type JobPayload, type QueueName } from "./queues";

/**
 * Repeatable work, as BullMQ job schedulers (upsertJobScheduler is idempotent,
 * so every worker start re-registers them and several workers agree). Times
 * are Japan time whatever the server's zone.
 */
type Schedule<N extends JobName = JobName> = {
  id: string;
  job: N;
  repeat: Omit<RepeatOptions, "key">;
  data: JobPayload<N>;
};

const TZ = "Asia/Tokyo";

export const schedules: Schedule[] = [
  // Site counts stay right even if a change forgot to ask: refresh every 10 minutes.
  { id: "refreshSiteCounts-every-10m", job: "refreshSiteCounts", repeat: { every: 10 * 60 * 1000 }, data: { reason: "schedule" } },
  // Daily-digest members: one mail at 8:00 JST.
  { id: "matchingDigest-0800-jst", job: "matchingDigest", repeat: { pattern: "0 8 * * *", tz: TZ }, data: { reason: "schedule" } },
  // Listings past 次回更新予定日 are hidden just after midnight JST (and again at noon, should a run fail).
  { id: "hideOverdueListings-0005-jst", job: "hideOverdueListings", repeat: { pattern: "5 0,12 * * *", tz: TZ }, data: { reason: "schedule" } },
  // Former prices past the six months of 表示規約 lose the 値下げ flag just after midnight JST (again at noon, should a run fail).
  { id: "expireFormerPrices-0010-jst", job: "expireFormerPrices", repeat: { pattern: "10 0,12 * * *", tz: TZ }, data: { reason: "schedule" } },
  // 9:00 JST: staff are told which listings reach their 次回更新予定日 tomorrow (a working-day morning mail).
  { id: "remindNextUpdates-0900-jst", job: "remindNextUpdates", repeat: { pattern: "0 9 * * *", tz: TZ }, data: { reason: "schedule" } },
  // Hazard flags (issue 34): listings with missing, unknown or month-old flags are read again at 2:40 JST.
  { id: "refreshEconomics-monthly-0220-jst", job: "refreshEconomics", repeat: { pattern: "20 2 1 * *", tz: TZ }, data: { reason: "schedule" } },
  { id: "hazardNightly-0240-jst", job: "hazardNightly", repeat: { pattern: "40 2 * * *", tz: TZ }, data: { reason: "schedule" } },
  // Nightly online backup at 3:30 JST.
  { id: "backupDatabase-0330-jst", job: "backupDatabase", repeat: { pattern: "30 3 * * *", tz: TZ }, data: { reason: "schedule" } },
  { id: "purgeExpired-hourly", job: "purgeExpired", repeat: { pattern: "17 * * * *", tz: TZ }, data: { reason: "schedule" } },
  // Staged listing photos nobody saved (the editor was closed): removed once past their 24-hour TTL.
  { id: "purgeStagedImages-hourly", job: "purgeStagedImages", repeat: { pattern: "47 * * * *", tz: TZ }, data: { reason: "schedule" } },
  // Newsletters a stopped worker left half-sent continue within a minute.
  { id: "resumeNewsletters-every-1m", job: "resumeNewsletters", repeat: { every: 60 * 1000 }, data: { reason: "schedule" } },
];

function upsert(queues: Record<QueueName, Queue>, s: Schedule) {
  return queues[jobs[s.job].queue].upsertJobScheduler(s.id, s.repeat, { name: s.job, data: jobs[s.job].payload.parse(s.data), opts: jobOptions(s.job) });
}

/** Registers every schedule and removes schedulers that are no longer defined (renamed or dropped). */
export async function registerSchedules(queues: Record<QueueName, Queue>): Promise<void> {
  const wanted = new Set(schedules.map((s) => s.id));
  for (const s of schedules) await upsert(queues, s);
  for (const queue of Object.values(queues)) {
    for (const existing of await queue.getJobSchedulers(0, -1)) {
      if (existing.key && !wanted.has(existing.key)) await queue.removeJobScheduler(existing.key);
    }
  }
}

/** Registers the schedules missing from Redis (leaving the others, and their next run, alone); returns their ids. */
export async function restoreMissingSchedules(queues: Record<QueueName, Queue>): Promise<string[]> {
  const missing: string[] = [];
  for (const s of schedules) {
    if (await queues[jobs[s.job].queue].getJobScheduler(s.id)) continue;
    await upsert(queues, s);
    missing.push(s.id);
  }
  return missing;
}

/**
 * Keeps the schedules in Redis while the worker runs. They live only there,
 * so a Redis that comes back empty (restarted without persistence, failed
 * over to an empty replica, flushed) would silently stop the backup, the
 * digest and the rest until the next worker start. Checked on every
 * reconnect of `redis` and every SCHEDULES_CHECK_SECONDS (a flush without a
 * reconnect); the check is a few reads, and only what is missing is written.
 */
export function keepSchedules(queues: Record<QueueName, Queue>, redis: Redis, opts: { intervalMs?: number } = {}): { stop(): void } {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const check = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = restoreMissingSchedules(queues)
      .then((ids) => {
        if (ids.length) logger.warn("schedules.restored", { ids });
      })
      // Redis gone again: the next reconnect or tick retries.
      .catch((e: unknown) => logger.warn("schedules.check_failed", { error: String(e) }))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          check();
        }
      });
  };
  const timer = setInterval(check, opts.intervalMs ?? env().SCHEDULES_CHECK_SECONDS * 1000);
  timer.unref();
  redis.on("ready", check);
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
      redis.off("ready", check);
    },
  };
}
