import { migrate } from "drizzle-orm/libsql/migrator";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "./index";
import { loadMasterData } from "./master-data";

/** drizzle/ relative to this file, so the migrator works from any working directory. */
export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../drizzle");

/**
 * Applies pending migrations, then (re)loads the master data. Used by
 * `npm run db:migrate`, the demo, the worker's start-up and every test database.
 */
export async function migrateDb(db: Db, opts: { migrationsFolder?: string } = {}): Promise<void> {
  await migrate(db, { migrationsFolder: opts.migrationsFolder ?? MIGRATIONS_DIR });
  await loadMasterData(db);
}
