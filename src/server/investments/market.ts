/**
 * Market view (/investments/market): for each area and type, the median asking
 * price per ㎡, the median gross yield and the number of listings, computed from
 * this site's own listings that were on the market in the last 12 months
 * (published or updated since then) and are visible to the audience: public
 * listings only for visitors, members-only ones too for members.
 *
 * Price per ㎡ (万円/㎡) uses the area that is priced: 専有面積 for 区分マンション,
 * the land for 土地 (坪 converted to ㎡), the building otherwise. Listings
 * without that area or yield simply do not count towards that median.
 */
import { and, gte, or } from "drizzle-orm";
import { AREAS, SEARCH_TYPES, SQM_PER_TSUBO, areaName, typeName } from "@/lib/constants/investment";
import type { Db } from "@/server/db";
import { investments } from "@/server/db/schema";
import { TYPE_LAND, TYPE_UNIT, visibleTo, type Audience } from "@/server/listings";

export const MARKET_MONTHS = 12;

export interface MarketCell {
  /** null: outside the six areas */
  area_cd: number | null;
  area_name: string;
  /** null in the per-area totals */
  type_cd: number | null;
  type_name: string;
  count: number;
  /** 万円/㎡ */
  median_price_per_sqm: number | null;
  /** % */
  median_yield: number | null;
  /** Listings behind each median. */
  price_per_sqm_n: number;
  yield_n: number;
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
  total: number;
}

/** Median of the values (mean of the middle two for an even count); null when empty. */
export function median(values: readonly number[]): number | null {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

/** now − 12 calendar months. */
export function marketSince(now: Date): Date {
  const d = new Date(now.getTime());
  d.setUTCMonth(d.getUTCMonth() - MARKET_MONTHS);
  return d;
}

export interface MarketRow {
  area_cd: number | null;
  type_cd: number;
  price: number;
  yield: number | null;
  building_size: number | null;
  occupied_size: number | null;
  land_size: number | null;
  land_type: number | null;
}

/** The ㎡ that the price buys, per type; null when unknown. */
export function pricedSqm(r: Pick<MarketRow, "type_cd" | "building_size" | "occupied_size" | "land_size" | "land_type">): number | null {
  const size =
    r.type_cd === TYPE_UNIT
      ? r.occupied_size
      : r.type_cd === TYPE_LAND
        ? r.land_size === null
          ? null
          : r.land_type === 2
            ? r.land_size * SQM_PER_TSUBO
            : r.land_size
        : r.building_size;
  return size !== null && Number.isFinite(size) && size > 0 ? size : null;
}

function cell(area_cd: number | null, type_cd: number | null, rows: MarketRow[]): MarketCell {
  const perSqm = rows.flatMap((r) => {
    const sqm = pricedSqm(r);
    return sqm === null ? [] : [r.price / sqm];
  });
  const yields = rows.flatMap((r) => (r.yield !== null && r.yield > 0 ? [r.yield] : []));
  return {
    area_cd,
    area_name: areaName(area_cd) ?? "その他の地域",
    type_cd,
    type_name: type_cd === null ? "全種別" : (typeName(type_cd) ?? "その他"),
    count: rows.length,
    median_price_per_sqm: median(perSqm),
    median_yield: median(yields),
    price_per_sqm_n: perSqm.length,
    yield_n: yields.length,
  };
}

export async function marketView(db: Db, audience: Audience, now: Date = new Date()): Promise<MarketView> {
  const since = marketSince(now);
  const rows: MarketRow[] = await db
    .select({
      area_cd: investments.area_cd,
      type_cd: investments.type_cd,
      price: investments.price,
      yield: investments.yield,
      building_size: investments.building_size,
      occupied_size: investments.occupied_size,
      land_size: investments.land_size,
      land_type: investments.land_type,
    })
    .from(investments)
    .where(and(visibleTo(audience === "admin" ? "member" : audience), or(gte(investments.public_at, since), gte(investments.update_at, since))))
    .all();

  const areaOrder = [...AREAS.map((a) => a.id as number | null), null];
  const typeOrder: number[] = SEARCH_TYPES.map((t) => t.id);
  const inArea = (a: number | null) => rows.filter((r) => (r.area_cd ?? null) === a);
  const cells: MarketCell[] = [];
  const areas: MarketCell[] = [];
  for (const a of areaOrder) {
    const ar = inArea(a);
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
  return { since, until: now, cells, areas, types, total: rows.length };
}
