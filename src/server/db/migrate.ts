import { migrate } from "drizzle-orm/libsql/migrator";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "./index";
import { loadMasterData } from "./master-data";

/** drizzle/ relative to this file, so the migrator works from any working directory. */
export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../drizzle");

/** A data pass run after the schema is current (it needs a domain's code, which db/ must not import). */
export type DataPass = (db: Db) => Promise<unknown>;

/**
 * Applies pending migrations, (re)loads the master data, then runs the data
 * passes the caller hands in, in order. The app's passes are composed in
 * src/server/migrate.ts (migrateDb), so db/ stays below every domain.
 */
export async function migrateSchema(db: Db, opts: { migrationsFolder?: string; dataPasses?: readonly DataPass[] } = {}): Promise<void> {
  await migrate(db, { migrationsFolder: opts.migrationsFolder ?? MIGRATIONS_DIR });
  await loadMasterData(db);
  for (const pass of opts.dataPasses ?? []) await pass(db);
}
