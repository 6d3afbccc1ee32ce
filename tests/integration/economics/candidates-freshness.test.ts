import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { investments } from "@/server/db/schema";
import { resetEconomicsCachesForTests, similarCandidates } from "@/server/listings";
import { seededDb, type Seeded } from "../investments-pages/setup";

/**
 * The medians' candidate list (src/server/listings/economics.ts similarCandidates): fresh on a
 * database whose computation is fast; where it was slow (100,000 listings: 4–6 s), the previous
 * list keeps serving while one refresh runs in the background, and the next calls get the new one.
 */
let t: Seeded;
let id: number;
beforeAll(async () => {
  t = await seededDb();
  const row = await t.db
    .select({ id: investments.id })
    .from(investments)
    .where(and(eq(investments.public, true), eq(investments.members, false), sql`not_updated_at IS NULL`))
    .get();
  id = row!.id;
});
afterAll(() => {
  resetEconomicsCachesForTests();
  t?.cleanup();
});

const setMembers = (members: boolean) => t.db.update(investments).set({ members }).where(eq(investments.id, id));
const hasListing = async () => (await similarCandidates(t.db, "visitor")).some((c) => c.id === id);

describe("similar-listing candidates", () => {
  it("a fast computation is always awaited: a change shows on the next call", async () => {
    resetEconomicsCachesForTests();
    expect(await hasListing()).toBe(true);
    await setMembers(true);
    expect(await hasListing()).toBe(false);
    await setMembers(false);
    expect(await hasListing()).toBe(true);
  });

  it("after a slow computation the previous list serves while one refresh runs, then the new one", async () => {
    resetEconomicsCachesForTests({ slowMs: 0 }); // every computation counts as slow
    const before = await similarCandidates(t.db, "visitor");
    expect(before.some((c) => c.id === id)).toBe(true);
    await setMembers(true);
    // the same list object, at once (not recomputed in the request), and a burst shares it
    const burst = await Promise.all(Array.from({ length: 5 }, () => similarCandidates(t.db, "visitor")));
    for (const list of burst) expect(list).toBe(before);
    await expect.poll(hasListing, { timeout: 10_000 }).toBe(false);
    await setMembers(false);
    await expect.poll(hasListing, { timeout: 10_000 }).toBe(true);
  });
});
