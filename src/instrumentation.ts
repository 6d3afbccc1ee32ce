/**
 * Next's instrumentation hook: `register()` runs once when a server process
 * starts, before it takes requests. It starts loading the map's in-process
 * snapshot (src/server/map/snapshot.ts, about half a second at 100,000
 * listings) in the background, without waiting for it, so readiness is not
 * delayed and the first visitor of /investments/map does not pay the load.
 * Then the medians' candidates (src/server/listings/economics.ts), which every
 * list and detail needs for its deal line: at 100,000 listings their first
 * read took 18 s on a sqld primary, and the first visitor of a restarted node
 * waited for all of it (a visitor arriving during the warm-up joins it).
 * Node.js runtime only; never during `next build` (its workers start servers
 * to prerender, and the build has no business reading the database).
 */
import { PHASE_PRODUCTION_BUILD } from "next/constants";

export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return;
  const [{ getDb }, { warmMapSnapshot }, { similarCandidates }, { logger }] = await Promise.all([
    import("@/server/db"),
    import("@/server/map"),
    import("@/server/listings"),
    import("@/server/logger"),
  ]);
  const started = Date.now();
  // Not awaited: the server is ready at once; a viewport arriving first waits for this same load.
  void getDb()
    .then(async (db) => {
      const listings = await warmMapSnapshot(db);
      logger.info("map.snapshot_warm", { listings, ms: Date.now() - started });
    })
    .catch((err: unknown) => logger.warn("map.snapshot_warm_failed", { error: err instanceof Error ? err.message : String(err) }))
    .then(() => getDb())
    .then(async (db) => {
      const at = Date.now();
      for (const audience of ["visitor", "member"] as const) await similarCandidates(db, audience);
      logger.info("economics.candidates_warm", { ms: Date.now() - at });
    })
    .catch((err: unknown) => logger.warn("economics.candidates_warm_failed", { error: err instanceof Error ? err.message : String(err) }));
}
