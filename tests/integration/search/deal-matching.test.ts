/**
 * Issue 33, matching and saved conditions: a saved condition with ny / sk / ow / oc is
 * validated by the search schema, described in Japanese, counted, and matched against new
 * listings by the compiled predicate (matchInvestment writes the member's matching row only
 * for a listing that passes).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveFilterInput } from "@/schemas/filter";
import { describeQuery, parseSearchParams, searchQuery } from "@/schemas/search";
import type { Db } from "@/server/db";
import { filters, matchings, notification_settings, users } from "@/server/db/schema";
import { createFilter, listFilters } from "@/server/members";
import { clearCompiledFilters } from "@/server/search/matching/saved-filters";
import { matchInvestment } from "@/server/search/matching/match-listing";
import { compileQuery, loadMatchable } from "@/server/search/predicate";
import { NOW, insertListing, openSearchDb, type TestDb } from "./fixtures";

let t: TestDb;
let db: Db;
let userId = 0;

beforeAll(async () => {
  t = await openSearchDb();
  db = t.db;
  const user = await db
    .insert(users)
    .values({ email: "deal@example.com", password_hash: null, status: "active", last_name: "山田", first_name: "太郎" })
    .returning({ id: users.id })
    .get();
  userId = user.id;
  await db.insert(notification_settings).values({ user_id: userId, matching: "instant", newsletter: false });
});
afterAll(() => t?.cleanup());

describe("saved conditions with the deal's numbers", () => {
  it("validate (bad values are refused, not dropped) and read back canonical, described in Japanese", async () => {
    expect(saveFilterInput.safeParse({ name: "高利回り", query: { ny: 101 } }).success).toBe(false);
    expect(saveFilterInput.safeParse({ name: "高利回り", query: { sk: -1 } }).success).toBe(false);
    expect(saveFilterInput.safeParse({ name: "高利回り", query: { ow: 2 } }).success).toBe(false);
    const input = saveFilterInput.parse({ name: "実質6%・積算8割", query: { sk: "80", ny: "6", ow: 1, oc: "1" } });
    expect(input.query).toEqual({ ny: 6, sk: 80, ow: true, oc: true });
    const { _id } = await createFilter(db, userId, input);
    const [saved] = await listFilters(db, userId, { counts: true });
    expect(saved).toMatchObject({ _id, query: { ny: 6, sk: 80, ow: true, oc: true }, count: 0 });
    expect(describeQuery(saved!.query)).toEqual(["実質利回り6%以上", "積算比80%以上", "所有権のみ", "現況満室"]);
    await db.delete(filters).where(eq(filters.id, _id));
  });
});

describe("matching: a saved ny=6&sk=80 hears of a listing that passes, and only of it", () => {
  it("compiled predicate and matchInvestment", async () => {
    const query = searchQuery.parse(Object.fromEntries(new URLSearchParams("ny=6&sk=80")));
    const { _id: filterId } = await createFilter(db, userId, { name: "実質6%・積算8割", query });
    clearCompiledFilters(db);
    const ids = {
      passes: await insertListing(db, { name: "合格", net_yield: 6.4, sekisan_ratio: 85 }),
      boundary: await insertListing(db, { name: "境界", net_yield: 6, sekisan_ratio: 80 }),
      lowYield: await insertListing(db, { name: "実質不足", yield: 9, net_yield: 5.99, sekisan_ratio: 120 }),
      noSekisan: await insertListing(db, { name: "積算なし", net_yield: 8, sekisan_ratio: null }),
      noNetYield: await insertListing(db, { name: "実質なし", yield: 12, net_yield: null, sekisan_ratio: 150 }),
    };
    const accepts = compileQuery(parseSearchParams(new URLSearchParams("ny=6&sk=80")), NOW);
    const listings = await loadMatchable(db, Object.values(ids));
    expect(listings.filter(accepts).map((l) => l.id)).toEqual([ids.passes, ids.boundary]);

    for (const [name, id] of Object.entries(ids)) {
      const r = await matchInvestment(db, id, "new", { now: NOW });
      const hit = name === "passes" || name === "boundary";
      expect(r.hits, name).toBe(hit ? 1 : 0);
      expect(r.written, name).toBe(hit ? 1 : 0);
    }
    const rows = await db.select().from(matchings).where(eq(matchings.user_id, userId)).all();
    expect(rows.map((r) => [r.investment_id, r.filter_id]).sort()).toEqual(
      [
        [ids.passes, filterId],
        [ids.boundary, filterId],
      ].sort(),
    );
  });
});
