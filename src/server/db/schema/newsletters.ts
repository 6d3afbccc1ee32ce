import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { admins, users } from "./accounts";
import { createdAt, timestamp, updatedAt } from "./_columns";

export const newsletters = sqliteTable(
  "newsletters",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** { kind: 'all' } or a segment { areas?: number[], types?: number[], registeredFrom?, registeredTo? } */
    audience: text("audience", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    /** draft | scheduled | sending | sent | cancelled */
    status: text("status").notNull().default("draft"),
    scheduled_at: timestamp("scheduled_at"),
    started_at: timestamp("started_at"),
    finished_at: timestamp("finished_at"),
    total: integer("total").notNull().default(0),
    sent_count: integer("sent_count").notNull().default(0),
    failed_count: integer("failed_count").notNull().default(0),
    created_by: integer("created_by").references(() => admins.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index("newsletters_status_idx").on(t.status, t.scheduled_at)],
);

/**
 * One row per recipient, created before any mail goes out: the row's status is
 * what makes sending exactly-once across worker crashes.
 */
export const newsletter_deliveries = sqliteTable(
  "newsletter_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    newsletter_id: integer("newsletter_id")
      .notNull()
      .references(() => newsletters.id, { onDelete: "cascade" }),
    user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    /**
     * pending | sending | committing | sent | failed | skipped
     * (services/newsletters/deliver.ts: sending = claimed, the message may be
     * on its way but its end-of-data has not been sent; committing = the
     * end-of-data is being sent, so the mail counts as delivered).
     */
    status: text("status").notNull().default("pending"),
    error: text("error"),
    /** Claims so far; the current claim's number is its fencing token. */
    attempts: integer("attempts").notNull().default(0),
    /** When the current claim was taken; another worker may take over a 'sending' row after the lease. */
    claimed_at: timestamp("claimed_at"),
    message_id: text("message_id"),
    sent_at: timestamp("sent_at"),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("newsletter_deliveries_newsletter_id_email_uq").on(t.newsletter_id, t.email),
    index("newsletter_deliveries_newsletter_id_status_idx").on(t.newsletter_id, t.status),
  ],
);
