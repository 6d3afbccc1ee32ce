import { and, asc, eq, isNull, lte } from "drizzle-orm";
import type { Queue } from "bullmq";
import type { Db } from "@/server/db";
import { outbox } from "@/server/db/schema";
import { logger } from "@/server/logger";
import { jobIdFor, jobOptions, jobs, type JobName, type JobPayload, type QueueName } from "./queues";

type Tx = Pick<Db, "insert">;

export type EnqueueOptions = {
  /** Not relayed before this moment (a delayed job that survives a Redis flush: debounce windows, scheduled sends). */
  availableAt?: Date;
};

/**
 * Writes background work into the outbox inside the caller's transaction, so
 * the work exists if and only if the change committed. The relay delivers it.
 * The same key twice is one job (the second insert is ignored).
 */
export async function enqueue<N extends JobName>(tx: Tx, name: N, payload: JobPayload<N>, key: string, opts: EnqueueOptions = {}): Promise<void> {
  const data = jobs[name].payload.parse(payload);
  await tx
    .insert(outbox)
    .values({ job: name, payload: data, job_id: jobIdFor(name, key), ...(opts.availableAt ? { available_at: opts.availableAt } : {}) })
    .onConflictDoNothing();
}

/** Many jobs of one kind in one go (multi-row inserts): the matching of a listing queues hundreds of notifications. */
export async function enqueueMany<N extends JobName>(
  tx: Tx,
  name: N,
  items: readonly { payload: JobPayload<N>; key: string }[],
  opts: EnqueueOptions = {},
): Promise<void> {
  const rows = items.map((it) => ({
    job: name,
    payload: jobs[name].payload.parse(it.payload),
    job_id: jobIdFor(name, it.key),
    ...(opts.availableAt ? { available_at: opts.availableAt } : {}),
  }));
  for (let i = 0; i < rows.length; i += 500)
    await tx
      .insert(outbox)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
}

/**
 * Moves pending outbox rows to BullMQ. The deterministic jobId makes a second
 * relay of the same row harmless (BullMQ ignores a duplicate id), so a crash
 * between add() and the update only causes a no-op retry.
 *
 * Redis down: the queue's connection holds the add() until Redis is back (so
 * one add is in flight at most, never a burst of re-adds); the row stays
 * pending meanwhile and the mutation that wrote it has long succeeded.
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
    const parsed = def?.payload.safeParse(row.payload);
    if (!def || !parsed?.success) {
      // Never relayable: park it (with the reason) instead of blocking every row behind it.
      const reason = def ? `invalid payload: ${parsed?.error?.message ?? "?"}` : `unknown job ${row.job}`;
      await db
        .update(outbox)
        .set({ last_error: reason.slice(0, 500), relayed_at: new Date() })
        .where(eq(outbox.id, row.id));
      logger.error("outbox.dead_letter", { id: row.id, job: row.job, error: reason.slice(0, 200) });
      continue;
    }
    try {
      await queues[def.queue].add(row.job, parsed.data, { jobId: row.job_id, ...jobOptions(row.job as JobName) });
      await db
        .update(outbox)
        .set(def.sensitive ? { relayed_at: new Date(), payload: { scrubbed: true } } : { relayed_at: new Date() })
        .where(eq(outbox.id, row.id));
      relayed++;
    } catch (e) {
      // Redis refused: leave the row pending; it is retried on the next tick.
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
