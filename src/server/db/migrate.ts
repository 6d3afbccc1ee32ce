import { migrate } from "drizzle-orm/libsql/migrator";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "./index";
import { loadMasterData } from "./master-data";
// The one data migration that needs the app's code (buildKeywords): not a domain call from a page or router.
import { rebuildKeywords } from "@/server/investments/reindex";

/** drizzle/ relative to this file, so the migrator works from any working directory. */
export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../drizzle");

/**
 * Applies pending migrations, (re)loads the master data, then re-derives the
 * free-word keywords of stored listings when their definition changed
 * (KEYWORDS_VERSION; the FTS triggers re-index them). Used by
 * `npm run db:migrate`, the demo, the worker's start-up and every test database.
 */
export async function migrateDb(db: Db, opts: { migrationsFolder?: string } = {}): Promise<void> {
  await migrate(db, { migrationsFolder: opts.migrationsFolder ?? MIGRATIONS_DIR });
  await loadMasterData(db);
  await rebuildKeywords(db);
}
