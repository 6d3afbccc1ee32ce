/**
 * Map views with conditions ≡ the list search (issue 19): for random listings
 * with every searched field (the search's property-test generators,
 * tests/integration/search/arbitraries.ts) placed in a small area, and random
 * queries over every non-admin parameter (free words, 町名 and stations
 * included), the viewport — in-process columns and the SQL ids of the text
 * conditions (src/server/map/filter.ts, view.ts) — holds exactly the listings
 * searchInvestments finds for the same query and audience that lie in the
 * box: the count, each single marker and cluster of the grid, the cards in the
 * list's own order, and the unplaced count. Edits of searched columns reach
 * the snapshot through the write log (0013 trigger).
 */
import fc from "fast-check";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearchParams } from "@/schemas/search";
import type { Db } from "@/server/db";
import { investments } from "@/server/db/schema";
import { mergeReference, type RefGroup } from "./merge-reference";
import { cellOf, gridFor, inGrid, mapView, micro, type Bbox } from "@/server/map";
import { publicMicro } from "@/lib/public-position";
import { insertListings, listingArb, loadStations, rawQueryArb, toQuery, type GenListing, type RawQuery, type Station } from "../search/arbitraries";
import { NOW, openSearchDb, searchIds, type TestDb } from "../search/fixtures";

let t: TestDb;
let db: Db;
let stations: Station[] = [];

beforeAll(async () => {
  t = await openSearchDb();
  db = t.db;
  stations = await loadStations(db);
});

afterAll(() => t?.cleanup());

/** A listing's point as the map may show it (issue 27: the 0.001° grid of src/lib/public-position.ts), microdegrees. */
const shown = (deg: number) => publicMicro(micro(deg));

const LAT0 = 34.6;
const LNG0 = 135.4;
const SPOTS: [number, number][] = [
  [34.702485, 135.495951],
  [34.6663, 135.5001],
];
const positionArb = fc.option(
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.integer({ min: 0, max: 200_000 }), fc.integer({ min: 0, max: 200_000 }))
        .map(([a, b]) => [LAT0 + a / 1e6, LNG0 + b / 1e6] as [number, number]),
    },
    { weight: 2, arbitrary: fc.constantFrom(...SPOTS) },
  ),
  { nil: null, freq: 10 },
);
type Placed = { listing: GenListing; position: [number, number] | null };

/** Mostly listings the public site shows (the search's generator hides three in four), so views find something. */
const placedArb = fc
  .record({
    listing: listingArb,
    position: positionArb,
    shown: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  })
  .map(({ listing, position, shown }): Placed => ({ listing: shown ? { ...listing, public: true, overdue: false } : listing, position }));

/** The search's random queries cut to their first one to three parameters (four and a free word seldom find anything in a box). */
const queryArb = fc.tuple(rawQueryArb, fc.integer({ min: 1, max: 3 })).map(([raw, keep]) => Object.fromEntries(Object.entries(raw).slice(0, keep)) as RawQuery);

const bboxArb = fc
  .tuple(
    fc.integer({ min: -20_000, max: 150_000 }),
    fc.integer({ min: -20_000, max: 150_000 }),
    fc.integer({ min: 20_000, max: 250_000 }),
    fc.integer({ min: 20_000, max: 250_000 }),
  )
  .map(([s, w, h, wd]) => [LNG0 + w / 1e6, LAT0 + s / 1e6, LNG0 + (w + wd) / 1e6, LAT0 + (s + h) / 1e6] as Bbox);

describe("map viewport with conditions ≡ list search in the box", () => {
  it("for random listings, queries, audiences, boxes and zooms", async () => {
    let checked = 0;
    let nonEmpty = 0;
    let textual = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(placedArb, { minLength: 50, maxLength: 80 }),
        fc.array(fc.tuple(queryArb, fc.constantFrom<"visitor" | "member">("visitor", "member"), bboxArb, fc.integer({ min: 8, max: 17 })), {
          minLength: 4,
          maxLength: 4,
        }),
        async (placed: Placed[], views) => {
          const listings = placed.map((p) => p.listing);
          await insertListings(db, stations, listings, (_, i) => {
            const pos = placed[i]!.position;
            return { map: pos ? { lat: pos[0], lng: pos[1] } : null };
          });
          for (const [raw, audience, bbox, zoom] of views) {
            const query = toQuery(raw, listings, stations);
            const g = gridFor(bbox, zoom);
            const found = await searchIds(db, audience, query, NOW);
            const at = (id: number) => placed[id - 1]!.position;
            const inView = found.filter((id) => {
              const p = at(id);
              return p !== null && inGrid(g, shown(p[0]), shown(p[1]));
            });
            const cells = new Map<string, RefGroup>();
            for (const id of inView) {
              const [lat, lng] = [shown(at(id)![0]), shown(at(id)![1])];
              const key = cellOf(g, lat, lng);
              const c = cells.get(key) ?? { ids: [], lat: 0, lng: 0, members: false, cell: key };
              c.ids.push(id);
              c.lat += lat;
              c.lng += lng;
              c.members ||= listings[id - 1]!.members;
              cells.set(key, c);
            }
            // then the icons that would overlap on screen, merged (the rule of src/server/map/merge.ts, stated again)
            const groups = mergeReference([...cells.values()], zoom);
            const got = await mapView(db, audience, query, { bbox, zoom }, NOW);
            const ctx = JSON.stringify({ query, audience, bbox, zoom });
            expect(got.total, ctx).toBe(inView.length);
            expect(got.unplaced, ctx).toBe(found.filter((id) => at(id) === null).length);
            expect(
              got.cards.map((c) => c.id),
              ctx,
            ).toEqual(inView.slice(0, 20));
            expect(
              got.markers.map((m) => m.id),
              ctx,
            ).toEqual(
              groups
                .filter((c) => c.ids.length === 1)
                .map((c) => c.ids[0]!)
                .sort((a, b) => a - b),
            );
            for (const m of got.markers) expect([m.price, m.members], ctx).toEqual([listings[m.id - 1]!.price, listings[m.id - 1]!.members]);
            const order = <T extends { lat: number; lng: number; count: number }>(xs: T[]) =>
              [...xs].sort((a, b) => a.lat - b.lat || a.lng - b.lng || a.count - b.count);
            const want = order(
              groups
                .filter((c) => c.ids.length > 1)
                .map((c) => ({ count: c.ids.length, lat: c.lat / c.ids.length / 1e6, lng: c.lng / c.ids.length / 1e6, members: c.members })),
            );
            const gotClusters = order(got.clusters);
            expect(
              gotClusters.map((c) => [c.count, c.members]),
              ctx,
            ).toEqual(want.map((c) => [c.count, c.members]));
            gotClusters.forEach((c, i) => {
              expect(c.lat).toBeCloseTo(want[i]!.lat, 5);
              expect(c.lng).toBeCloseTo(want[i]!.lng, 5);
            });
            if (audience === "visitor") expect(got.cards.every((c) => !c.members) && got.markers.every((m) => !m.members)).toBe(true);
            checked++;
            if (inView.length) nonEmpty++;
            if (query.fw || query.xw || query.dt || query.sl || query.st || query.rg) textual++;
          }
        },
      ),
      { numRuns: 80 },
    );
    // the generator must make views that find something, with text conditions and without
    expect(checked).toBe(320);
    expect(nonEmpty).toBeGreaterThanOrEqual(40);
    expect(textual).toBeGreaterThanOrEqual(40);
    expect(checked - textual).toBeGreaterThanOrEqual(40);
  }, 600_000);

  it("edits of searched columns by another process reach the next view (write log)", async () => {
    const listings = fc.sample(listingArb, { numRuns: 3, seed: 3 }).map((l) => ({
      ...l,
      public: true,
      members: false,
      overdue: false,
      type_cd: 1 as const,
      price: 5000,
      yield: 8,
      // the fields the edits below turn on, off to start with (whatever the sample drew)
      has_cert: false,
      is_full: false,
      freehold: false,
      net_yield: null,
      sekisan_ratio: null,
    }));
    await insertListings(db, stations, listings, (_, i) => ({ map: { lat: 34.7 + i / 1000, lng: 135.5 } }));
    const bbox: Bbox = [135.4, 34.6, 135.6, 34.8];
    const view = (qs: string) => mapView(db, "visitor", parseSearchParams(new URLSearchParams(qs)), { bbox, zoom: 18 }, NOW);
    expect((await view("ty=1&ly=7&lp=4000")).total).toBe(3);
    // written past the map's own code: the 0013 trigger logs each edit, the next view reads it
    await db.update(investments).set({ yield: 6.5 }).where(eq(investments.id, 1));
    await db.update(investments).set({ price: 3000, has_cert: true }).where(eq(investments.id, 2));
    expect((await view("ty=1&ly=7&lp=4000")).markers.map((m) => m.id)).toEqual([3]);
    const cert = await view("fs=2");
    expect(cert.markers.map((m) => [m.id, m.price])).toEqual([[2, 3000]]);
    await db.update(investments).set({ type_cd: 2, built_at: "2020-04-01", station_time: 3 }).where(eq(investments.id, 3));
    expect((await view("ty=2&bt=10&sw=5")).markers.map((m) => m.id)).toEqual([3]);
    // issue 33: the deal's numbers (0022 trigger) and is_full (0013) reach the snapshot too
    expect((await view("ny=5")).total).toBe(0);
    await db.update(investments).set({ net_yield: 6, sekisan_ratio: 90, freehold: true }).where(eq(investments.id, 1));
    await db.update(investments).set({ net_yield: 7, sekisan_ratio: 60, is_full: true }).where(eq(investments.id, 2));
    expect((await view("ny=5&sk=80&ow=1")).markers.map((m) => m.id)).toEqual([1]);
    expect((await view("ny=5&sr=net_yield_desc")).cards.map((c) => c.id)).toEqual([2, 1]);
    expect((await view("sr=sekisan_desc")).cards.map((c) => c.id)).toEqual([1, 2, 3]);
    expect((await view("oc=1")).markers.map((m) => m.id)).toEqual([2]);
    await db.update(investments).set({ freehold: false, net_yield: null }).where(eq(investments.id, 1));
    expect((await view("ow=1")).total).toBe(0);
    expect((await view("ny=5")).markers.map((m) => m.id)).toEqual([2]);
  });
});
