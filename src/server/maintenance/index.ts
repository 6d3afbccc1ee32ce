/** Scheduled upkeep: database backups, overdue listings, purging old rows. */
export * from "./backup";
export * from "./overdue";
export * from "./purge";
export * from "./update-reminder";
