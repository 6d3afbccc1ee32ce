/**
 * The SQL search and the in-memory matcher agree (ARCHITECTURE "One search
 * definition"): for random listings (random fields, transports on real
 * stations, names and keywords from a small vocabulary with Japanese, mixed-case
 * ASCII, Greek and quotes) and random queries (every non-admin parameter,
 * free words cut from the inserted texts), the ids searchInvestments returns
 * are exactly the listings compileQuery accepts (and the audience may see), in
 * the order of the sort key.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearchParams } from "@/schemas/search";
import type { Db } from "@/server/db";
import { compileQuery, loadMatchable, matchesQuery } from "@/server/search/predicate";
import { countInvestments, searchInvestments } from "@/server/search/sql";
import type { Audience } from "@/server/listings";
import {
  insertListings,
  listingArb,
  loadStations,
  rawQueryArb,
  sortKey,
  toQuery as toSearchQuery,
  visible,
  type GenListing,
  type RawQuery,
  type Station,
} from "./arbitraries";
import { NOW, openSearchDb, searchIds, type TestDb } from "./fixtures";

let t: TestDb;
let db: Db;
let stations: Station[] = [];

beforeAll(async () => {
  t = await openSearchDb();
  db = t.db;
  stations = await loadStations(db);
});

afterAll(() => t?.cleanup());

const insertAll = (listings: GenListing[]) => insertListings(db, stations, listings);
const toQuery = (raw: RawQuery, listings: GenListing[]) => toSearchQuery(raw, listings, stations);

/* ---------------------------------------------------------------- property */

describe("SQL search ≡ in-memory matcher", () => {
  it("for random listings and random queries", async () => {
    let checked = 0;
    let nonEmpty = 0;
    let withFreeWord = 0;
    let withDealKeys = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(listingArb, { minLength: 40, maxLength: 60 }),
        fc.array(fc.tuple(rawQueryArb, fc.constantFrom<Audience>("admin", "admin", "member", "visitor")), { minLength: 4, maxLength: 4 }),
        async (listings, queries) => {
          await insertAll(listings);
          const all = await loadMatchable(
            db,
            listings.map((_, i) => i + 1),
          );
          expect(all).toHaveLength(listings.length);
          for (const [raw, audience] of queries) {
            const query = toQuery(raw, listings);
            const accepts = compileQuery(query, NOW);
            const expected = all.filter((l) => accepts(l) && visible(audience, listings[l.id - 1]!)).sort(sortKey(query.sr));
            const got = await searchIds(db, audience, query, NOW);
            expect(got, JSON.stringify({ query, audience })).toEqual(expected.map((l) => l.id));
            expect(await countInvestments(db, audience, query, NOW)).toBe(expected.length);
            // the list's own count (bounded; a free word's streamed through its MATCH) is exact below the bound
            expect((await searchInvestments(db, audience, query, { now: NOW })).total, JSON.stringify({ query, audience })).toBe(expected.length);
            checked++;
            if (expected.length) nonEmpty++;
            if (query.fw) withFreeWord++;
            // issue 33's keys and sorts
            if (query.ny !== undefined || query.sk !== undefined || query.ow || query.oc || query.sr === "net_yield_desc" || query.sr === "sekisan_desc")
              withDealKeys++;
          }
        },
      ),
      { numRuns: 200 },
    );
    // the generator must produce queries that find something, free words included
    expect(checked).toBeGreaterThanOrEqual(800);
    expect(nonEmpty / checked).toBeGreaterThan(0.2);
    expect(withFreeWord / checked).toBeGreaterThan(0.2);
    expect(withDealKeys / checked).toBeGreaterThan(0.1);
  }, 600_000);

  it("free words alone, with terms of every length at every position", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(listingArb, { minLength: 30, maxLength: 40 }),
        fc.array(
          rawQueryArb.map((r) => ({ fw: r.fw ?? [{ listing: 0, field: "name" as const, start: 0, length: 2, variant: "asis" as const }] })),
          {
            minLength: 5,
            maxLength: 5,
          },
        ),
        async (listings, queries) => {
          await insertAll(listings);
          const all = await loadMatchable(
            db,
            listings.map((_, i) => i + 1),
          );
          for (const raw of queries) {
            const query = toQuery(raw, listings);
            const expected = all.filter((l) => matchesQuery(l, query, NOW)).map((l) => l.id);
            const got = (await searchIds(db, "admin", query, NOW)).sort((a, b) => a - b);
            expect(got, JSON.stringify(query)).toEqual(expected);
            // every term comes from a listing, so (unless variants changed it) something is found
          }
        },
      ),
      { numRuns: 100 },
    );
  }, 600_000);
});

describe("matcher details", () => {
  it("a compiled predicate is reusable and matchesQuery agrees with it", async () => {
    const listings = fc.sample(listingArb, { numRuns: 30, seed: 42 });
    await insertAll(listings);
    const all = await loadMatchable(db, [3, 1, 2, 999]);
    expect(all.map((l) => l.id)).toEqual([3, 1, 2]);
    const query = parseSearchParams({ ty: ["1", "2", "6"], ly: "5" });
    const p = compileQuery(query, NOW);
    for (const l of all) expect(p(l)).toBe(matchesQuery(l, query, NOW));
    expect(compileQuery({}, NOW)(all[0]!)).toBe(true);
  });
});
