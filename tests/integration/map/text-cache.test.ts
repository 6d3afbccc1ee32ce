/**
 * The map's cache of the text conditions' id sets (src/server/map/text-ids.ts):
 * a second view with the same conditions asks SQL nothing for them, and every
 * edit of an input of those conditions — name, keywords (the FTS index), 町名,
 * the transports — made through the real editor service by another process
 * (another node: its own snapshot and cache) reaches the next view. Runs on a
 * file and, on the sqld pass, on a sqld namespace where the write log
 * (map_changes, 0014) is the only way the viewer learns of the edit.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { investmentForm, type InvestmentFormInput } from "@/schemas/admin/investment";
import { parseSearchParams } from "@/schemas/search";
import { openDb, type Db } from "@/server/db";
import { investment_transports } from "@/server/db/schema";
import { saveInvestment } from "@/server/investments";
import { mapSnapshot, mapView, type Bbox } from "@/server/map";
import { idSet, MAX_ENTRIES } from "@/server/map/text-ids";
import { createTestDb } from "../../helpers/db";
import { PLACE, validForm } from "../admin/helpers";

let t: Awaited<ReturnType<typeof createTestDb>>;
/** The viewer (one node). */
let db: Db;
/** The editor (another node: its own client, snapshot and cache). */
let other: Db;
/** SQL the viewer sent, so a test can tell a cached id set from a new lookup. */
const sent: string[] = [];

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
  other = await openDb(t.url);
  const execute = db.$client.execute.bind(db.$client);
  db.$client.execute = ((stmt: unknown, ...rest: unknown[]) => {
    sent.push(typeof stmt === "string" ? stmt : (stmt as { sql: string }).sql);
    return (execute as (...a: unknown[]) => unknown)(stmt, ...rest);
  }) as typeof db.$client.execute;
});

afterAll(() => {
  other?.$client.close();
  t?.cleanup();
});

const BBOX: Bbox = [135.4, 34.6, 135.6, 34.8];
const view = async (qs: string) => {
  sent.length = 0;
  const r = await mapView(db, "visitor", parseSearchParams(new URLSearchParams(qs)), { bbox: BBOX, zoom: 18 });
  return {
    ids: [...r.markers.map((m) => m.id), ...r.clusters.map(() => -1)].sort((a, b) => a - b),
    total: r.total,
    cards: r.cards.map((c) => c.id),
    unplaced: r.unplaced,
    sent: [...sent],
  };
};
const ftsLookups = (sqls: string[]) => sqls.filter((q) => q.includes("investments_fts MATCH")).length;
const transportLookups = (sqls: string[]) => sqls.filter((q) => q.includes("investment_transports")).length;

const forms = new Map<number, InvestmentFormInput>();
/** Creates or edits a listing as the admin editor does (another node). */
async function save(id: number | null, over: Partial<InvestmentFormInput>): Promise<number> {
  const form = { ...(id !== null ? forms.get(id)! : validForm()), ...over } as InvestmentFormInput;
  const r = await saveInvestment(other, null, id, investmentForm.parse(form));
  forms.set(r.id, form);
  return r.id;
}

const walk = (station: string) => [
  { line_cd: PLACE.line_cd, station_cd: station, distance: "1", station_walk: "5", bus_name: "", bus_time: "", bus_walk: "", other: "" },
];

describe("the map's text-condition id sets (cache)", () => {
  it("are read once per conditions, and every edit of their inputs by another node reaches the next view", async () => {
    const a = await save(null, { name: "梅田ハイツ", district_cd: "梅田一丁目", map: { lat: "34.70", lng: "135.50" }, transports: walk(PLACE.umeda) } as never);
    const b = await save(null, {
      name: "中之島レジデンス",
      district_cd: "中之島二丁目",
      map: { lat: "34.69", lng: "135.49" },
      transports: walk(PLACE.umeda),
    } as never);
    // a third with no position: the unplaced count comes from the same set
    const c = await save(null, { name: "北浜ハイツ", district_cd: "北浜三丁目", map: { lat: "", lng: "" }, transports: walk(PLACE.yodoyabashi) } as never);

    const first = await view("fw=ハイツ");
    expect([first.ids, first.unplaced]).toEqual([[a], 1]);
    expect(ftsLookups(first.sent)).toBe(1);
    const again = await view("fw=ハイツ");
    expect([again.ids, again.unplaced]).toEqual([[a], 1]);
    expect(ftsLookups(again.sent)).toBe(0); // from the cache: no FTS5 lookup, neither for the markers nor for the unplaced count

    // name (the FTS index through its triggers)
    await save(b, { name: "中之島ハイツ" });
    const renamed = await view("fw=ハイツ");
    expect(renamed.ids).toEqual([a, b]);
    expect(ftsLookups(renamed.sent)).toBe(1);
    await save(a, { name: "梅田タワー" });
    expect((await view("fw=ハイツ")).ids).toEqual([b]);
    expect((await view("fw=タワー")).ids).toEqual([a]);

    // keywords: derived from the comments (among others) when the editor saves
    expect((await view("fw=眺望良好")).ids).toEqual([]);
    await save(b, { comments: { main: "南向きで眺望良好の一棟", sub: "" } } as never);
    expect((await view("fw=眺望良好")).ids).toEqual([b]);

    // 町名 (a 1–2 character term of a free word and dt go through other SQL than the FTS MATCH)
    expect((await view("dt=中之島")).ids).toEqual([b]);
    await save(a, { district_cd: "中之島一丁目" });
    expect((await view("dt=中之島")).ids).toEqual([a, b]);

    // transports: the station, and the walk to it with sw
    expect((await view(`st=${PLACE.yodoyabashi}`)).ids).toEqual([]);
    expect((await view(`st=${PLACE.yodoyabashi}`)).unplaced).toBe(1);
    const cached = await view(`st=${PLACE.yodoyabashi}`);
    expect(transportLookups(cached.sent)).toBe(0);
    await save(a, { transports: walk(PLACE.yodoyabashi) } as never);
    const moved = await view(`st=${PLACE.yodoyabashi}`);
    expect([moved.ids, moved.unplaced]).toEqual([[a], 1]);
    expect(transportLookups(moved.sent)).toBeGreaterThan(0);
    expect((await view(`st=${PLACE.yodoyabashi}&sw=5`)).ids).toEqual([a]);
    await save(a, { transports: [{ ...walk(PLACE.yodoyabashi)[0]!, station_walk: "12" }] } as never);
    expect((await view(`st=${PLACE.yodoyabashi}&sw=5`)).ids).toEqual([]);
    expect((await view(`st=${PLACE.yodoyabashi}&sw=15`)).ids).toEqual([a]);
    // a write to the transports table alone (the editor also rewrites the listing's keywords, which name the stations)
    expect((await view(`st=${PLACE.yodoyabashi}&sw=5`)).ids).toEqual([]);
    await other.update(investment_transports).set({ station_walk: 4 }).where(eq(investment_transports.investment_id, a));
    expect((await view(`st=${PLACE.yodoyabashi}&sw=5`)).ids).toEqual([a]);
    await other.delete(investment_transports).where(eq(investment_transports.investment_id, a));
    expect((await view(`st=${PLACE.yodoyabashi}&sw=5`)).ids).toEqual([]);

    // publication is applied by the snapshot's columns, never by the cached set
    await view("fw=ハイツ");
    await save(b, { public: false });
    const hidden = await view("fw=ハイツ");
    expect(hidden.ids).toEqual([]);
    await save(b, { public: true });
    expect((await view("fw=ハイツ")).ids).toEqual([b]);

    // a new listing, then the one without a position placed
    const d = await save(null, { name: "天満ハイツ", map: { lat: "34.71", lng: "135.51" } } as never);
    expect((await view("fw=ハイツ")).ids).toEqual([b, d]);
    await save(c, { map: { lat: "34.72", lng: "135.52" } } as never);
    const placed = await view("fw=ハイツ");
    expect([placed.ids, placed.unplaced]).toEqual([[b, c, d], 0]);
  });

  it("hold at most MAX_ENTRIES condition sets per database", async () => {
    for (let k = 0; k < MAX_ENTRIES + 4; k++) await view(`fw=ハイツ${k}`);
    expect((await mapSnapshot(db)).textIds.size).toBe(MAX_ENTRIES);
    // the most recent ones stay
    const recent = await view(`fw=ハイツ${MAX_ENTRIES + 3}`);
    expect(ftsLookups(recent.sent)).toBe(0);
    const oldest = await view("fw=ハイツ0");
    expect(ftsLookups(oldest.sent)).toBe(1);
  });

  it("an id set answers membership alike as a bit set and, for large ids, as a sorted array", () => {
    const small = idSet(Int32Array.from([5, 1, 64, 31, 32]));
    const large = idSet(Int32Array.from([5, 1, 64, 31, 32, 2 ** 30]));
    for (const s of [small, large]) {
      for (const id of [1, 5, 31, 32, 64]) expect(s.has(id)).toBe(true);
      for (const id of [0, 2, 30, 33, 63, 65, 2 ** 29, -1]) expect(s.has(id)).toBe(false);
    }
    expect(large.has(2 ** 30)).toBe(true);
    expect(small.has(2 ** 30)).toBe(false);
    expect(idSet(new Int32Array(0)).has(0)).toBe(false);
  });
});
