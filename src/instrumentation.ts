/**
 * Next's instrumentation hook: `register()` runs once when a server process
 * starts, before it takes requests. It starts loading the map's in-process
 * snapshot (src/server/map/snapshot.ts, about half a second at 100,000
 * listings) in the background, without waiting for it, so readiness is not
 * delayed and the first visitor of /investments/map does not pay the load.
 * Node.js runtime only; never during `next build` (its workers start servers
 * to prerender, and the build has no business reading the database).
 */
import { PHASE_PRODUCTION_BUILD } from "next/constants";

export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return;
  const [{ getDb }, { warmMapSnapshot }, { logger }] = await Promise.all([import("@/server/db"), import("@/server/map"), import("@/server/logger")]);
  const started = Date.now();
  // Not awaited: the server is ready at once; a viewport arriving first waits for this same load.
  void getDb()
    .then(async (db) => {
      const listings = await warmMapSnapshot(db);
      logger.info("map.snapshot_warm", { listings, ms: Date.now() - started });
    })
    .catch((err: unknown) => logger.warn("map.snapshot_warm_failed", { error: err instanceof Error ? err.message : String(err) }));
}
