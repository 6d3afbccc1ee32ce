import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { investments } from "./investments";
import { bool, createdAt, timestamp, updatedAt } from "./_columns";

/** The owning member; the row goes with the account. */
const ownerId = () =>
  integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
/** The listing; the row goes with the listing. */
const listingId = () =>
  integer("investment_id")
    .notNull()
    .references(() => investments.id, { onDelete: "cascade" });

/**
 * What a member owns. Every row carries user_id and cascades with the member,
 * so permanently removing an account removes its bookmarks, filters and matchings.
 */
export const bookmarks = sqliteTable(
  "bookmarks",
  {
    user_id: ownerId(),
    investment_id: listingId(),
    /** Price when bookmarked, to show "値下げ since you saved it". */
    price_at_bookmark: integer("price_at_bookmark").notNull(),
    /** A saved cash-flow simulator scenario (investor tools). */
    scenario: text("scenario", { mode: "json" }).$type<Record<string, number>>(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.investment_id] }), index("bookmarks_investment_id_idx").on(t.investment_id)],
);

/** Saved search conditions: the query is the list page's search query object. */
export const filters = sqliteTable(
  "filters",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    user_id: ownerId(),
    name: text("name").notNull(),
    query: text("query", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("filters_user_id_name_uq").on(t.user_id, t.name)],
);

/** A listing that matched one of a member's filters; re-running matching never duplicates. */
export const matchings = sqliteTable(
  "matchings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    user_id: ownerId(),
    investment_id: listingId(),
    filter_id: integer("filter_id").references(() => filters.id, { onDelete: "set null" }),
    /** new | price_down */
    reason: text("reason").notNull(),
    price: integer("price").notNull(),
    price_before: integer("price_before"),
    read_at: timestamp("read_at"),
    notified_at: timestamp("notified_at"),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("matchings_user_id_investment_id_reason_uq").on(t.user_id, t.investment_id, t.reason),
    index("matchings_user_id_created_at_idx").on(t.user_id, t.created_at),
    index("matchings_notified_at_idx").on(t.notified_at),
    // Deleting a listing cascades here; without this index the cascade scans the table.
    index("matchings_investment_id_idx").on(t.investment_id),
  ],
);

export const notification_settings = sqliteTable("notification_settings", {
  user_id: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** instant | daily | off */
  matching: text("matching").notNull().default("instant"),
  newsletter: bool("newsletter").notNull().default(true),
  updated_at: updatedAt(),
});

/** Recently viewed listings of a member (investor tools; visitors keep theirs in the browser). */
export const investment_views = sqliteTable(
  "investment_views",
  {
    user_id: ownerId(),
    investment_id: listingId(),
    viewed_at: timestamp("viewed_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.investment_id] }),
    index("investment_views_user_id_viewed_at_idx").on(t.user_id, t.viewed_at),
    index("investment_views_investment_id_idx").on(t.investment_id),
  ],
);

/**
 * A member's own financing (issue 33, マイページ「融資条件」): the cash flow on cards and the
 * table, the cf_desc sort, the simulator's opening values and the price-cut mail's 月間CF change
 * are computed under these terms (src/lib/economics.ts cashFlow). One row per member; no row =
 * no terms saved (nothing shown). Rules: src/schemas/member/loan-terms.ts.
 */
export const loan_terms = sqliteTable("loan_terms", {
  user_id: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** 自己資金 円; when set it wins over down_payment_pct (economics LoanTerms.ownFunds). */
  own_funds: integer("own_funds"),
  /** 頭金 % of the price (the 諸費用 paid in cash on top). */
  down_payment_pct: real("down_payment_pct"),
  /** 金利 % per year, 0–15. */
  interest_pct: real("interest_pct").notNull(),
  /** 融資期間 years, 1–50. */
  years: integer("years").notNull(),
  /** 購入時諸費用 % of the price. */
  purchase_cost_pct: real("purchase_cost_pct").notNull(),
  updated_at: updatedAt(),
});
