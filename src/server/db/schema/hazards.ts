import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { admins } from "./accounts";
import { investments } from "./investments";
import { timestamp } from "./_columns";

/**
 * Hazard flags of a listing (issue 34), one row per portal layer (src/lib/hazard.ts
 * HAZARD_LAYERS): what the worker read off the hazard map tile at the listing's exact
 * point, and staff's override, which wins. `class` is a legend key of the layer or
 * 'none' (a transparent pixel: no zone mapped there, which is not "safe"); status
 * 'unknown' means the tile could not be read (or its colour is not in the legend), so
 * the class is not believed. The derived investments.hazard_out (the hz search key)
 * is recomputed from these rows whenever they change (src/server/hazards).
 */
export const hazard_flags = sqliteTable(
  "hazard_flags",
  {
    investment_id: integer("investment_id")
      .notNull()
      .references(() => investments.id, { onDelete: "cascade" }),
    /** The portal's layer id (01_flood_l2_shinsuishin_data …). */
    layer: text("layer").notNull(),
    /** The worker's reading; null when it never read one. */
    class: text("class"),
    status: text("status", { enum: ["ok", "unknown"] }).notNull(),
    /** When the tile was last read successfully (null: never). */
    checked_at: timestamp("checked_at"),
    /** When the worker last tried (a failed read moves this, not checked_at). */
    attempted_at: timestamp("attempted_at"),
    /** The tile read: its URL (source and position in one). */
    source: text("source"),
    /** The exact point the class was read at: a later read at another point replaces it. */
    lat: real("lat"),
    lng: real("lng"),
    /** Why status is unknown (a fetch error, an unmatched colour), for staff. */
    error: text("error"),
    override_class: text("override_class"),
    override_note: text("override_note"),
    override_by: integer("override_by").references(() => admins.id, { onDelete: "set null" }),
    override_at: timestamp("override_at"),
  },
  (t) => [primaryKey({ columns: [t.investment_id, t.layer] }), index("hazard_flags_checked_idx").on(t.checked_at)],
);
