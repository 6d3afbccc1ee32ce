import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { InvestmentFormInput } from "@/schemas/admin/investment";
import { investment_price_histories, investments, outbox } from "@/server/db/schema";
import { logger } from "@/server/logger";
import { errorOf, useAccountSuite } from "../../helpers/accounts";
import { actors, uploadDir, validForm, type Actors } from "./helpers";

/**
 * Issue 30: fixing a price typo sent members 値下げ mails (three in 90 s about one listing). The
 * editor's 「訂正（通知しない・値下げ履歴に残さない）」 replaces a mistyped price: no matching, no
 * new price-history entry (the mistyped change, if one was recorded, is amended or dropped),
 * and it never sets price_down / the former price; real cuts keep src/lib/former-price.ts' rule.
 */
const s = useAccountSuite({ mail: false, env: { UPLOAD_DIR: uploadDir } });
let a: Actors;
beforeAll(async () => {
  a = await actors(s.db);
});
afterEach(() => vi.restoreAllMocks());

const create = (v: InvestmentFormInput) => a.admin.call((c) => c.admin.investments.create(v as never));
const update = (id: number, v: InvestmentFormInput, price: string, price_change?: string) =>
  a.admin.call((c) => c.admin.investments.update({ id, ...v, price, ...(price_change ? { price_change } : {}) } as never));
const row = (id: number) => s.db.select().from(investments).where(eq(investments.id, id)).get();
const history = async (id: number) =>
  (await s.db.select().from(investment_price_histories).where(eq(investment_price_histories.investment_id, id)).all()).map((h) => [h.price, h.price_before]);
const priceDownJobs = async (id: number) =>
  (await s.db.select().from(outbox).where(eq(outbox.job, "matchInvestment")).all()).filter(
    (j) => (j.payload as { investmentId: number; reason: string }).investmentId === id && (j.payload as { reason: string }).reason === "price_down",
  ).length;

/** Published 90 days ago at its price, so that a real cut now qualifies for a former price (表示規約: offered 2 months). */
async function listingOffered90Days(price = "12000") {
  const v = validForm({ price });
  const { id } = await create(v);
  await s.db
    .update(investments)
    .set({ public_at: new Date(Date.now() - 90 * 86_400_000) })
    .where(eq(investments.id, id));
  return { id, v };
}

describe("訂正: a price correction", () => {
  it("replaces a price typed wrong at registration: no history, no matching, no 値下げ, the yield follows", async () => {
    const audit = vi.spyOn(logger, "info");
    const { id, v } = await listingOffered90Days("12000");
    const r = await update(id, v, "10200", "correction");
    expect(r).toMatchObject({ priceCut: false, formerPriceShown: false, priceCorrected: true });
    expect(await row(id)).toMatchObject({ price: 10200, price_down: false, price_before: null, price_down_at: null, price_before_since: null, yield: 7.05 });
    expect(await history(id)).toEqual([]);
    expect(await priceDownJobs(id)).toBe(0);
    expect(audit).toHaveBeenCalledWith(
      "audit.investment_price_corrected",
      expect.objectContaining({ actorId: a.adminId, investmentId: id, from: 12000, to: 10200 }),
    );
  });

  it("the same change as 値下げ (the default) is a cut: history, matching and the former price", async () => {
    const { id, v } = await listingOffered90Days("12000");
    const r = await update(id, v, "10200");
    expect(r).toMatchObject({ priceCut: true, formerPriceShown: true, priceCorrected: false });
    expect(await row(id)).toMatchObject({ price: 10200, price_down: true, price_before: 12000 });
    expect(await history(id)).toEqual([[10200, 12000]]);
    expect(await priceDownJobs(id)).toBe(1);
  });

  it("fixing a mistyped cut amends that cut's history entry, keeps its former price, and mails nobody again", async () => {
    const { id, v } = await listingOffered90Days("12000");
    await update(id, v, "1100"); // meant 11000
    const cut = await row(id);
    expect(cut).toMatchObject({ price: 1100, price_down: true, price_before: 12000 });
    expect(await priceDownJobs(id)).toBe(1);

    await update(id, v, "11000", "correction");
    const fixed = await row(id);
    expect(fixed).toMatchObject({ price: 11000, price_down: true, price_before: 12000 });
    // The cut's dates stay those of the real cut.
    expect(fixed?.price_down_at).toEqual(cut?.price_down_at);
    expect(fixed?.price_before_since).toEqual(cut?.price_before_since);
    expect(await history(id)).toEqual([[11000, 12000]]);
    expect(await priceDownJobs(id)).toBe(1);
  });

  it("a correction back to the price before drops the mistaken change and its 値下げ", async () => {
    const { id, v } = await listingOffered90Days("12000");
    await update(id, v, "1200"); // meant to leave it
    await update(id, v, "12000", "correction");
    expect(await row(id)).toMatchObject({ price: 12000, price_down: false, price_before: null, price_down_at: null, price_before_since: null });
    expect(await history(id)).toEqual([]);
    expect(await priceDownJobs(id)).toBe(1);
  });

  it("never sets a former price: correcting below a price that had risen records nothing and stays without 値下げ", async () => {
    const { id, v } = await listingOffered90Days("12000");
    await update(id, v, "13000"); // a rise
    await update(id, v, "11500", "correction"); // the rise should have read 11500: not a cut anyone is told about
    expect(await row(id)).toMatchObject({ price: 11500, price_down: false, price_before: null });
    expect(await history(id)).toEqual([[11500, 12000]]);
    expect(await priceDownJobs(id)).toBe(0);
  });

  it("refuses an unknown kind of price change with a Japanese field message and changes nothing", async () => {
    const { id, v } = await listingOffered90Days("12000");
    const e = await errorOf(update(id, v, "9000", "silent"));
    expect(e.code).toBe("BAD_REQUEST");
    expect(e.fieldErrors?.price_change?.[0]).toMatch(/価格の変更の種類/);
    expect((await row(id))?.price).toBe(12000);
    expect(await history(id)).toEqual([]);
  });

  it("an unchanged price with 訂正 is an ordinary save", async () => {
    const { id, v } = await listingOffered90Days("12000");
    const r = await update(id, v, "12000", "correction");
    expect(r).toMatchObject({ priceCut: false, priceCorrected: false });
    expect(
      await s.db
        .select()
        .from(investment_price_histories)
        .where(and(eq(investment_price_histories.investment_id, id)))
        .all(),
    ).toEqual([]);
  });
});
