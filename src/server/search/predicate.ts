/**
 * The in-memory twin of the search SQL (./sql.ts): `compileQuery(q, now)`
 * turns a SearchQuery into a predicate over one listing row and its
 * transports, giving the same answer as the SQL for every non-admin parameter
 * (a property-based test keeps the two in step). Matching (./matching) runs
 * it for each new listing against every saved filter, so a compiled predicate
 * allocates nothing per call (the folded free-word text of a listing is
 * computed once and cached on the side).
 *
 * Visibility is NOT part of the predicate: the caller decides which listings an
 * audience may see (visibleTo). Admin-only parameters (no ps nu xu cp) are
 * ignored here; the SQL applies them for the admin audience only.
 */
import { asc, inArray } from "drizzle-orm";
import type { SearchQuery } from "@/schemas/search";
import type { Db } from "@/server/db";
import { investment_transports, investments } from "@/server/db/schema";
import { DISTANCE_WALK, searchSize } from "@/server/listings";
import { asciiLower, foldFts, planQuery } from "./plan";

/* ------------------------------------------------------------------ types */

/** A transport entry as the predicate needs it. */
export interface MatchableTransport {
  line_cd: number | null;
  station_cd: number | null;
  group_cd: number | null;
  /** 1 徒歩, 2 バス, 3 その他 */
  distance: number;
  station_walk: number | null;
}

/** A listing row (the searched columns) with its transports. */
export interface MatchableInvestment {
  id: number;
  name: string;
  keywords: string;
  type_cd: number;
  structure_cd: number | null;
  pref_cd: number;
  city_cd: string;
  district_cd: string;
  area_cd: number | null;
  price: number;
  yield: number | null;
  /** 実質利回り % (ny, net_yield_desc). */
  net_yield: number | null;
  /** 積算比 % (sk, sekisan_desc). */
  sekisan_ratio: number | null;
  built_at: string | null;
  residual_at: string | null;
  station_time: number | null;
  land_size: number | null;
  occupied_size: number | null;
  premium: boolean;
  price_down: boolean;
  new_quake: boolean;
  has_cert: boolean;
  has_repair: boolean;
  /** 現況満室 from the rent roll where there is one (fs 5, oc). */
  is_full: boolean;
  /** 所有権 (ow). */
  freehold: boolean;
  /** investments.hazard_out (issue 34, the hz key). */
  hazard_out: boolean;
  transactions: number | null;
  public_at: Date | null;
  update_at: Date | null;
  transports: readonly MatchableTransport[];
}

/* ------------------------------------------------------------- predicate */

interface FoldedText {
  ftsName?: string;
  ftsKeywords?: string;
  lowerName?: string;
  lowerKeywords?: string;
}
// Listing → its folded texts, computed on first use (a listing is matched
// against many queries; the cache goes away with the listing object).
const foldedCache = new WeakMap<MatchableInvestment, FoldedText>();

function folded(l: MatchableInvestment): FoldedText {
  let f = foldedCache.get(l);
  if (!f) {
    f = {};
    foldedCache.set(l, f);
  }
  return f;
}

function inRanges(ranges: readonly (readonly [string, string])[], code: string): boolean {
  for (let k = 0; k < ranges.length; k++) {
    const r = ranges[k]!;
    if (code >= r[0] && code <= r[1]) return true;
  }
  return false;
}

export type MatchPredicate = (listing: MatchableInvestment) => boolean;

/**
 * Compiles a query into a predicate: every boundary and list is prepared once,
 * so calling it allocates nothing (apart from the first free-word match of a
 * listing, which folds its text once).
 */
export function compileQuery(q: SearchQuery, now: Date): MatchPredicate {
  const p = planQuery(q, now);
  const { cities } = p;
  const lines = p.rail ? new Set(p.rail.lines) : null;
  const stations = p.rail ? new Set(p.rail.stations) : null;
  const groups = p.rail ? new Set(p.rail.groups) : null;
  const { areas, prefs, types, structures, transactions, district, walk } = p;
  const { priceMin, priceMax, yieldMin, yieldMax, netYieldMin, sekisanMin, sizeMin, sizeMax, builtFrom, residualFrom, publicFrom, updateFrom } = p;
  const { ftsFolded, shortTerms, excludeTerms } = p;
  const hasFreeWord = ftsFolded.length > 0 || shortTerms.length > 0;

  return (l) => {
    if (areas && (l.area_cd === null || !areas.includes(l.area_cd))) return false;
    if (prefs && !prefs.includes(l.pref_cd)) return false;
    if (cities && !inRanges(cities, l.city_cd)) return false;
    if (district !== null && !l.district_cd.startsWith(district)) return false;
    if (types && !types.includes(l.type_cd)) return false;
    if (structures && (l.structure_cd === null || !structures.includes(l.structure_cd))) return false;

    if (priceMin !== null && !(l.price >= priceMin)) return false;
    if (priceMax !== null && !(l.price <= priceMax)) return false;
    if (yieldMin !== null && (l.yield === null || !(l.yield >= yieldMin))) return false;
    if (yieldMax !== null && (l.yield === null || !(l.yield <= yieldMax))) return false;
    if (netYieldMin !== null && (l.net_yield === null || !(l.net_yield >= netYieldMin))) return false;
    if (sekisanMin !== null && (l.sekisan_ratio === null || !(l.sekisan_ratio >= sekisanMin))) return false;
    if (builtFrom !== null && (l.built_at === null || !(l.built_at >= builtFrom))) return false;
    if (residualFrom !== null && (l.residual_at === null || !(l.residual_at >= residualFrom))) return false;
    if (sizeMin !== null || sizeMax !== null) {
      const size = searchSize(l);
      if (size === null) return false;
      if (sizeMin !== null && !(size >= sizeMin)) return false;
      if (sizeMax !== null && !(size <= sizeMax)) return false;
    }

    if (p.cert && !l.has_cert) return false;
    if (p.repair && !l.has_repair) return false;
    if (p.priceDown && !l.price_down) return false;
    if (p.full && !l.is_full) return false;
    if (p.freehold && !l.freehold) return false;
    if (p.newQuake && !l.new_quake) return false;
    if (p.premium && !l.premium) return false;
    if (p.hazardOut && l.hazard_out) return false;
    if (transactions && (l.transactions === null || !transactions.includes(l.transactions))) return false;
    if (publicFrom !== null && (l.public_at === null || !(l.public_at.getTime() >= publicFrom))) return false;
    if (updateFrom !== null && (l.update_at === null || !(l.update_at.getTime() >= updateFrom))) return false;

    if (lines && stations && groups) {
      let found = false;
      for (const t of l.transports) {
        const onRail =
          (t.line_cd !== null && lines.has(t.line_cd)) ||
          (t.station_cd !== null && stations.has(t.station_cd)) ||
          (t.group_cd !== null && groups.has(t.group_cd));
        if (!onRail) continue;
        if (walk !== null && !(t.distance === DISTANCE_WALK && t.station_walk !== null && t.station_walk <= walk)) continue;
        found = true;
        break;
      }
      if (!found) return false;
    } else if (walk !== null && (l.station_time === null || !(l.station_time <= walk))) {
      return false;
    }

    if (hasFreeWord) {
      const f = folded(l);
      if (ftsFolded.length) {
        f.ftsName ??= foldFts(l.name);
        f.ftsKeywords ??= foldFts(l.keywords);
        for (const t of ftsFolded) if (!f.ftsName.includes(t.name) && !f.ftsKeywords.includes(t.keywords)) return false;
      }
      for (const t of shortTerms) {
        if (t.lower) {
          f.lowerName ??= asciiLower(l.name);
          f.lowerKeywords ??= asciiLower(l.keywords);
          if (!f.lowerName.includes(t.text) && !f.lowerKeywords.includes(t.kwText)) return false;
        } else if (!l.name.includes(t.text) && !l.keywords.includes(t.kwText)) return false;
      }
    }
    if (excludeTerms.length) {
      const f = folded(l);
      for (const t of excludeTerms) {
        if (t.lower) {
          f.lowerName ??= asciiLower(l.name);
          f.lowerKeywords ??= asciiLower(l.keywords);
          if (f.lowerName.includes(t.text) || f.lowerKeywords.includes(t.text)) return false;
        } else if (l.name.includes(t.text) || l.keywords.includes(t.text)) return false;
      }
    }
    return true;
  };
}

/** One-off form of {@link compileQuery}: prefer compiling once when matching many listings. */
export function matchesQuery(listing: MatchableInvestment, query: SearchQuery, now: Date): boolean {
  return compileQuery(query, now)(listing);
}

/* ------------------------------------------------------------------ load */

const matchColumns = {
  id: investments.id,
  name: investments.name,
  keywords: investments.keywords,
  type_cd: investments.type_cd,
  structure_cd: investments.structure_cd,
  pref_cd: investments.pref_cd,
  city_cd: investments.city_cd,
  district_cd: investments.district_cd,
  area_cd: investments.area_cd,
  price: investments.price,
  yield: investments.yield,
  net_yield: investments.net_yield,
  sekisan_ratio: investments.sekisan_ratio,
  built_at: investments.built_at,
  residual_at: investments.residual_at,
  station_time: investments.station_time,
  land_size: investments.land_size,
  occupied_size: investments.occupied_size,
  premium: investments.premium,
  price_down: investments.price_down,
  new_quake: investments.new_quake,
  has_cert: investments.has_cert,
  has_repair: investments.has_repair,
  is_full: investments.is_full,
  freehold: investments.freehold,
  hazard_out: investments.hazard_out,
  transactions: investments.transactions,
  public_at: investments.public_at,
  update_at: investments.update_at,
};

/** Listings (with their transports) ready for matching, in the order of `ids`; unknown ids are skipped. */
export async function loadMatchable(db: Db, ids: readonly number[]): Promise<MatchableInvestment[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const out: MatchableInvestment[] = [];
  // Chunks keep the bound-parameter count well under SQLite's limit.
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = unique.slice(i, i + 500);
    const [rows, transports] = await Promise.all([
      db.select(matchColumns).from(investments).where(inArray(investments.id, chunk)).all(),
      db
        .select({
          investment_id: investment_transports.investment_id,
          line_cd: investment_transports.line_cd,
          station_cd: investment_transports.station_cd,
          group_cd: investment_transports.group_cd,
          distance: investment_transports.distance,
          station_walk: investment_transports.station_walk,
        })
        .from(investment_transports)
        .where(inArray(investment_transports.investment_id, chunk))
        .orderBy(asc(investment_transports.investment_id), asc(investment_transports.e_sort), asc(investment_transports.id))
        .all(),
    ]);
    const byListing = new Map<number, MatchableTransport[]>();
    for (const { investment_id, ...t } of transports) {
      const list = byListing.get(investment_id);
      if (list) list.push(t);
      else byListing.set(investment_id, [t]);
    }
    for (const r of rows) out.push({ ...r, transports: byListing.get(r.id) ?? [] });
  }
  const byId = new Map(out.map((l) => [l.id, l]));
  return ids.flatMap((id) => {
    const l = byId.get(id);
    return l ? [l] : [];
  });
}
