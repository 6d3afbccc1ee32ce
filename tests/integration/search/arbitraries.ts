/**
 * Random listings and search queries of the search's property test
 * (property.test.ts), shared with the map's (tests/integration/map): every
 * searched field, transports on real stations, names and keywords from a small
 * vocabulary, queries over every non-admin parameter with free words cut out of
 * the inserted texts, and the oracle's visibility and sort order.
 */
import fc from "fast-check";
import { parseSearchParams, type SearchQuery } from "@/schemas/search";
import type { Db } from "@/server/db";
import { investment_transports, investments } from "@/server/db/schema";
import type { MatchableInvestment } from "@/server/search/predicate";
import type { Audience } from "@/server/listings";
import { DAY, NOW } from "./fixtures";

export type Station = { station_cd: number; group_cd: number; line_cd: number; name: string };

/** A few busy places, so that lines, groups and stations overlap between listings. */
export async function loadStations(db: Db): Promise<Station[]> {
  const r = await db.$client.execute(
    `SELECT s.station_cd, s.station_g_cd AS group_cd, s.line_cd, s.name FROM stations s
     WHERE s.name IN ('梅田', '大阪', '中津', '天王寺', '難波', '京橋', '三ノ宮', '十三') ORDER BY s.station_cd`,
  );
  return r.rows.map((x) => ({ station_cd: Number(x.station_cd), group_cd: Number(x.group_cd), line_cd: Number(x.line_cd), name: String(x.name) }));
}

/* ---------------------------------------------------------------- listings */

export const TOKENS = [
  "梅田",
  "梅田駅",
  "難波",
  "レジデンス",
  "ハイツ",
  "マンション",
  "一棟",
  "RC造",
  "Rc",
  "rc",
  "ABC",
  "abc",
  "Court",
  "Straße",
  "ΣΑΣ",
  "σας",
  "駅",
  "堺",
  "淀屋",
  "一丁目",
  "1K",
  "ＲＣ",
  '"引用"',
  "ｶﾞｰﾃﾞﾝ",
  "ガーデン",
  "北区",
  "大阪市",
  "𠮷野",
];
export const PRICES = [980, 1000, 2980, 5000, 8000, 10_000, 15_000, 20_000, 50_000];
export const CITIES = ["271004", "271021", "271276", "271411", "271403", "281018", "281000", "261017", "261009", "272035"];
export const DISTRICTS = ["梅田一丁目", "梅田二丁目", "中之島", "本町", "心斎橋筋一丁目"];
const pad = (n: number, w = 2) => String(n).padStart(w, "0");

const textArb = fc
  .tuple(
    fc.array(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...TOKENS) }, { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9]{1,5}$/) }), {
      minLength: 1,
      maxLength: 4,
    }),
    fc.constantFrom("", " ", "・"),
  )
  .map(([xs, sep]) => xs.join(sep));

const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 4 });
/** Instants near NOW, often a whole number of days before it (the dy/up boundaries). */
const instant = fc.oneof(
  fc.integer({ min: 0, max: 400 }).map((d) => NOW.getTime() - d * DAY),
  fc.integer({ min: -5 * DAY, max: 400 * DAY }).map((ms) => NOW.getTime() - ms),
);
/** ISO dates around today + N years (rs / fs 1 boundaries) and random days. */
const residual = fc.oneof(
  fc.integer({ min: -5, max: 60 }).map((y) => `${2026 + y}-11-21`),
  fc
    .tuple(fc.integer({ min: 2000, max: 2090 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
    .map(([y, m, d]) => `${y}-${pad(m)}-${pad(d)}`),
);

export const listingArb = fc
  .record({
    type_cd: fc.constantFrom(1, 2, 3, 4, 5, 6, 99),
    structure_cd: opt(fc.constantFrom(1, 2, 3, 4, 5, 99)),
    pref_cd: fc.constantFrom(26, 27, 28),
    city_cd: fc.constantFrom(...CITIES),
    district_cd: fc.constantFrom(...DISTRICTS),
    area_cd: opt(fc.integer({ min: 1, max: 6 })),
    price: fc.oneof(fc.constantFrom(...PRICES), fc.integer({ min: 100, max: 300_000 })),
    yield: opt(
      fc.oneof(
        fc.constantFrom(5, 6.5, 8, 10),
        fc.integer({ min: 0, max: 1500 }).map((n) => n / 100),
      ),
    ),
    // issue 33: 実質利回り and 積算比 near the ny / sk values queried, often none
    net_yield: opt(
      fc.oneof(
        fc.constantFrom(4, 5, 6, 7.5),
        fc.integer({ min: -200, max: 1200 }).map((n) => n / 100),
      ),
    ),
    sekisan_ratio: opt(
      fc.oneof(
        fc.constantFrom(50, 70, 80, 100),
        fc.integer({ min: 0, max: 3000 }).map((n) => n / 10),
      ),
    ),
    built_at: opt(fc.integer({ min: 1960 * 12, max: 2028 * 12 + 11 }).map((m) => `${Math.floor(m / 12)}-${pad((m % 12) + 1)}-01`)),
    residual_at: opt(residual),
    station_time: opt(fc.integer({ min: 1, max: 30 })),
    land_size: opt(
      fc.oneof(
        fc.constantFrom(50, 100, 200),
        fc.integer({ min: 10, max: 5000 }).map((n) => n / 10),
      ),
    ),
    occupied_size: opt(
      fc.oneof(
        fc.constantFrom(20, 30, 50),
        fc.integer({ min: 100, max: 1500 }).map((n) => n / 10),
      ),
    ),
    premium: fc.boolean(),
    price_down: fc.boolean(),
    new_quake: fc.boolean(),
    has_cert: fc.boolean(),
    has_repair: fc.boolean(),
    is_full: fc.boolean(),
    freehold: fc.boolean(),
    hazard_out: fc.boolean(),
    transactions: opt(fc.integer({ min: 1, max: 5 })),
    public_at: opt(instant),
    update_at: opt(instant),
    public: fc.boolean(),
    members: fc.boolean(),
    overdue: fc.boolean(),
    name: textArb,
    extra: textArb,
    // real keywords start with the name (NFKC) and go on with the rest
    withName: fc.boolean(),
    transports: fc.array(
      fc.record({
        station: fc.nat(),
        distance: fc.constantFrom(1, 1, 1, 2, 3),
        station_walk: opt(fc.integer({ min: 1, max: 25 })),
      }),
      { maxLength: 3 },
    ),
  })
  .map(({ extra, withName, ...l }) => ({ ...l, keywords: withName ? `${l.name} ${extra}` : extra }));
export type GenListing = typeof listingArb extends fc.Arbitrary<infer T> ? T : never;

/**
 * Replaces every listing with `listings` (ids 1…n) and their transports on `stations`;
 * `extra` adds columns to a listing's row (the map test's positions).
 */
export async function insertListings(
  db: Db,
  stations: readonly Station[],
  listings: GenListing[],
  extra: (l: GenListing, i: number) => Partial<typeof investments.$inferInsert> = () => ({}),
): Promise<void> {
  await db.delete(investment_transports);
  await db.delete(investments);
  const rows = listings.map((l, i) => ({
    id: i + 1,
    type_cd: l.type_cd,
    structure_cd: l.structure_cd,
    pref_cd: l.pref_cd,
    city_cd: l.city_cd,
    district_cd: l.district_cd,
    area_cd: l.area_cd,
    price: l.price,
    yield: l.yield,
    net_yield: l.net_yield,
    sekisan_ratio: l.sekisan_ratio,
    built_at: l.built_at,
    residual_at: l.residual_at,
    station_time: l.station_time,
    land_size: l.land_size,
    occupied_size: l.occupied_size,
    premium: l.premium,
    price_down: l.price_down,
    new_quake: l.new_quake,
    has_cert: l.has_cert,
    has_repair: l.has_repair,
    is_full: l.is_full,
    freehold: l.freehold,
    hazard_out: l.hazard_out,
    transactions: l.transactions,
    public_at: l.public_at === null ? null : new Date(l.public_at),
    update_at: l.update_at === null ? null : new Date(l.update_at),
    public: l.public,
    members: l.members,
    not_updated_at: l.overdue ? new Date(NOW.getTime() - DAY) : null,
    name: l.name,
    keywords: l.keywords,
    ...extra(l, i),
  }));
  await db.insert(investments).values(rows);
  const transports = listings.flatMap((l, i) =>
    l.transports.map((tr, k) => {
      const s = stations[tr.station % stations.length]!;
      return {
        investment_id: i + 1,
        line_cd: s.line_cd,
        station_cd: s.station_cd,
        group_cd: s.group_cd,
        station_name: s.name,
        distance: tr.distance,
        // walk minutes on a bus or other entry too: sw must still insist on distance 1
        station_walk: tr.station_walk,
        e_sort: k,
      };
    }),
  );
  if (transports.length) await db.insert(investment_transports).values(transports);
}

/* ---------------------------------------------------------------- queries */

/** A word cut out of an inserted listing's name or keywords (fw and xw), resolved once the listings exist. */
const wordCut = fc.record({
  listing: fc.nat(),
  field: fc.constantFrom("name", "keywords"),
  start: fc.nat(),
  length: fc.integer({ min: 1, max: 5 }),
  variant: fc.constantFrom("asis", "asis", "upper", "lower", "fullwidth"),
});

const list = <T>(arb: fc.Arbitrary<T>, max = 3) => fc.array(arb, { minLength: 1, maxLength: max });
export const allParamsArb = fc.record({
  re: list(fc.integer({ min: 1, max: 6 })),
  pf: list(fc.constantFrom(26, 27, 28)),
  ct: list(fc.constantFrom(...CITIES)),
  dt: fc.constantFrom("梅田", "梅田一", "中之島", "本", "心斎橋筋", "丁目", "町"),
  ty: list(fc.constantFrom(1, 2, 3, 4, 5, 6, 99)),
  sc: list(fc.integer({ min: 1, max: 5 })),
  sl: list(fc.nat()),
  st: list(fc.nat()),
  rg: list(fc.nat()),
  sw: fc.integer({ min: 1, max: 25 }),
  lp: fc.oneof(fc.constantFrom(...PRICES), fc.integer({ min: 100, max: 300_000 })),
  hp: fc.oneof(fc.constantFrom(...PRICES), fc.integer({ min: 100, max: 300_000 })),
  ly: fc.oneof(
    fc.constantFrom(5, 6.5, 8),
    fc.integer({ min: 0, max: 60 }).map((n) => n / 4),
  ),
  hy: fc.oneof(
    fc.constantFrom(6.5, 8, 10),
    fc.integer({ min: 0, max: 60 }).map((n) => n / 4),
  ),
  ny: fc.oneof(
    fc.constantFrom(5, 6, 7.5),
    fc.integer({ min: 0, max: 48 }).map((n) => n / 4),
  ),
  sk: fc.oneof(
    fc.constantFrom(70, 80, 100),
    fc.integer({ min: 0, max: 300 }).map((n) => n / 2),
  ),
  bt: fc.integer({ min: 1, max: 70 }),
  rs: fc.integer({ min: 1, max: 60 }),
  ls: fc.constantFrom(20, 30, 50, 100, 200, 300),
  hs: fc.constantFrom(20, 30, 50, 100, 200, 300),
  fs: list(fc.constantFrom(1, 2, 3, 4, 5, 7), 2),
  ow: fc.constant(1),
  oc: fc.constant(1),
  ss: fc.constant(1),
  hz: fc.constant(1),
  sf: list(fc.integer({ min: 1, max: 5 })),
  dy: fc.integer({ min: 1, max: 400 }),
  up: fc.integer({ min: 1, max: 400 }),
  // cf_desc without a member's loan terms is the default order
  sr: fc.constantFrom("new", "price_asc", "price_desc", "yield_desc", "age_asc", "walk_asc", "net_yield_desc", "sekisan_desc", "cf_desc"),
  // free-word terms cut out of the inserted names / keywords, resolved once the listings exist
  fw: fc.array(wordCut, { minLength: 1, maxLength: 3 }),
  // exclusion words (xw), cut out the same way, so they do exclude something
  xw: fc.array(wordCut, { minLength: 1, maxLength: 2 }),
});
export type AllParams = typeof allParamsArb extends fc.Arbitrary<infer T> ? T : never;
export type RawQuery = Partial<AllParams>;
const PARAM_KEYS = Object.keys(fc.sample(allParamsArb, { numRuns: 1, seed: 1 })[0]!) as (keyof AllParams)[];

/** A few parameters at a time (more than four rarely finds anything), often with a free word. */
export const rawQueryArb: fc.Arbitrary<RawQuery> = fc
  .tuple(
    allParamsArb,
    fc.shuffledSubarray(PARAM_KEYS, { maxLength: 4 }),
    fc.boolean(),
    fc.boolean(),
    fc.option(fc.constantFrom("sl", "st", "rg") as fc.Arbitrary<"sl" | "st" | "rg">, { freq: 3 }),
  )
  .map(([all, keys, withFw, withSort, rail]) => {
    const picked = new Set(keys);
    if (withFw) picked.add("fw");
    if (withSort) picked.add("sr");
    // a line/station with a walk limit: the transport-level rule of sw
    if (rail) picked.add(rail).add("sw");
    return Object.fromEntries([...picked].map((k) => [k, all[k]])) as RawQuery;
  });

const FULL_WIDTH = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

/** The query as the list page would get it: raw values (strings, codes picked from the pool) through parseSearchParams. */
export function toQuery(raw: RawQuery, listings: GenListing[], stations: readonly Station[]): SearchQuery {
  const code = (key: "station_cd" | "group_cd" | "line_cd") => (i: number) => String(stations[i % stations.length]![key]);
  const rec: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined || k === "fw" || k === "xw") continue;
    if (k === "st") rec[k] = (v as number[]).map(code("station_cd"));
    else if (k === "rg") rec[k] = (v as number[]).map(code("group_cd"));
    else if (k === "sl") rec[k] = (v as number[]).map(code("line_cd"));
    else rec[k] = Array.isArray(v) ? v.map(String) : String(v);
  }
  for (const key of ["fw", "xw"] as const) {
    const parts = raw[key];
    if (!parts || !listings.length) continue;
    const terms = parts.map((p) => {
      const l = listings[p.listing % listings.length]!;
      const text = [...(p.field === "name" ? l.name : l.keywords)];
      const start = p.start % text.length;
      const term = text.slice(start, start + p.length).join("");
      return p.variant === "upper" ? term.toUpperCase() : p.variant === "lower" ? term.toLowerCase() : p.variant === "fullwidth" ? FULL_WIDTH(term) : term;
    });
    rec[key] = terms.join(" ");
  }
  return parseSearchParams(rec);
}

/* ---------------------------------------------------------------- oracle */

export const visible = (audience: Audience, l: GenListing) => audience === "admin" || (l.public && !l.overdue && (audience === "member" || !l.members));

const cmp = (a: number | string | null, b: number | string | null, dir: 1 | -1): number => {
  if (a === b) return 0;
  if (a === null) return 1; // unknown values last, whatever the direction
  if (b === null) return -1;
  return (a < b ? -1 : 1) * dir;
};
export function sortKey(sr: SearchQuery["sr"]): (a: MatchableInvestment, b: MatchableInvestment) => number {
  const key = (l: MatchableInvestment): [number | string | null, 1 | -1] => {
    switch (sr) {
      case "price_asc":
        return [l.price, 1];
      case "price_desc":
        return [l.price, -1];
      case "yield_desc":
        return [l.yield, -1];
      case "age_asc":
        return [l.built_at, -1];
      case "walk_asc":
        return [l.station_time, 1];
      case "net_yield_desc":
        return [l.net_yield, -1];
      case "sekisan_desc":
        return [l.sekisan_ratio, -1];
      default:
        return [l.public_at?.getTime() ?? null, -1];
    }
  };
  return (a, b) => {
    const [ka, dir] = key(a);
    return cmp(ka, key(b)[0], dir) || b.id - a.id;
  };
}
