/**
 * The listing search: a SearchQuery (src/schemas/search.ts, where every
 * parameter is documented) turned into SQL. Visibility always comes from
 * visibleTo(audience); admin-only parameters apply for the admin audience
 * only. predicate.ts holds the in-memory twin of this condition (same plan,
 * proved equal by a property-based test).
 *
 * Index use: visibility picks the range of investments_search_idx (which
 * holds every searched column, so counts never touch the table); the other
 * column conditions are checked inside that index (see `v` below). Selective
 * sets come from subqueries the planner turns into rowid lookups: stations
 * `id IN (SELECT investment_id FROM investment_transports WHERE line_cd IN … UNION …)`
 * on the transport indexes, free words of 3+ characters
 * `id IN (SELECT rowid FROM investments_fts WHERE investments_fts MATCH …)`,
 * and 1-2 character terms the candidates of `shortTermCandidates`.
 */
import { and, between, count, desc, eq, gte, inArray, isNotNull, lt, lte, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { DEFAULT_SORT, PAGE_SIZE, type SortKey } from "@/lib/constants/investment";
import { cashFlowSortKey, YEN_PER_MAN, type LoanTerms } from "@/lib/economics";
import { lastPage } from "@/lib/pagination";
import { isEmptyQuery, type SearchQuery } from "@/schemas/search";
import type { Db } from "@/server/db";
import { investment_transports, investments, SORT_INDEXES } from "@/server/db/schema";
import { DISTANCE_WALK, pageWithCards, searchSizeSql, visibleTo, type Audience, type InvestmentCard, type PageOfIds } from "@/server/listings";
import { planQuery, type FreeWordTerm, type QueryPlan, type ShortTerm } from "./plan";

export interface SearchOptions {
  /** Reference time for the date parameters (dy, up, bt, rs, fs 1). */
  now?: Date;
  /** Cards per page (default PAGE_SIZE = 20; at most 1000). */
  pageSize?: number;
  /**
   * The viewing member's own loan terms (issue 33): only with them does sr=cf_desc sort by
   * monthly cash flow; without them it is the default order. Never from a shared cache.
   */
  cashFlowTerms?: LoanTerms | null;
  /**
   * Count every match (the admin list): otherwise the count stops past the
   * bound (countBound) and `totalBounded` says so.
   */
  exactCount?: boolean;
}

export interface SearchResult {
  items: InvestmentCard[];
  /** The matches, or with `totalBounded` a lower bound of them (countBound). */
  total: number;
  /**
   * True when the count stopped at the bound: there are more than `total`
   * matches (the list says 「1,000件以上」) and `last` is the last page known to
   * exist, not the end of the list.
   */
  totalBounded: boolean;
  /** The page shown: the asked page clamped to 1..last. */
  page: number;
  /** Last page (1 when nothing matches); with `totalBounded`, the last one known to exist. */
  last: number;
  pageSize: number;
}

/** Largest page size a caller may ask for. */
export const MAX_PAGE_SIZE = 1000;

/** `"term"` for FTS5 MATCH: a phrase, with double quotes doubled. */
export function ftsPhrase(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

function railCondition(p: QueryPlan, id: SQL): SQL | undefined {
  if (!p.rail) return undefined;
  const t = investment_transports;
  const walk = p.walk !== null ? sql` AND ${t.distance} = ${DISTANCE_WALK} AND ${t.station_walk} <= ${p.walk}` : sql``;
  const parts: SQL[] = [];
  // One branch per column so each uses its own (code, investment_id) index.
  if (p.rail.lines.length) parts.push(sql`SELECT ${t.investment_id} FROM ${t} WHERE ${inArray(t.line_cd, [...p.rail.lines])}${walk}`);
  if (p.rail.stations.length) parts.push(sql`SELECT ${t.investment_id} FROM ${t} WHERE ${inArray(t.station_cd, [...p.rail.stations])}${walk}`);
  if (p.rail.groups.length) parts.push(sql`SELECT ${t.investment_id} FROM ${t} WHERE ${inArray(t.group_cd, [...p.rail.groups])}${walk}`);
  return sql`${id} IN (${sql.join(parts, sql` UNION `)})`;
}

function sizeCondition(p: QueryPlan): SQL | undefined {
  if (p.sizeMin === null && p.sizeMax === null) return undefined;
  const size = searchSizeSql(v(investments.type_cd));
  return and(p.sizeMin !== null ? gte(size, p.sizeMin) : undefined, p.sizeMax !== null ? lte(size, p.sizeMax) : undefined);
}

/** Upper bound for "starts with" ranges on text (U+10FFFF sorts after every character). */
const MAX_CHAR = "\u{10FFFF}";

/**
 * Candidates for a 1-2 character term (a superset of the listings whose name or
 * keywords contain it; the exact instr() check follows). An occurrence followed
 * by at least one character starts a trigram: a `term` range on the FTS
 * vocabulary finds those. The others sit at the very end of the text: for two
 * characters the last two equal the term, for one character the last one does
 * or the last two start with it — expression indexes answer both.
 */
function shortTermCandidates(t: ShortTerm, id: SQL): SQL {
  const i = investments;
  const tails: SQL[] = [];
  for (const [col, text] of [
    [i.name, t.text],
    [i.keywords, t.kwText],
  ] as const) {
    if (t.length === 2) {
      tails.push(sql`SELECT ${i.id} FROM ${i} WHERE lower(substr(${col}, -2)) = ${text}`);
    } else {
      tails.push(sql`SELECT ${i.id} FROM ${i} WHERE lower(substr(${col}, -1)) = ${text}`);
      tails.push(sql`SELECT ${i.id} FROM ${i} WHERE lower(substr(${col}, -2)) >= ${text} AND lower(substr(${col}, -2)) < ${text + MAX_CHAR}`);
    }
  }
  const starts = [...new Set([t.folded, t.kwFolded])].map((f) => sql`SELECT doc FROM investments_fts_instance WHERE term >= ${f} AND term < ${f + MAX_CHAR}`);
  return sql`${id} IN (${sql.join([...starts, ...tails], sql` UNION `)})`;
}

/** One term of the MATCH: the phrase in either column, or (kana folded) each column its own form. */
function ftsTermMatch(t: FreeWordTerm): string {
  return t.name === t.keywords ? ftsPhrase(t.name) : `(name : ${ftsPhrase(t.name)} OR keywords : ${ftsPhrase(t.keywords)})`;
}

/** All long terms in one MATCH, each may match name or keywords. Explicit AND: FTS5 implies it between phrases only, not next to a parenthesised group. */
function ftsMatch(p: QueryPlan): string {
  return p.ftsTerms.map(ftsTermMatch).join(" AND ");
}

function freeWordConditions(p: QueryPlan, id: SQL, omitFts = false): SQL[] {
  const i = investments;
  const out: SQL[] = [];
  // omitFts: the statement applies the 3+ character words itself (streamedSetCount, denseWordWhere)
  if (p.ftsTerms.length && !omitFts) out.push(sql`${id} IN (SELECT rowid FROM investments_fts WHERE investments_fts MATCH ${ftsMatch(p)})`);
  for (const t of p.shortTerms) {
    out.push(shortTermCandidates(t, id));
    if (t.exact) continue; // the candidates are the matches (ShortTerm.exact)
    // The exact rule (predicate.ts does the same): instr() on name or keywords, ASCII
    // case-insensitive when the term has Latin letters (SQLite's lower() is ASCII-only).
    out.push(
      t.lower
        ? sql`(instr(lower(${i.name}), ${t.text}) > 0 OR instr(lower(${i.keywords}), ${t.kwText}) > 0)`
        : sql`(instr(${i.name}, ${t.text}) > 0 OR instr(${i.keywords}, ${t.kwText}) > 0)`,
    );
  }
  // xw: the same exact rule, negated (no index: it only ever narrows what the other conditions found)
  for (const t of p.excludeTerms) {
    out.push(
      t.lower
        ? sql`NOT (instr(lower(${i.name}), ${t.text}) > 0 OR instr(lower(${i.keywords}), ${t.text}) > 0)`
        : sql`NOT (instr(${i.name}, ${t.text}) > 0 OR instr(${i.keywords}, ${t.text}) > 0)`,
    );
  }
  return out;
}

function adminConditions(p: QueryPlan): (SQL | undefined)[] {
  const a = p.admin;
  const out: (SQL | undefined)[] = [];
  if (a.noPrefix !== null) out.push(sql`instr(${investments.no}, ${a.noPrefix}) = 1`);
  switch (a.state) {
    case "public":
      out.push(visibleTo("visitor"));
      break;
    case "members":
      out.push(and(visibleTo("member"), eq(investments.members, true)));
      break;
    case "private":
      out.push(eq(investments.public, false));
      break;
    case "premium":
      out.push(eq(investments.premium, true));
      break;
    case "overdue":
      out.push(isNotNull(investments.not_updated_at));
      break;
    default:
      break;
  }
  if (a.updateMin !== null) out.push(gte(investments.update_at, new Date(a.updateMin)));
  if (a.updateBefore !== null) out.push(lt(investments.update_at, new Date(a.updateBefore)));
  if (a.company !== null) out.push(sql`instr(json_extract(${investments.original}, '$.company'), ${a.company}) > 0`);
  return out;
}

/**
 * A column as a plain value (`+col`): SQLite will not pick that column's own
 * index for the term. Every condition but visibility (and the city, which has
 * a covering index of its own) is written this way so
 * that the plan is always "visibility range of investments_search_idx, the
 * other conditions checked inside that covering index" — a few ms at 100,000
 * listings whatever the parameters — instead of a single-column index whose
 * table lookups the planner underestimates (a price range or a city list
 * costs 10-50 ms that way).
 */
function unary(col: SQLWrapper): SQL {
  return sql`+${col}`;
}
const v = unary;

/**
 * The WHERE condition of a search for an audience: visibleTo(audience) AND
 * every condition of the query (admin-only ones for the admin audience only).
 * Undefined when nothing restricts (admin, empty query). `text: false`: all
 * but the conditions buildTextWhere writes.
 */
export function buildSearchWhere(
  audience: Audience,
  query: SearchQuery,
  now: Date,
  opts: { text?: boolean; sortColumn?: SQLWrapper | null; walkOrder?: boolean; setFirst?: boolean; omitFts?: boolean } = {},
): SQL | undefined {
  const p = planQuery(query, now);
  const text = opts.text ?? true;
  const i = investments;
  // `setFirst`: read from the sets' own indexes (walkOrder's opposite), no column left open to its index.
  // A city alone also writes visibility as plain values: a planner without statistics (sqld refuses
  // ANALYZE) takes two equalities for a narrow range and walked a visibility-led index instead of the
  // city's. An id set keeps visibility usable: investments_id_search_idx (id, public, not_updated_at…)
  // then covers the lookups (plain, they went to the table's wide rows). See countedWhere.
  const citiesLead = opts.setFirst === true && p.cities !== null && !p.rail && !p.ftsTerms.length && !p.shortTerms.length;
  // `walkOrder`: the sets (rail, free words, cities) as plain values, so the walk follows the sort's order (drivenBySets)
  const id = opts.walkOrder ? unary(i.id) : sql`${i.id}`;
  const city = opts.walkOrder ? unary(i.city_cd) : sql`${i.city_cd}`;
  // The sort's own column keeps its range open to the sort's covering index (price ≥ 2億 sorted by
  // price starts the walk at 2億 instead of checking every cheaper row); see searchOrder.
  const v = (c: SQLWrapper) => (opts.sortColumn === c && !opts.setFirst ? sql`${c}` : unary(c));
  // Written in the order SQLite evaluates them, cheapest first: small integer
  // compares, then text ranges and string functions, then the subqueries.
  const conds: (SQL | undefined)[] = [
    visibleTo(audience, { plain: citiesLead }),
    p.types ? inArray(v(i.type_cd), [...p.types]) : undefined,
    p.areas ? inArray(v(i.area_cd), [...p.areas]) : undefined,
    p.prefs ? inArray(v(i.pref_cd), [...p.prefs]) : undefined,
    p.structures ? inArray(v(i.structure_cd), [...p.structures]) : undefined,
    p.priceMin !== null ? gte(v(i.price), p.priceMin) : undefined,
    p.priceMax !== null ? lte(v(i.price), p.priceMax) : undefined,
    p.yieldMin !== null ? gte(v(i.yield), p.yieldMin) : undefined,
    p.yieldMax !== null ? lte(v(i.yield), p.yieldMax) : undefined,
    // ny / sk: NULL (no figure) fails the comparison, so never matches
    p.netYieldMin !== null ? gte(v(i.net_yield), p.netYieldMin) : undefined,
    p.sekisanMin !== null ? gte(v(i.sekisan_ratio), p.sekisanMin) : undefined,
    // Without a line/station filter, sw bounds the nearest walk.
    !p.rail && p.walk !== null ? lte(v(i.station_time), p.walk) : undefined,
    p.cert ? sql`${v(i.has_cert)} = 1` : undefined,
    p.repair ? sql`${v(i.has_repair)} = 1` : undefined,
    p.priceDown ? sql`${v(i.price_down)} = 1` : undefined,
    p.full ? sql`${v(i.is_full)} = 1` : undefined,
    p.freehold ? sql`${v(i.freehold)} = 1` : undefined,
    p.newQuake ? sql`${v(i.new_quake)} = 1` : undefined,
    p.premium ? sql`${v(i.premium)} = 1` : undefined,
    // hz: the few listings hazard_out marks, as an id set off investments_hazard_out_idx (partial)
    p.hazardOut ? sql`${i.id} NOT IN (SELECT id FROM investments WHERE hazard_out = 1)` : undefined,
    p.transactions ? inArray(v(i.transactions), [...p.transactions]) : undefined,
    // timestamp_ms columns: compared with epoch milliseconds
    p.publicFrom !== null ? gte(v(i.public_at), p.publicFrom) : undefined,
    p.updateFrom !== null ? gte(v(i.update_at), p.updateFrom) : undefined,
    sizeCondition(p),
    p.builtFrom !== null ? gte(v(i.built_at), p.builtFrom) : undefined,
    p.residualFrom !== null ? gte(v(i.residual_at), p.residualFrom) : undefined,
    // Left open to investments_city_search_idx (city first, covering): a city is selective.
    p.cities ? or(...p.cities.map(([from, to]) => (from === to ? eq(city, from) : between(city, from, to)))) : undefined,
    // `text: false` leaves out what buildTextWhere writes (the map applies those ids itself)
    ...(text ? [districtCondition(p), railCondition(p, id), ...freeWordConditions(p, id, opts.omitFts)] : []),
    ...(audience === "admin" ? adminConditions(p) : []),
  ];
  return and(...conds);
}

function districtCondition(p: QueryPlan): SQL | undefined {
  return p.district !== null ? sql`instr(${investments.district_cd}, ${p.district}) = 1` : undefined;
}

/**
 * Only the conditions of a query on text and other tables — 町名 (dt), railway
 * line / station / group with sw as the walk to it (sl st rg), free words (fw
 * xw) — as buildSearchWhere writes them; undefined when it has none. The map
 * (src/server/map) reads every other condition, and visibility, off its
 * in-process columns and asks SQL only for the ids these select.
 */
export function buildTextWhere(query: SearchQuery, now: Date): SQL | undefined {
  const p = planQuery(query, now);
  return and(districtCondition(p), railCondition(p, sql`${investments.id}`), ...freeWordConditions(p, sql`${investments.id}`));
}

/**
 * The ids buildTextWhere's conditions select, as a SELECT of one column `id`.
 * When free words of 3+ characters are the only such condition, straight
 * from the FTS index (its rowids are listing ids, kept in step by the 0001
 * triggers): `id IN (…)` would first build a temporary index of every match,
 * 26 ms for fw=マンション (45,000 listings of 100,000) against 7 ms.
 */
export function buildTextIdsSelect(query: SearchQuery, now: Date): SQL | undefined {
  const p = planQuery(query, now);
  if (p.ftsTerms.length && p.district === null && p.rail === null && !p.shortTerms.length && !p.excludeTerms.length) {
    return sql`SELECT rowid AS id FROM investments_fts WHERE investments_fts MATCH ${ftsMatch(p)}`;
  }
  const where = buildTextWhere(query, now);
  return where ? sql`SELECT ${investments.id} AS id FROM ${investments} WHERE ${where}` : undefined;
}

/** The columns with a covering sort index (schema SORT_INDEXES). */
const SORTED_COLUMNS: ReadonlySet<SQLWrapper> = new Set(SORT_INDEXES.map((x) => investments[x.column]));

/** The column of a sort that has a covering sort index (SORT_INDEXES), else null. */
export function sortColumnOf(sr: SortKey | undefined): SQLWrapper | null {
  const hit = SORT_INDEXES.find((x) => x.name === sr);
  return hit ? investments[hit.column] : null;
}

/**
 * The column the count's walk opens on (issue 31). A count below the list's bound walks every
 * visible entry of a visibility-first index (80,000 at 100,000 listings, 8–16 ms) checking the
 * conditions inside it; so does one whose matches lie thin along the visibility order. Instead:
 *  - types (ty): the type's range of
 *    investments_type_search_idx, covering like the others (re=1&re=2&ty=6&ly=6&fs=7: 7.8 → 0.3 ms,
 *    re=3&ty=1&lp=5000&hp=20000: 12 → 1.8 ms). A dense match can cost a little more than before
 *    (ty=1&ty=2&ly=7&sw=10&bt=30: 0.6 → 1.2 ms): the walk is bounded by the types' share instead
 *    of the whole visible range, which is what matters;
 *  - else a price or 利回り range bounded at both ends: that column's covering sort index from the
 *    range's start to its end (lp=5000&hp=20000&re=3: 13.0 → 4.5 ms). A one-sided range (ly=7, ny=4)
 *    is mostly wide and its matches lie thinner at the index's high end: left as it was.
 * Null otherwise, and when a set (drivenBySets) drives the count through its own index: opening
 * the type there made fw=天王寺&ty=1&ty=2&ly=6 walk 41,000 type entries probing the set (7.6 ms)
 * instead of probing the set's 5,682 (1.6 ms).
 */
export function countColumnOf(query: SearchQuery, now: Date): SQLWrapper | null {
  const p = planQuery(query, now);
  // a line, station, word or city set is found through its own index: it drives the count
  if (hasSets(p)) return null;
  if (p.types) return investments.type_cd;
  if (p.priceMin !== null && p.priceMax !== null) return investments.price;
  if (p.yieldMin !== null && p.yieldMax !== null) return investments.yield;
  return null;
}

/**
 * ORDER BY of a sort key; ties always by id descending (stable pages).
 * "new" follows investments_search_idx (public_at right after visibility).
 * `sortIndexes` (a visitor's or member's list, whose WHERE starts with the
 * visibility): the sorts of SORT_INDEXES name their plain column, so SQLite
 * walks that sort's covering index in order, checks the conditions inside it
 * and stops at the page. Otherwise, with conditions, the keys sort the
 * matching rows (`+col`, see `v`): a top-20 sort of the matches costs a few
 * ms, while walking a single-column index in order with a table lookup per
 * row can cost a full scan when few rows match. Without conditions
 * (`filtered: false`) every row matches, so the plain column lets SQLite walk
 * that column's index and stop at the page.
 */
export function searchOrder(
  sr: SortKey | undefined,
  opts: { filtered?: boolean; sortIndexes?: boolean; cashFlowTerms?: LoanTerms | null; plain?: boolean } = {},
): SQL[] {
  const i = investments;
  // `plain`: every term a value, so that no index is chosen for giving the order (a page read off its set, countedWhere)
  const col = (c: SQLWrapper) => (!opts.plain && (opts.filtered === false || (opts.sortIndexes && SORTED_COLUMNS.has(c))) ? sql`${c}` : v(c));
  const byId = opts.plain ? sql`${v(i.id)} DESC` : desc(i.id);
  switch (sr ?? DEFAULT_SORT) {
    case "net_yield_desc": // NULLs sort last in DESC
      return [sql`${col(i.net_yield)} DESC`, byId];
    case "sekisan_desc":
      return [sql`${col(i.sekisan_ratio)} DESC`, byId];
    case "cf_desc": {
      if (!opts.cashFlowTerms) return searchOrder(DEFAULT_SORT, opts);
      // 年間CF = noi − debtPerYen × max(0, 価格円 × loanPerPriceYen − loanOffsetYen) (economics.cashFlowSortKey);
      // no NOI → NULL → last in DESC. The constants are numbers computed here, bound as parameters.
      const k = cashFlowSortKey(opts.cashFlowTerms);
      const loan = sql`max(0, ${v(i.price)} * ${YEN_PER_MAN * k.loanPerPriceYen} - ${k.loanOffsetYen})`;
      return [sql`(${v(i.noi)} - ${k.debtPerYen} * ${loan}) DESC`, byId];
    }
    case "price_asc":
      return [sql`${col(i.price)} ASC`, byId];
    case "price_desc":
      return [sql`${col(i.price)} DESC`, byId];
    case "yield_desc": // NULLs sort last in DESC
      return [sql`${col(i.yield)} DESC`, byId];
    case "age_asc": // newest building first; unknown built_at last (NULLs sort last in DESC)
      return [sql`${col(i.built_at)} DESC`, byId];
    case "walk_asc": // no station (NULL) last, written as investments_sort_walk_asc_idx keeps it
      return [sql`(${col(i.station_time)} IS NULL)`, sql`${col(i.station_time)} ASC`, byId];
    case "new":
    default:
      return [opts.plain ? sql`${v(i.public_at)} DESC` : desc(i.public_at), byId];
  }
}

async function countWhere(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(investments).where(where).all();
  return row?.n ?? 0;
}

/**
 * Where the list's count stops (issue 31). Counting every match walks the
 * whole visibility range of investments_search_idx — 80,000 index entries
 * for a broad search at 100,000 listings, most of a search's time (6–20 ms on
 * the file, more on sqld). Past a thousand matches nobody reads the exact
 * figure (they refine), so the list counts to the bound and says 「1,000件以上」.
 * Exact counts stay where people rely on them: saved conditions on My Page,
 * the search dialog's live total and the admin list (countInvestments,
 * `exactCount`).
 */
export const COUNT_BOUND = 1000;

/**
 * The count's bound for a page: COUNT_BOUND, or further when the page asked
 * lies beyond it, so that every existing page can be reached (「次へ」 from
 * page 50 counts to 1,020, and so on: the cost grows with the depth, as
 * OFFSET's does).
 */
export function countBound(page: number, pageSize: number): number {
  return Math.max(COUNT_BOUND, page * pageSize);
}

/** `count(*)` of the matches as a scalar subquery, stopped after `limit` rows when given (`LIMIT` inside, so SQLite stops scanning there). */
function countSubquery(where: SQL | undefined, limit: number | null): SQL<number> {
  const filter = where ? sql` WHERE ${where}` : sql``;
  return limit === null
    ? sql<number>`(SELECT count(*) FROM ${investments}${filter})`
    : sql<number>`(SELECT count(*) FROM (SELECT 1 FROM ${investments}${filter} LIMIT ${limit}))`;
}

/**
 * The bounded count of a query found through its free words of 3+ characters: the MATCH's rows
 * joined to the listings (FTS first, CROSS JOIN keeps that order), so the count stops at the bound
 * instead of first collecting every match's id for `id IN (…)`. At 100,000 listings:
 * fw=天王寺 (5,682 matches) 1.6 → 1.0 ms, fw=天王寺&ty=1&ty=2&ly=6 2.6 → 1.9 ms, fw=マンション
 * (~46,000: its keywords form まんしょん names every マンション type) ~10 → 0.8 ms. Null when another
 * set (line, station, short term, city) is in the query too: it may be the far smaller one, and the
 * planner's choice between the two sets stands. Each match is checked in investments_id_search_idx
 * (INDEXED BY): sqld's planner looked it up by rowid instead, a page of the table's wide rows per
 * match through its 2 MB cache; on the primary at 100,000 listings fw=天王寺&ty=1&ty=2&ly=6
 * 13.5 → 10.5 ms p50, fw=天王寺 by price page 20 15.0 → 12.5 (the file's SQLite chose the index already).
 *
 * When the words could be read as instr() (QueryPlan.ftsInstr) and the count reached the bound, the
 * same statement measures what denseWordWhere weighs: `density`, the matches per id between the first
 * and the last one counted (FTS5 gives its rows in id order), and `words`, an estimate of the MATCH's
 * whole set (its rows in that span, scaled to the ids there are) — the set the usual page must read.
 */
function streamedSetCount(audience: Audience, query: SearchQuery, now: Date, limit: number): SQL | null {
  const p = planQuery(query, now);
  if (!p.ftsTerms.length || p.rail !== null || p.shortTerms.length || p.cities !== null) return null;
  const where = buildSearchWhere(audience, query, now, { omitFts: true });
  const match = ftsMatch(p);
  const counted = sql`SELECT count(*) AS n, min(rid) AS lo, max(rid) AS hi FROM (SELECT investments_fts.rowid AS rid FROM investments_fts CROSS JOIN ${investments} INDEXED BY investments_id_search_idx ON ${investments.id} = investments_fts.rowid WHERE investments_fts MATCH ${match}${where ? sql` AND ${where}` : sql``} LIMIT ${limit})`;
  if (!p.ftsInstr) return sql`SELECT n, NULL AS density, NULL AS words FROM (${counted})`;
  const inSpan = sql`(SELECT count(*) FROM investments_fts WHERE investments_fts MATCH ${match} AND rowid BETWEEN lo AND hi)`;
  return sql`SELECT n, CASE WHEN n >= ${limit} THEN 1.0 * n / (hi - lo + 1) END AS density, CASE WHEN n >= ${limit} THEN 1.0 * ${inSpan} / (hi - lo + 1) * (SELECT max(${investments.id}) FROM ${investments}) END AS words FROM (${counted})`;
}

/** How many times the rows a page needs, at the measured density, the window holds. */
const DENSE_WINDOW_MARGIN = 3;
/**
 * A window row (a covering-index step, a table read, instr()) costs about ten times what one member of
 * the MATCH's set costs the usual page (FTS5's doclists and a temporary index): 100,000 listings,
 * ~1.9 µs against ~0.16–0.25 µs (fw=天王寺, fw=マンション).
 */
const WINDOW_ROW_COST = 10;

/**
 * The page of a word found in a large share of the listings, without reading the word's whole set.
 * The set-first walk (`+id IN (SELECT rowid … MATCH …)`) must first collect every match: ~10 ms for
 * fw=マンション at 100,000 listings, FTS5's phrase over ~46,000 documents. When the terms' MATCH is
 * exactly instr() (QueryPlan.ftsInstr), the page can be read off a window instead: the first `W`
 * listings in the sort's order that meet every other condition (the sort's covering index), then
 * instr() on those, sorted again. W holds DENSE_WINDOW_MARGIN times the rows the page needs at the
 * density the count measured, so a full page from it is exactly the page the set would give (the
 * window is the start of the same order); it is taken when W window rows cost less than the
 * estimated set (WINDOW_ROW_COST). A density along the ids that the sort's order does not share
 * (a word of the low-yield types, sorted by 利回り) gives a short page: the caller reads the page the
 * usual way then, at most the window's cost more. Undefined when it does not apply.
 */
function denseWordWhere(
  audience: Audience,
  query: SearchQuery,
  now: Date,
  sortColumn: SQLWrapper | null,
  order: SQL[],
  rows: number,
  measured: { density: number; words: number },
): SQL | undefined {
  const p = planQuery(query, now);
  if (!p.ftsInstr || !(measured.density > 0)) return undefined;
  const window = Math.ceil((rows * DENSE_WINDOW_MARGIN) / measured.density); // density ≤ 1: n matches in a span of ≥ n ids
  if (window * WINDOW_ROW_COST >= measured.words) return undefined;
  const i = investments;
  const rest = buildSearchWhere(audience, query, now, { sortColumn, omitFts: true });
  const words = p.ftsTerms.map((t) => sql`(instr(${i.name}, ${t.name}) > 0 OR instr(${i.keywords}, ${t.keywords}) > 0)`);
  return and(sql`${i.id} IN (SELECT ${i.id} FROM ${i}${rest ? sql` WHERE ${rest}` : sql``} ORDER BY ${sql.join(order, sql`, `)} LIMIT ${window})`, ...words);
}

/** Counted matches → total, whether bounded, and the last page (known to exist). */
function pageCount(n: number, bound: number | null, pageSize: number): { total: number; totalBounded: boolean; last: number } {
  if (bound !== null && n > bound) return { total: bound, totalBounded: true, last: lastPage(bound + 1, pageSize) };
  return { total: n, totalBounded: false, last: lastPage(n, pageSize) };
}

/**
 * The conditions a count reads: a query with a set (drivenBySets) from the set's own index, every other
 * column and visibility closed (setFirst); otherwise one column's range open to its index (countColumnOf),
 * or, without one, `page.where` when given (the list's page conditions: its sort column's range open).
 * Without the first, sqld (no statistics) counted 大阪市 (ct=281000&ty=2&bt=25) along a visibility-led
 * index, every visible listing checked: 34 ms on the primary against 1.2 ms on the file.
 */
function countedWhere(audience: Audience, query: SearchQuery, now: Date, page?: { where: SQL | undefined }): SQL | undefined {
  if (drivenBySets(query, now)) return buildSearchWhere(audience, query, now, { setFirst: true });
  const column = audience === "admin" ? null : countColumnOf(query, now);
  return column === null && page ? page.where : buildSearchWhere(audience, query, now, { sortColumn: column });
}

/** How many listings the audience finds with a query. */
export async function countInvestments(db: Db, audience: Audience, query: SearchQuery, now: Date = new Date()): Promise<number> {
  return countWhere(db, countedWhere(audience, query, now));
}

/** The banner's count: to the bound, and whether it stopped there (「1,000件以上」). */
export type MembersOnlyCount = { total: number; bounded: boolean };

/**
 * How many members-only listings a visitor's search would also find once
 * registered (the list's 会員限定 banner): the query's conditions over the
 * published members-only listings. Null when the query has a free word: the
 * free-word index holds what members see of those listings (name, comments,
 * place), and a count for any word a visitor types would tell them what the
 * locked listings say.
 *
 * Counted to `bound` (COUNT_BOUND) like the list itself: no index puts the
 * members-only flag right after the visibility columns, so an exact count of a
 * broad search walked every visible listing (21–24 ms at 100,000 listings, about
 * a quarter of an uncached list page); past a thousand the banner says so.
 */
export async function countMembersOnly(db: Db, query: SearchQuery, now: Date = new Date(), bound: number = COUNT_BOUND): Promise<MembersOnlyCount | null> {
  if (query.fw) return null;
  // a value too when a set leads (countedWhere), as every condition but the set's own is then
  const membersOnly = drivenBySets(query, now) ? sql`+${investments.members} = 1` : eq(investments.members, true);
  const where = and(countedWhere("member", query, now), membersOnly);
  const n = Number((await db.get<{ n: number }>(sql`SELECT ${countSubquery(where, bound + 1)} AS n`))?.n ?? 0);
  return n > bound ? { total: bound, bounded: true } : { total: n, bounded: false };
}

/**
 * Whether a query's matches are found through a set of its own index rather than along the sort's
 * order: railway lines, stations, groups and free words (`id IN (…)` on their indexes) and cities
 * (investments_city_search_idx). For a few hundred matches that is the fast way; for thousands,
 * reading each and sorting them all costs 5–7 ms at 100,000 listings (sl=99621: 3,597 listings,
 * fw=天王寺: 5,682, ct=271004 大阪市: ~25,000), while walking the sort's own index and checking
 * membership stops at the page in ~1 ms. The bounded count tells which: past the bound
 * (「1,000件以上」) the matches are dense enough for the walk (searchPage).
 */
export function drivenBySets(query: SearchQuery, now: Date): boolean {
  return hasSets(planQuery(query, now));
}

function hasSets(p: QueryPlan): boolean {
  return p.rail !== null || p.ftsTerms.length > 0 || p.shortTerms.length > 0 || p.cities !== null;
}

/** The rows the walk of drivenBySets serves at COUNT_BOUND matches (deeper pages need more matches: walkPays). */
export const WALK_MAX_ROWS = 100;

/**
 * Whether walking the sort's order beats reading the set (drivenBySets) for the first `rows` rows of
 * `matches` matches. The walk meets a match every V / matches index entries (V: the visible listings)
 * and costs ~0.2 µs an entry; reading the set costs ~1.5 µs a match plus the sort. So the walk pays
 * while rows < matches² × 7.5 / V: at 100,000 listings (V ≈ 80,000) 100 rows at 1,000 matches, one
 * page of 20 from ~500 matches (fw=梅田, 987 matches: 3.1 → 1.3 ms); written as
 * WALK_MAX_ROWS × (matches / COUNT_BOUND)².
 */
export function walkPays(matches: number, rows: number): boolean {
  // in integers (exact): the share squared in floating point put 2,300 matches below 529 rows' need
  return rows * COUNT_BOUND * COUNT_BOUND <= WALK_MAX_ROWS * matches * matches;
}

/**
 * The fewest matches for which the walk pays for `rows` rows (walkPays' inverse). A set's count goes on
 * past the list's bound to this many when a page lies deeper than WALK_MAX_ROWS, so that a deep page of
 * a dense set walks too: with the count stopped at the bound it could not tell 1,001 matches from
 * 25,000, and every page past the fifth read the whole set. Counting on costs what the set read it
 * replaces would (both read the set's members), so a set just past the bound pays at most its read twice.
 */
export function walkNeeds(rows: number): number {
  let m = Math.ceil(COUNT_BOUND * Math.sqrt(rows / WALK_MAX_ROWS));
  // the square root is rounded: settle on the exact fewest
  while (m > 0 && walkPays(m - 1, rows)) m--;
  while (!walkPays(m, rows)) m++;
  return m;
}

/**
 * One page of a search: the total, the last page and the cards of the page
 * (the asked page is clamped to 1..last). One statement gives the page's ids
 * with the count beside them (a scalar subquery, run once), then the cards;
 * on a sqld primary one statement gives all three (pageWithCards). A set's count
 * comes first, alone: it picks the page's plan (drivenBySets). The count is
 * bounded (countBound) unless `exactCount`. Only a page past the end takes
 * two more statements: the count alone, then the last page.
 */
export async function searchInvestments(db: Db, audience: Audience, query: SearchQuery, options: SearchOptions = {}): Promise<SearchResult> {
  const now = options.now ?? new Date();
  // the cards of the page read last (a page past the end reads the last page after its count)
  let items: InvestmentCard[] = [];
  const { ids: _ids, ...found } = await readSearchPage(db, audience, query, { ...options, now }, async (page, pageIds) => {
    const read = await pageWithCards(db, page, pageIds, now, audience);
    items = read.cards;
    return read.rows;
  });
  return { items: found.total === 0 ? [] : items, ...found };
}

/** The ids of a search's page with its count, as searchInvestments shows them (its statements, without the cards). */
export function searchPage(
  db: Db,
  audience: Audience,
  query: SearchQuery,
  options: SearchOptions = {},
): Promise<Omit<SearchResult, "items"> & { ids: number[] }> {
  return readSearchPage(db, audience, query, options, (page) => page.all());
}

/** A page's statement (its ids, with the count beside them or 0) and the same page as pageWithCards reads it with its cards. */
type PageRow = { id: number; n: number };
type PageRead = (page: PromiseLike<PageRow[]> & { all(): Promise<PageRow[]> }, pageOfIds: PageOfIds) => Promise<PageRow[]>;

async function readSearchPage(
  db: Db,
  audience: Audience,
  query: SearchQuery,
  options: SearchOptions,
  read: PageRead,
): Promise<Omit<SearchResult, "items"> & { ids: number[] }> {
  const now = options.now ?? new Date();
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(options.pageSize ?? PAGE_SIZE) || PAGE_SIZE));
  const sortIndexes = audience !== "admin";
  const sortColumn = sortIndexes ? sortColumnOf(query.sr) : null;
  const where = buildSearchWhere(audience, query, now, { sortColumn });
  const asked = Math.max(1, Math.trunc(query.page ?? 1) || 1);
  const bound = options.exactCount ? null : countBound(asked, pageSize);
  const order = searchOrder(query.sr, { filtered: !isEmptyQuery(query), sortIndexes, cashFlowTerms: options.cashFlowTerms });
  // the same conditions as a count reads them (countedWhere); an admin's are the page's own
  const whereCounted = sortIndexes ? countedWhere(audience, query, now, { where }) : where;
  const counted = countSubquery(whereCounted, bound === null ? null : bound + 1);
  // the page's order as values: how the cards' rows are sorted again (pageWithCards)
  const plainOrder = searchOrder(query.sr, { cashFlowTerms: options.cashFlowTerms, plain: true });
  // `withCount`: the count beside each id (a scalar subquery, run once), in the same round trip
  const pageOf = (page: number, pageWhere: SQL | undefined = where, withCount = false, pageOrder: SQL[] = order) => {
    const n = withCount ? counted : sql<number>`0`;
    return read(
      db
        .select({ id: investments.id, n })
        .from(investments)
        .where(pageWhere)
        .orderBy(...pageOrder)
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      {
        // the same page, its ids only: what the cards' rows select by
        ids: sql`(SELECT ${investments.id} FROM ${investments} WHERE ${pageWhere ?? sql`1`} ORDER BY ${sql.join(pageOrder, sql`, `)} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize})`,
        n,
        order: plainOrder,
      },
    );
  };

  let rows: { id: number; n: number }[];
  let page = asked;
  let n: number;
  if (sortIndexes && drivenBySets(query, now)) {
    // Count first, then pick the page's plan by it (walkOrder): many matches → walk the sort's order.
    // only an order an index gives can be walked (every list sort but a member's 月間CF)
    const effective = query.sr === "cf_desc" && !options.cashFlowTerms ? DEFAULT_SORT : (query.sr ?? DEFAULT_SORT);
    const indexed = effective === "new" || sortColumn !== null;
    // a deep page counts on to the matches its walk would need (walkNeeds); the list still shows the bound
    const countTo = bound === null ? null : Math.max(bound + 1, indexed ? walkNeeds(asked * pageSize) : 0);
    const streamed = countTo === null ? null : streamedSetCount(audience, query, now, countTo);
    let measured = { density: 0, words: 0 };
    if (streamed) {
      const row = await db.get<{ n: number; density: number | null; words: number | null }>(streamed);
      n = Number(row?.n ?? 0);
      measured = { density: Number(row?.density ?? 0), words: Number(row?.words ?? 0) };
    } else n = Number((await db.get<{ n: number }>(sql`SELECT ${countSubquery(whereCounted, countTo)} AS n`))?.n ?? 0);
    if (n === 0) return { ids: [], total: 0, totalBounded: false, page: 1, last: 1, pageSize };
    page = Math.min(asked, pageCount(n, bound, pageSize).last);
    const walk = indexed && bound !== null && walkPays(n, page * pageSize);
    // a dense word past the bound: its page off a window of the sort's order, when that fills it
    const dense = walk && n > bound ? denseWordWhere(audience, query, now, sortColumn, order, page * pageSize, measured) : undefined;
    rows = dense ? await pageOf(page, dense) : [];
    if (rows.length < pageSize)
      rows = walk
        ? await pageOf(page, buildSearchWhere(audience, query, now, { sortColumn, walkOrder: true }))
        : // not walked: the page off the set itself, as the count read it, sorted after (no index offers the order)
          await pageOf(page, whereCounted, false, plainOrder);
  } else {
    rows = await pageOf(asked, where, true);
    if (rows.length) n = Number(rows[0]!.n);
    else {
      // Nothing on the asked page: nothing matches (page 1), or the page is past the end — count, then show the last page.
      n = asked === 1 ? 0 : Number((await db.get<{ n: number }>(sql`SELECT ${counted} AS n`))?.n ?? 0);
      page = lastPage(n, pageSize);
      if (n > 0) rows = await pageOf(page);
    }
  }
  const { total, totalBounded, last } = pageCount(n, bound, pageSize);
  if (total === 0) return { ids: [], total, totalBounded, page: 1, last, pageSize };
  return { ids: rows.map((r) => r.id), total, totalBounded, page, last, pageSize };
}
