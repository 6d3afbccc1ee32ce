import type { Queue, RepeatOptions } from "bullmq";
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
  // Nightly online backup at 3:30 JST.
  { id: "backupDatabase-0330-jst", job: "backupDatabase", repeat: { pattern: "30 3 * * *", tz: TZ }, data: { reason: "schedule" } },
  { id: "purgeExpired-hourly", job: "purgeExpired", repeat: { pattern: "17 * * * *", tz: TZ }, data: { reason: "schedule" } },
  // Staged listing photos nobody saved (the editor was closed): removed once past their 24-hour TTL.
  { id: "purgeStagedImages-hourly", job: "purgeStagedImages", repeat: { pattern: "47 * * * *", tz: TZ }, data: { reason: "schedule" } },
  // Newsletters a stopped worker left half-sent continue within a minute.
  { id: "resumeNewsletters-every-1m", job: "resumeNewsletters", repeat: { every: 60 * 1000 }, data: { reason: "schedule" } },
];

/** Registers every schedule and removes schedulers that are no longer defined (renamed or dropped). */
export async function registerSchedules(queues: Record<QueueName, Queue>): Promise<void> {
  const wanted = new Set(schedules.map((s) => s.id));
  for (const s of schedules) {
    const queue = queues[jobs[s.job].queue];
    await queue.upsertJobScheduler(s.id, s.repeat, { name: s.job, data: jobs[s.job].payload.parse(s.data), opts: jobOptions(s.job) });
  }
  for (const queue of Object.values(queues)) {
    for (const existing of await queue.getJobSchedulers(0, -1)) {
      if (existing.key && !wanted.has(existing.key)) await queue.removeJobScheduler(existing.key);
    }
  }
}
