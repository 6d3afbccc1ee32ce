/** Listing search: parameters → typed plan (plan.ts), the SQL (sql.ts), the in-memory predicate, and matching new listings against saved filters (matching/). */
export * from "./plan";
export * from "./predicate";
export * from "./sql";
export * from "./matching/saved-filters";
export * from "./matching/match-listing";
export * from "./matching/notify";
