/**
 * Seed entry points (scripts/seed.ts only parses arguments and calls these):
 *  seedDemo   the demo data set for `npm run demo`
 *  seedScale  many listings / members / saved searches for load tests
 *  resetListingsAndMembers  what `--reset` wipes
 */
export { seedDemo, DEMO_DEFAULTS, type SeedDemoOptions, type SeedDemoResult } from "./demo";
export { seedScale, type SeedScaleOptions, type SeedScaleResult } from "./scale";
export { resetListingsAndMembers } from "./bulk";
