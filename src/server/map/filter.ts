/**
 * The list search's plan (src/server/search/plan.ts, the same boundaries the
 * SQL and the in-memory predicate read) compiled to a predicate over the
 * snapshot's columns (snapshot.ts): `(i) => boolean` for point index i, every
 * list and bound prepared once. Each test is the SQL's (sql.ts
 * buildSearchWhere) on the column's value, NULL marks failing as NULL does.
 *
 * Conditions that need text or other tables — 町名 (dt), railway line /
 * station / group (sl st rg, with sw then meaning the walk to that station),
 * free word (fw) and excluded words (xw) — are not compiled (`textOnly`): the
 * view takes the ids they select from SQL (buildTextWhere) and checks the rest here.
 */
import type { QueryPlan } from "@/server/search";
import { cityNumber, FLAG, isoDateNumber, type MapSnapshot } from "./snapshot";

export type PointFilter = (i: number) => boolean;

/** Whether the plan has conditions the columns do not hold (their ids come from SQL). */
export function hasTextConditions(p: QueryPlan): boolean {
  return p.district !== null || p.rail !== null || p.ftsTerms.length > 0 || p.shortTerms.length > 0 || p.excludeTerms.length > 0;
}

/** The plan's column conditions as a predicate over the snapshot's points; null when a bound does not convert. */
export function columnFilter(s: MapSnapshot, p: QueryPlan): PointFilter | null {
  const tests: PointFilter[] = [];
  const inSet = (col: Uint8Array, xs: readonly number[] | null) => {
    if (!xs) return;
    const want = new Uint8Array(256);
    for (const x of xs) if (Number.isInteger(x) && x >= 1 && x <= 255) want[x] = 1;
    // 0 is NULL: never in the list (NULL IN (…) is not true)
    tests.push((i) => want[col[i]!] === 1);
  };
  inSet(s.type, p.types);
  inSet(s.area, p.areas);
  inSet(s.pref, p.prefs);
  inSet(s.structure, p.structures);
  inSet(s.tx, p.transactions);

  const { priceMin, priceMax, yieldMin, yieldMax, netYieldMin, sekisanMin, walk, sizeMin, sizeMax, publicFrom, updateFrom } = p;
  const price = s.price;
  if (priceMin !== null) tests.push((i) => price[i]! >= priceMin);
  if (priceMax !== null) tests.push((i) => price[i]! <= priceMax);
  const yld = s.yield;
  // NaN (NULL) fails every comparison, as NULL does in SQL
  if (yieldMin !== null) tests.push((i) => yld[i]! >= yieldMin);
  if (yieldMax !== null) tests.push((i) => yld[i]! <= yieldMax);
  const ny = s.netYield;
  if (netYieldMin !== null) tests.push((i) => ny[i]! >= netYieldMin);
  const sk = s.sekisan;
  if (sekisanMin !== null) tests.push((i) => sk[i]! >= sekisanMin);
  // without a line or station, sw bounds the nearest walk (WALK_NULL is above any sw); with one, it is the
  // walk to that station, part of the rail condition in SQL
  const w = s.walk;
  if (walk !== null && p.rail === null) tests.push((i) => w[i]! <= walk);
  let flags = 0;
  if (p.cert) flags |= FLAG.cert;
  if (p.repair) flags |= FLAG.repair;
  if (p.priceDown) flags |= FLAG.priceDown;
  if (p.full) flags |= FLAG.full;
  if (p.freehold) flags |= FLAG.freehold;
  if (p.newQuake) flags |= FLAG.newQuake;
  if (p.premium) flags |= FLAG.premium;
  const f = s.flags;
  if (flags) tests.push((i) => (f[i]! & flags) === flags);
  // hz (issue 34): the hazard_out bit must be clear
  if (p.hazardOut) tests.push((i) => (f[i]! & FLAG.hazardOut) === 0);
  const pub = s.publicAt;
  if (publicFrom !== null) tests.push((i) => pub[i]! >= publicFrom);
  const upd = s.updateAt;
  if (updateFrom !== null) tests.push((i) => upd[i]! >= updateFrom);
  const size = s.size_;
  if (sizeMin !== null) tests.push((i) => size[i]! >= sizeMin);
  if (sizeMax !== null) tests.push((i) => size[i]! <= sizeMax);
  if (p.builtFrom !== null) {
    const from = isoDateNumber(p.builtFrom);
    if (from === null) return null;
    const b = s.built; // 0 (NULL) is below every date
    tests.push((i) => b[i]! >= from);
  }
  if (p.residualFrom !== null) {
    const from = isoDateNumber(p.residualFrom);
    if (from === null) return null;
    const r = s.residual;
    tests.push((i) => r[i]! >= from);
  }
  if (p.cities) {
    const ranges: number[] = [];
    for (const [a, b] of p.cities) {
      const lo = cityNumber(a);
      const hi = cityNumber(b);
      if (lo === null || hi === null) return null;
      ranges.push(lo, hi);
    }
    const c = s.city;
    tests.push((i) => {
      const v = c[i]!;
      for (let k = 0; k < ranges.length; k += 2) if (v >= ranges[k]! && v <= ranges[k + 1]!) return true;
      return false;
    });
  }

  switch (tests.length) {
    case 0:
      return () => true;
    case 1:
      return tests[0]!;
    case 2: {
      const [a, b] = tests as [PointFilter, PointFilter];
      return (i) => a(i) && b(i);
    }
    case 3: {
      const [a, b, c] = tests as [PointFilter, PointFilter, PointFilter];
      return (i) => a(i) && b(i) && c(i);
    }
    default:
      return (i) => {
        for (let k = 0; k < tests.length; k++) if (!tests[k]!(i)) return false;
        return true;
      };
  }
}

/**
 * The list's sort (sql.ts searchOrder) over two points: negative when `a`
 * comes first. Ties by id descending; NULL marks sort where SQLite puts NULL
 * (last in every order used here).
 */
export function pointOrder(s: MapSnapshot, sr: string | undefined): (a: number, b: number) => number {
  const id = s.id;
  const byId = (a: number, b: number) => id[b]! - id[a]!;
  const desc = (col: Float64Array) => (a: number, b: number) => {
    const x = col[a]!;
    const y = col[b]!;
    if (x !== y) {
      if (Number.isNaN(x)) return Number.isNaN(y) ? byId(a, b) : 1;
      if (Number.isNaN(y)) return -1;
      return y - x;
    }
    return byId(a, b);
  };
  switch (sr) {
    case "price_asc":
      return (a, b) => s.price[a]! - s.price[b]! || byId(a, b);
    case "price_desc":
      return (a, b) => s.price[b]! - s.price[a]! || byId(a, b);
    case "yield_desc":
      return desc(s.yield);
    case "net_yield_desc":
      return desc(s.netYield);
    case "sekisan_desc":
      return desc(s.sekisan);
    case "age_asc": // built DESC: 0 (NULL) is the smallest, so last
      return (a, b) => s.built[b]! - s.built[a]! || byId(a, b);
    case "walk_asc": // WALK_NULL is the largest, so last
      return (a, b) => s.walk[a]! - s.walk[b]! || byId(a, b);
    default: // new: public_at DESC; cf_desc too (a member's loan terms never reach the map: searchOrder's default without them)
      return desc(s.publicAt);
  }
}
