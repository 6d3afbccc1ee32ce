/**
 * The app's migration: the schema and master data (db/migrate.ts), then the
 * data passes that need a domain's code — re-deriving the free-word keywords
 * of stored listings when their definition changed (KEYWORDS_VERSION; the FTS
 * triggers re-index them) and recomputing the stored former prices from the
 * price history when the 表示規約 rule changed (FORMER_PRICE_VERSION), and
 * re-deriving residual_at / net_yield / sekisan_ratio when the economics
 * definitions changed (ECONOMICS_VERSION), and mapping free-text 用途地域 to the
 * official zone names (LAND_USE_VERSION; first, so the keywords follow), and
 * last the planner's statistics for indexes a migration added. It sits
 * above db/ and the domains so db/ never imports a domain (issue 29). Used by
 * `npm run db:migrate`, the demo, the worker's start-up and every test database.
 */
import { analyzeNewIndexes, type Db } from "@/server/db";
import { MIGRATIONS_DIR, migrateSchema } from "@/server/db/migrate";
import { normaliseLandUses, rebuildKeywords, recomputeFormerPrices, rederiveEconomics } from "@/server/investments";

export { MIGRATIONS_DIR };

export function migrateDb(db: Db, opts: { migrationsFolder?: string } = {}): Promise<void> {
  // The data passes read the current schema: after a partial folder (a test building an older
  // database) the columns they select may not exist yet, so they wait for the full migration.
  const full = !opts.migrationsFolder || opts.migrationsFolder === MIGRATIONS_DIR;
  return migrateSchema(db, {
    ...opts,
    dataPasses: full ? [normaliseLandUses, rebuildKeywords, recomputeFormerPrices, rederiveEconomics, analyzeNewIndexes] : [],
  });
}
