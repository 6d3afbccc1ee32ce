/**
 * Market view (/investments/market): for each area and type, and for each
 * designated city (大阪市・京都市・神戸市・堺市, whole city and per ward), the
 * medians of 表面利回り, 実質利回り and 価格/㎡ with the number of listings behind
 * each, over this site's own listings that were on the market in the last 12
 * months (published or updated since then) and are visible to the audience:
 * public listings only for visitors, members-only ones too for members (and
 * staff).
 *
 * The figures are the one economics model's (src/lib/economics.ts, issue 35):
 * each listing's grossYield, netYield and pricePerSqm (㎡ by pricedSqm) are
 * taken from the per-audience candidates that the deal check's medians use
 * (similarCandidates, computed once per content version), and the median is
 * deal-check's medianOf. So the 相場 page and a listing's deal check never
 * disagree about a listing's numbers. A median of fewer than MEDIAN_MIN_N
 * listings is not shown (null, "—" with its n).
 */
import { and, gte, or } from "drizzle-orm";
import { AREAS, SEARCH_TYPES, areaName, typeName } from "@/lib/constants/investment";
import { DESIGNATED_CITIES } from "@/lib/constants/designated-cities";
import { MEDIAN_MIN_N, medianOf, type SimilarCandidate } from "@/lib/economics";
import type { Db } from "@/server/db";
import { investments } from "@/server/db/schema";
import { medianAudienceOf, similarCandidates, visibleTo, type Audience } from "@/server/listings";
import { municipalityName } from "./derive";

export const MARKET_MONTHS = 12;

/** Counts and medians of a set of listings (medians null below MEDIAN_MIN_N). */
export interface MarketFigures {
  count: number;
  /** 万円/㎡ */
  median_price_per_sqm: number | null;
  /** 表面利回り % */
  median_yield: number | null;
  /** 実質利回り % */
  median_net_yield: number | null;
  /** Listings that have each figure (the median's n). */
  price_per_sqm_n: number;
  yield_n: number;
  net_yield_n: number;
}

export interface MarketCell extends MarketFigures {
  /** null: outside the six areas */
  area_cd: number | null;
  area_name: string;
  /** null in the per-area totals */
  type_cd: number | null;
  type_name: string;
}

export interface MarketCityRow extends MarketFigures {
  /** The designated city's code, or a ward's */
  code: string;
  name: string;
}

export interface MarketCity extends MarketCityRow {
  /** Wards with listings, in code order. */
  wards: MarketCityRow[];
}

export interface MarketView {
  since: Date;
  until: Date;
  /** One row per area and type that has listings, areas in order then types in order. */
  cells: MarketCell[];
  /** Per area, all types together. */
  areas: MarketCell[];
  /** Per type, all areas together. */
  types: MarketCell[];
  /** The four designated cities (all types), each with its wards; cities without listings included with count 0. */
  cities: MarketCity[];
  total: number;
}

/** now − 12 calendar months. */
export function marketSince(now: Date): Date {
  const d = new Date(now.getTime());
  d.setUTCMonth(d.getUTCMonth() - MARKET_MONTHS);
  return d;
}

/** A listing in the window with its model figures (null figures when the model has none). */
export interface MarketRow {
  id: number;
  area_cd: number | null;
  type_cd: number;
  city_cd: string | null;
  grossYield: number | null;
  netYield: number | null;
  pricePerSqm: number | null;
}

/** Counts and medians of `rows`; a median over fewer than MEDIAN_MIN_N listings is null. */
export function marketFigures(rows: readonly Pick<MarketRow, "grossYield" | "netYield" | "pricePerSqm">[]): MarketFigures {
  const med = (values: (number | null)[]) => {
    const v = values.filter((x): x is number => typeof x === "number" && Number.isFinite(x));
    return { n: v.length, median: v.length >= MEDIAN_MIN_N ? medianOf(v) : null };
  };
  const price = med(rows.map((r) => r.pricePerSqm));
  const gross = med(rows.map((r) => r.grossYield));
  const net = med(rows.map((r) => r.netYield));
  return {
    count: rows.length,
    median_price_per_sqm: price.median,
    median_yield: gross.median,
    median_net_yield: net.median,
    price_per_sqm_n: price.n,
    yield_n: gross.n,
    net_yield_n: net.n,
  };
}

function cell(area_cd: number | null, type_cd: number | null, rows: MarketRow[]): MarketCell {
  return {
    area_cd,
    area_name: areaName(area_cd) ?? "その他の地域",
    type_cd,
    type_name: type_cd === null ? "全種別" : (typeName(type_cd) ?? "その他"),
    ...marketFigures(rows),
  };
}

/** The window's listings with their figures taken from the audience's candidates. */
export function marketRows(listed: readonly Pick<MarketRow, "id" | "area_cd" | "type_cd" | "city_cd">[], candidates: readonly SimilarCandidate[]): MarketRow[] {
  const byId = new Map(candidates.map((c) => [c.id, c]));
  return listed.map((r) => {
    const c = byId.get(r.id);
    return { ...r, grossYield: c?.grossYield ?? null, netYield: c?.netYield ?? null, pricePerSqm: c?.pricePerSqm ?? null };
  });
}

/** Groups the rows into the view (pure; marketView loads them). */
export function marketViewOf(rows: readonly MarketRow[], since: Date, until: Date): MarketView {
  const areaOrder = [...AREAS.map((a) => a.id as number | null), null];
  const typeOrder: number[] = SEARCH_TYPES.map((t) => t.id);
  const cells: MarketCell[] = [];
  const areas: MarketCell[] = [];
  for (const a of areaOrder) {
    const ar = rows.filter((r) => (r.area_cd ?? null) === a);
    if (ar.length === 0) continue;
    areas.push(cell(a, null, ar));
    for (const t of typeOrder) {
      const tr = ar.filter((r) => r.type_cd === t);
      if (tr.length) cells.push(cell(a, t, tr));
    }
  }
  const types = typeOrder.flatMap((t) => {
    const tr = rows.filter((r) => r.type_cd === t);
    return tr.length ? [{ ...cell(null, t, tr), area_name: "全エリア" }] : [];
  });
  const cities: MarketCity[] = DESIGNATED_CITIES.map((c) => {
    const wardCodes = new Set<string>(c.ward_codes);
    const inCity = rows.filter((r) => r.city_cd !== null && (r.city_cd === c.code || wardCodes.has(r.city_cd)));
    const wards = c.ward_codes.flatMap((w) => {
      const wr = inCity.filter((r) => r.city_cd === w);
      return wr.length ? [{ code: w, name: municipalityName(w) ?? w, ...marketFigures(wr) }] : [];
    });
    return { code: c.code, name: c.name, ...marketFigures(inCity), wards };
  });
  return { since, until, cells, areas, types, cities, total: rows.length };
}

export async function marketView(db: Db, audience: Audience, now: Date = new Date()): Promise<MarketView> {
  const since = marketSince(now);
  const median = medianAudienceOf(audience);
  const [listed, candidates] = await Promise.all([
    db
      .select({ id: investments.id, area_cd: investments.area_cd, type_cd: investments.type_cd, city_cd: investments.city_cd })
      .from(investments)
      .where(and(visibleTo(median), or(gte(investments.public_at, since), gte(investments.update_at, since))))
      .all(),
    similarCandidates(db, median, now),
  ]);
  return marketViewOf(marketRows(listed, candidates), since, now);
}
