/** Scheduled upkeep: database backups, overdue listings, expired former prices, purging old rows. */
export { backupDatabase, databaseFile, listBackups, restoreDatabase, restoreToServer } from "./backup";
export { hideOverdueListings } from "./overdue";
export { purgeExpired } from "./purge";
export { expireFormerPrices } from "./former-prices";
export { remindNextUpdates } from "./update-reminder";
