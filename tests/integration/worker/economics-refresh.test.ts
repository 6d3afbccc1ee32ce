import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { investments } from "@/server/db/schema";
import { deriveEconomics } from "@/server/investments/derive";
import { jobIdFor, jobOptions } from "@/server/jobs/queues";
import { registerSchedules } from "@/server/jobs/schedules";
import { insertListing, useWorkerSuite, waitFor } from "./helpers";

/**
 * The stored economics columns are as of their write (積算比's building part is 再調達価格 × 延床 ×
 * 残存/法定, which shrinks as the building ages): the monthly refreshEconomics job, through the real
 * worker, re-derives them, so the sk search and sekisan_desc follow the figure the detail prints.
 */
const s = useWorkerSuite();

describe("refreshEconomics (maintenance queue)", () => {
  it("is scheduled monthly and brings a stale 積算比 and NOI back to the model's", async () => {
    await registerSchedules(s.runtime.queues);
    expect(await s.runtime.queues.maintenance.getJobScheduler("refreshEconomics-monthly-0220-jst")).toBeTruthy();

    const inputs = {
      price: 9_000,
      income: { year: 6_300_000 },
      structure_cd: 2,
      built: { year: 2015, month: 11 },
      building_size: 400,
      land_size: 120,
      land_type: 1,
      road_price: 300_000,
      road_price_year: 2025,
      land_rights: { type: 1 },
    };
    // stored as a write a year ago would have left it (and noi / freehold not yet derived)
    const id = await insertListing(s.db, { ...inputs, sekisan_ratio: 1, net_yield: 1, noi: null, freehold: false });
    const want = deriveEconomics({ type_cd: 1, ...inputs, rent_roll: null });
    expect(want.sekisan_ratio).not.toBeNull();
    expect(want.noi).not.toBeNull();

    await s.runtime.queues.maintenance.add(
      "refreshEconomics",
      { reason: "test" },
      { ...jobOptions("refreshEconomics"), jobId: jobIdFor("refreshEconomics", "t1") },
    );
    await waitFor(
      async () => (await s.db.select({ r: investments.sekisan_ratio }).from(investments).where(eq(investments.id, id)).get())?.r !== 1,
      10_000,
      "積算比 refreshed",
    );
    const row = await s.db.select().from(investments).where(eq(investments.id, id)).get();
    expect(row).toMatchObject({ sekisan_ratio: want.sekisan_ratio, net_yield: want.net_yield, noi: want.noi, freehold: true });
  });
});
