// The hazards domain (issue 34): per-listing flags read off the hazard map portal's tiles,
// staff's overrides, and the nightly pass. Legend tables and wording: src/lib/hazard.ts.
export {
  checkListingHazards,
  queueHazardChecks,
  recomputeHazardOut,
  HAZARD_RECHECK_DAYS,
  HAZARD_NIGHTLY_LIMIT,
  type CheckOptions,
  type CheckResult,
} from "./check";
export { adminHazards, listingHazards, setHazardOverride, type AdminHazardFlag, type ListingHazards } from "./flags";
export { clearTileCache, TileUnavailableError } from "./tiles";
