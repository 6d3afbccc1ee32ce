import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, timestamp } from "./_columns";

/**
 * Background work written in the same transaction as the change that causes it.
 * A relay moves pending rows to BullMQ (job name + deterministic job_id) and
 * marks them relayed; Redis being down only delays the relay.
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    job: text("job").notNull(),
    payload: text("payload", { mode: "json" }).$type<unknown>().notNull(),
    /** Deterministic BullMQ job id (no ':' and not all digits). */
    job_id: text("job_id").notNull(),
    available_at: timestamp("available_at")
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    relayed_at: timestamp("relayed_at"),
    attempts: integer("attempts").notNull().default(0),
    last_error: text("last_error"),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("outbox_job_id_uq").on(t.job_id), index("outbox_pending_idx").on(t.relayed_at, t.available_at)],
);
