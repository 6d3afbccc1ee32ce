import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { investments } from "@/server/db/schema";
import { jobIdFor, jobOptions } from "@/server/jobs/queues";
import { registerSchedules } from "@/server/jobs/schedules";
import { DAY, insertListing, recordPriceChange, useWorkerSuite, waitFor } from "./helpers";

/**
 * 表示規約 (施行規則 (過去の販売価格を比較対照価格とする二重価格表示), six months): the scheduled expireFormerPrices job,
 * through the real worker, clears the stored 値下げ flag of cuts past six months
 * (the search feature and the map follow it) and leaves younger ones.
 */
const s = useWorkerSuite();

describe("expireFormerPrices (maintenance queue)", () => {
  it("is scheduled daily and clears only the cuts older than six months", async () => {
    await registerSchedules(s.runtime.queues);
    expect(await s.runtime.queues.maintenance.getJobScheduler("expireFormerPrices-0010-jst")).toBeTruthy();

    const now = Date.now();
    // cut 200 days ago (qualifying then: offered 100 days), as a save then stored it
    const old = await insertListing(s.db, { name: "半年超レジデンス", price: 9_000, public_at: new Date(now - 300 * DAY) });
    await recordPriceChange(s.db, old, 8_500, new Date(now - 200 * DAY));
    await s.db
      .update(investments)
      .set({ price_down: true, price_before: 9_000, price_down_at: new Date(now - 200 * DAY), price_before_since: new Date(now - 300 * DAY) })
      .where(eq(investments.id, old));
    // cut 10 days ago after 100 days at the old price: stays
    const young = await insertListing(s.db, { name: "値下げ直後レジデンス", price: 7_000, public_at: new Date(now - 110 * DAY) });
    await recordPriceChange(s.db, young, 6_500, new Date(now - 10 * DAY));
    expect((await s.db.select({ d: investments.price_down }).from(investments).where(eq(investments.id, young)).get())?.d).toBe(true);

    await s.runtime.queues.maintenance.add(
      "expireFormerPrices",
      { reason: "test" },
      { ...jobOptions("expireFormerPrices"), jobId: jobIdFor("expireFormerPrices", "t1") },
    );
    await waitFor(
      async () => (await s.db.select({ d: investments.price_down }).from(investments).where(eq(investments.id, old)).get())?.d === false,
      10_000,
      "old cut cleared",
    );
    expect(await s.db.select().from(investments).where(eq(investments.id, old)).get()).toMatchObject({
      price_before: null,
      price_down_at: null,
      price_before_since: null,
    });
    expect(await s.db.select().from(investments).where(eq(investments.id, young)).get()).toMatchObject({ price_down: true, price_before: 7_000 });
  });
});
