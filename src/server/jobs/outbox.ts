import { and, asc, eq, isNull, lte } from "drizzle-orm";
import type { Queue } from "bullmq";
import type { Db } from "@/server/db";
import { outbox } from "@/server/db/schema";
import { logger } from "@/server/logger";
import { jobIdFor, jobs, type JobName, type JobPayload, type QueueName } from "./queues";

type Tx = Pick<Db, "insert">;

/**
 * Writes background work into the outbox inside the caller's transaction, so
 * the work exists if and only if the change committed. The relay delivers it.
 */
export async function enqueue<N extends JobName>(tx: Tx, name: N, payload: JobPayload<N>, key: string): Promise<void> {
  const data = jobs[name].payload.parse(payload);
  await tx.insert(outbox).values({ job: name, payload: data, job_id: jobIdFor(name, key) }).onConflictDoNothing();
}

/**
 * Moves pending outbox rows to BullMQ. The deterministic jobId makes a second
 * relay of the same row harmless (BullMQ ignores a duplicate id), so a crash
 * between add() and the update only causes a no-op retry.
 */
export async function relayOutbox(db: Db, queues: Record<QueueName, Queue>, limit = 100): Promise<number> {
  const rows = await db
    .select()
    .from(outbox)
    .where(and(isNull(outbox.relayed_at), lte(outbox.available_at, new Date())))
    .orderBy(asc(outbox.id))
    .limit(limit);
  let relayed = 0;
  for (const row of rows) {
    const def = jobs[row.job as JobName];
    if (!def) {
      await db.update(outbox).set({ last_error: `unknown job ${row.job}`, relayed_at: new Date() }).where(eq(outbox.id, row.id));
      continue;
    }
    try {
      await queues[def.queue].add(row.job, def.payload.parse(row.payload), {
        jobId: row.job_id,
        attempts: def.attempts,
        backoff: { type: "capped" },
        // Completed ids are kept a week to dedupe re-relays; secrets are not kept at all.
        removeOnComplete: def.sensitive ? true : { age: 7 * 24 * 3600 },
        removeOnFail: { age: 30 * 24 * 3600 },
      });
      await db
        .update(outbox)
        .set(def.sensitive ? { relayed_at: new Date(), payload: { scrubbed: true } } : { relayed_at: new Date() })
        .where(eq(outbox.id, row.id));
      relayed++;
    } catch (e) {
      // Redis down: leave the row pending; it is retried on the next tick.
      await db
        .update(outbox)
        .set({ attempts: row.attempts + 1, last_error: String(e).slice(0, 500) })
        .where(eq(outbox.id, row.id));
      logger.warn("outbox.relay_failed", { id: row.id, job: row.job, error: String(e) });
      break;
    }
  }
  return relayed;
}
