import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { publicContentChanged, setPublicContentLive } from "@/server/cache/public-content";
import { investments } from "@/server/db/schema";
import { resetEconomicsCachesForTests, similarCandidates } from "@/server/listings";
import { setTestEnv } from "../../helpers/accounts";
import { seededDb, type Seeded } from "../investments-pages/setup";

/**
 * The medians' candidate list (src/server/listings/economics.ts similarCandidates): fresh on a
 * database whose computation is fast; where it was slow (100,000 listings: 4–6 s), the previous
 * list keeps serving while one refresh runs in the background, and the next calls get the new one.
 * While the process follows the announcements, the list lives until the next one, whatever the data
 * caches' TTL (a cluster's "nothing cached" nodes must not re-read every listing per request).
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
    // every computation counts as fast (the demo's takes 150–200 ms on the suite's sqld, near the bound)
    resetEconomicsCachesForTests({ slowMs: Number.POSITIVE_INFINITY });
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

  it("a slow list past its maximum age keeps serving while its refresh runs (nobody waits for it)", async () => {
    resetEconomicsCachesForTests({ slowMs: 0 }); // every computation counts as slow
    setPublicContentLive(true);
    const realNow = Date.now.bind(Date);
    try {
      const before = await similarCandidates(t.db, "visitor");
      expect(before.some((c) => c.id === id)).toBe(true);
      await setMembers(true);
      // eleven minutes on: past the list's maximum age (10 minutes), as on a quiet node
      vi.spyOn(Date, "now").mockImplementation(() => realNow() + 11 * 60_000);
      expect(await similarCandidates(t.db, "visitor")).toBe(before);
      await expect.poll(hasListing, { timeout: 10_000 }).toBe(false);
      await setMembers(false);
      publicContentChanged();
      expect(await hasListing()).toBe(false); // the announcement's refresh runs behind the previous list
      await expect.poll(hasListing, { timeout: 10_000 }).toBe(true);
    } finally {
      vi.restoreAllMocks();
      setPublicContentLive(false);
    }
  });

  it("while live, the list is kept until an announcement, even with the data caches off", async () => {
    const restore = setTestEnv({ DATA_CACHE_TTL_SECONDS: "0" });
    try {
      resetEconomicsCachesForTests({ slowMs: Number.POSITIVE_INFINITY });
      setPublicContentLive(true);
      const first = await similarCandidates(t.db, "visitor");
      expect(first.some((c) => c.id === id)).toBe(true);
      expect(await similarCandidates(t.db, "visitor")).toBe(first); // not re-read per request
      // a write nobody announced is not seen (the product announces every public change)...
      await setMembers(true);
      expect(await similarCandidates(t.db, "visitor")).toBe(first);
      // ...and an announcement brings it in on the next call
      publicContentChanged();
      expect(await hasListing()).toBe(false);
      await setMembers(false);
      publicContentChanged();
      expect(await hasListing()).toBe(true);
      // not following the announcements (Redis away): every call reads again
      setPublicContentLive(false);
      const a = await similarCandidates(t.db, "visitor");
      expect(await similarCandidates(t.db, "visitor")).not.toBe(a);
    } finally {
      setPublicContentLive(false);
      restore();
    }
  });
});
