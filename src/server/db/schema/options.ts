import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { updatedAt } from "./_columns";

/**
 * Site options (spec §3): key → JSON value. Keys in use:
 *  counts           { members, investment: { members, public } } computed after changes
 *  counts_override  the same shape, set by staff; a null member keeps the computed value
 *  holiday_note     string shown in the chrome
 *  keywords_version, former_price_version  the data passes of migrateDb already run
 */
export const site_options = sqliteTable("site_options", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).$type<unknown>().notNull(),
  updated_at: updatedAt(),
});
