import { migrate } from "drizzle-orm/libsql/migrator";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "./index";
import { loadMasterData } from "./master-data";
// Data migrations that need the app's code (buildKeywords): not a domain call from a page or router.
import { rebuildKeywords } from "@/server/investments/reindex";
// Likewise the former-price columns, recomputed from the history by the rule's own code (表示規約).
import { recomputeFormerPrices } from "@/server/investments/former-price";

/** drizzle/ relative to this file, so the migrator works from any working directory. */
export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../drizzle");

/**
 * Applies pending migrations, (re)loads the master data, then re-derives the
 * free-word keywords of stored listings when their definition changed
 * (KEYWORDS_VERSION; the FTS triggers re-index them) and recomputes the
 * stored former prices from the price history when the 表示規約 rule changed
 * (FORMER_PRICE_VERSION). Used by
 * `npm run db:migrate`, the demo, the worker's start-up and every test database.
 */
export async function migrateDb(db: Db, opts: { migrationsFolder?: string } = {}): Promise<void> {
  await migrate(db, { migrationsFolder: opts.migrationsFolder ?? MIGRATIONS_DIR });
  await loadMasterData(db);
  await rebuildKeywords(db);
  await recomputeFormerPrices(db);
}
