/** Scheduled upkeep: database backups, overdue listings, expired former prices, purging old rows. */
export * from "./backup";
export * from "./overdue";
export * from "./purge";
export * from "./former-prices";
export * from "./update-reminder";
