import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { investments } from "./investments";
import { createdAt, timestamp, updatedAt } from "./_columns";

/**
 * Inquiries. Never lost: a deleted listing or member leaves the inquiry in place
 * (set null), and a member "deleting" one from their history only hides it.
 */
export const contacts = sqliteTable(
  "contacts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** investment | consult | other | sell | exchange */
    kind: text("kind").notNull(),
    investment_id: integer("investment_id").references(() => investments.id, { onDelete: "set null" }),
    /** Listing name and number at the time of the inquiry, kept if the listing goes. */
    investment_snapshot: text("investment_snapshot", { mode: "json" }).$type<{ no: string | null; name: string; price: number }>(),
    user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    inquiry: text("inquiry", { mode: "json" }).$type<{ main: string[]; other?: string | null }>(),
    last_name: text("last_name").notNull(),
    first_name: text("first_name"),
    kana_last: text("kana_last").notNull(),
    kana_first: text("kana_first"),
    salary: text("salary"),
    money: integer("money"),
    email: text("email").notNull(),
    tel: text("tel"),
    fax: text("fax"),
    contact: text("contact", { mode: "json" }).$type<{ method: string[]; time?: string | null }>(),
    content: text("content"),
    comment: text("comment"),
    company: text("company"),
    /** Form-specific details (sale appraisal property, exchange request…), validated by the form's schema. */
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>(),
    /** new | in_progress | done */
    status: text("status").notNull().default("new"),
    memo: text("memo"),
    /** Hash of the payload: a double submit within seconds stores one inquiry. */
    dedupe_key: text("dedupe_key"),
    hidden_by_user_at: timestamp("hidden_by_user_at"),
    ip: text("ip"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index("contacts_kind_created_at_idx").on(t.kind, t.created_at),
    index("contacts_created_at_idx").on(t.created_at),
    index("contacts_status_idx").on(t.status),
    index("contacts_user_id_idx").on(t.user_id, t.created_at),
    index("contacts_investment_id_idx").on(t.investment_id),
    index("contacts_dedupe_key_idx").on(t.dedupe_key, t.created_at),
  ],
);
