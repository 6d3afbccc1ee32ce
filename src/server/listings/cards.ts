/**
 * Listing cards (the tile every list shows: home sections, search results,
 * related listings). Hydration only: callers decide WHICH ids an audience may
 * see (visibleTo) and pass them here; this module never widens that choice.
 */
import { eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { isRemote, type Db } from "@/server/db";
import { investment_images, investment_rent_rolls, investment_transports, investments, municipalities, prefectures } from "@/server/db/schema";
import type { DealChip } from "@/schemas/economics";
import { ECONOMICS_COLUMNS, economicsInputOf, inIds, rentRollRowOf, rentRollsByListing, rentRollsQuery, withoutStaffInputs } from "./economics-input";
import { dealChips, mediansFor, medianAudienceOf, similarCandidates } from "./economics";
import { dealCheck, listingEconomics, type RentRollRow, type SimilarCandidate } from "@/lib/economics";
import type { Audience } from "./visibility";
import { storedFormerPrice } from "@/lib/former-price";
import type { BuiltGroup } from "@/schemas/investment-groups";

/** A listing card as the home page (and any list) shows it. Field names follow the spec. */
export interface InvestmentCard {
  locked: false;
  id: number;
  name: string;
  type_cd: number;
  type_other: string | null;
  pref_cd: number;
  pref_name: string | null;
  city_cd: string;
  city_name: string | null;
  /** 万円 */
  price: number;
  /** percent */
  yield: number | null;
  /** 実質利回り, percent: NOI ÷ 価格 from the one model (src/lib/economics.ts netYield), computed when read, never stored. */
  net_yield: number | null;
  /** NOI 円/年 (economics.noi with no options, the summary's), for the member's 月間CF (issue 33); null when unknown. */
  noi: number | null;
  /**
   * The viewing member's 月間CF 円 under their saved loan terms (economics.cashFlowFromNoi), added
   * per request outside any shared cache (src/server/members/loan-terms.ts withMemberCashFlow);
   * absent without terms, null when the listing has no NOI.
   */
  member_cf?: number | null;
  /** 借地権・定期借地権: the card's and table row's 借地 badge. */
  leasehold: boolean;
  /** The deal check's compact line (参考), judged against the medians the audience may see. */
  deal: DealChip[];
  structure_cd: number | null;
  structure_other: string | null;
  /** ㎡ */
  land_size: number | null;
  building_size: number | null;
  occupied_size: number | null;
  total_units: number | null;
  /** 取引態様 (TRANSACTIONS) */
  transactions: number | null;
  built: BuiltGroup | null;
  /** Nearest walk minutes over the transports. */
  station_time: number | null;
  /** First transport entry (by e_sort). */
  line_name: string | null;
  station_name: string | null;
  members: boolean;
  premium: boolean;
  /** The 値下げ badge: only while 表示規約 allows the former price (src/lib/former-price.ts) at the time of reading. */
  price_down: boolean;
  /** Storage name of the first image (by e_sort), for /api/images/{id}/{name}/thumb. */
  image: string | null;
  public_at: Date | null;
}

function firstTransport(column: SQLiteColumn) {
  return sql<string | null>`(SELECT ${column} FROM ${investment_transports} WHERE ${investment_transports.investment_id} = ${investments.id}
    ORDER BY ${investment_transports.e_sort}, ${investment_transports.id} LIMIT 1)`;
}

const cardColumns = {
  // the economics' inputs first (net_yield, leasehold, deal; those not on the card are not sent)
  ...ECONOMICS_COLUMNS,
  id: investments.id,
  name: investments.name,
  type_cd: investments.type_cd,
  type_other: investments.type_other,
  pref_cd: investments.pref_cd,
  pref_name: prefectures.name,
  city_cd: investments.city_cd,
  city_name: municipalities.name,
  price: investments.price,
  yield: investments.yield,
  structure_cd: investments.structure_cd,
  structure_other: investments.structure_other,
  land_size: investments.land_size,
  building_size: investments.building_size,
  occupied_size: investments.occupied_size,
  total_units: investments.total_units,
  transactions: investments.transactions,
  built: investments.built,
  station_time: investments.station_time,
  members: investments.members,
  premium: investments.premium,
  price_down: investments.price_down,
  public_at: investments.public_at,
  // inputs of the 値下げ badge only (not sent)
  price_before: investments.price_before,
  price_down_at: investments.price_down_at,
  price_before_since: investments.price_before_since,
  area_cd: investments.area_cd,
  // The first transport (by e_sort) and the thumbnail, read with the row: one statement where there were
  // three, each an index lookup per card (investment_id leads both tables' indexes).
  line_name: firstTransport(investment_transports.line_name),
  station_name: firstTransport(investment_transports.station_name),
  // the thumbnail is the first photo; a floor plan only when there is no photo
  image: sql<string | null>`(SELECT ${investment_images.name} FROM ${investment_images} WHERE ${investment_images.investment_id} = ${investments.id}
    ORDER BY ${investment_images.category} = 'floor_plan', ${investment_images.e_sort}, ${investment_images.id} LIMIT 1)`,
};

/**
 * The cards of `ids`, in the given order (unknown ids are skipped, a repeated
 * id gives one card per occurrence). Two queries whatever the number of ids, read together:
 * the rows (each with its first transport and thumbnail) and their rent rolls; the deal
 * line's medians come from the audience's candidates, computed once per
 * content version (./economics.ts). `audience` picks whose listings the
 * medians use: a visitor's (public only) unless the caller says otherwise.
 */
export async function loadCards(db: Db, ids: readonly number[], now: Date = new Date(), audience: Audience = "visitor"): Promise<InvestmentCard[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const candidates = similarCandidates(db, medianAudienceOf(audience), now);
  let reads: Promise<CardReads>;
  if (isRemote(db)) {
    // On a libSQL server the two reads go at once, each on a stream kept open (db/kept-streams.ts:
    // ~1 ms a request). A batch opens a stream of its own and wraps the reads in a transaction: ~3 ms more.
    const [rows, rentRolls] = cardReads(db, unique);
    reads = Promise.all([rows, rentRolls]);
  } else {
    // On a file the statements are built once per database and run with the ids as one JSON argument:
    // drizzle's SQL building was a third of a page's card reads (~0.25 ms of 0.75 for the rows alone).
    let read = preparedReads.get(db);
    if (!read) preparedReads.set(db, (read = preparedCardReads(db)));
    reads = read(unique);
  }
  const [[rows, rollRows], medianCandidates] = await Promise.all([reads, candidates]);
  return cardsFrom(ids, rows, rentRollsByListing(rollRows), medianCandidates, now);
}

/** A page as pageWithCards reads it on a libSQL server: the statement selecting its ids, its count column, its order as values. */
export interface PageOfIds {
  /** `(SELECT id FROM investments WHERE … ORDER BY … LIMIT … OFFSET …)` */
  ids: SQLWrapper;
  /** The count beside each row (a scalar subquery, run once), or 0. */
  n: SQL<number>;
  /** The page's order with every term a value (`+col`): the 20 rows are sorted again, no index walked for it. */
  order: SQL[];
}

/**
 * A page's rows and its cards (issue 31). On a libSQL server as ONE statement that evaluates the page
 * once: the cards' rows select `id IN (page)`, carry the count and their rent rolls (rentRollsJson) as
 * columns and are sorted again by the page's order. One request (~1 ms on a kept stream, more on a
 * fresh one); the batch this replaced (page, card rows, rent rolls) ran the page's statement three
 * times, which for a set's page or a dense word's deep page (~8 ms each on sqld) was the larger cost.
 * On a file the page is read first and its cards after (loadCards, prepared): a read costs no request.
 */
export async function pageWithCards(
  db: Db,
  page: PromiseLike<{ id: number; n: number }[]>,
  pageOfIds: PageOfIds,
  now: Date,
  audience: Audience,
): Promise<{ rows: { id: number; n: number }[]; cards: InvestmentCard[] }> {
  if (!isRemote(db)) {
    const rows = await page;
    return {
      rows,
      cards: await loadCards(
        db,
        rows.map((r) => r.id),
        now,
        audience,
      ),
    };
  }
  const [read, candidates] = await Promise.all([
    db
      .select({ ...cardColumns, n: pageOfIds.n, rent_roll: rentRollsJson })
      .from(investments)
      .leftJoin(municipalities, eq(municipalities.code, investments.city_cd))
      .leftJoin(prefectures, eq(prefectures.pref_cd, investments.pref_cd))
      .where(inIds(investments.id, pageOfIds.ids))
      .orderBy(...pageOfIds.order),
    similarCandidates(db, medianAudienceOf(audience), now),
  ]);
  const rentRolls = new Map<number, RentRollRow[]>();
  const rows = read.map(({ n: _n, rent_roll, ...row }) => {
    const rolls = rentRollsOfJson(rent_roll);
    if (rolls.length) rentRolls.set(row.id, rolls);
    return row;
  });
  return {
    rows: read.map((r) => ({ id: r.id, n: Number(r.n) })),
    cards: cardsFrom(
      rows.map((r) => r.id),
      rows,
      rentRolls,
      candidates,
      now,
    ),
  };
}

/**
 * A card row's rent roll as one JSON column (pageWithCards): an array of
 * [e_sort, id, room, layout, area, rent, common_fee, deposit, status, lease_start]. The order is put
 * right in rentRollsOfJson: sqld's parser refuses `json_group_array(… ORDER BY …)`, and an aggregate's
 * input order is not promised by SQLite.
 */
const rr = investment_rent_rolls;
const rentRollsJson = sql<string>`(SELECT json_group_array(json_array(${rr.e_sort}, ${rr.id}, ${rr.room}, ${rr.layout}, ${rr.area}, ${rr.rent}, ${rr.common_fee}, ${rr.deposit}, ${rr.status}, ${rr.lease_start}))
  FROM ${rr} WHERE ${rr.investment_id} = ${investments.id})`;
type RentRollJsonRow = [number, number, string, string | null, number | null, number, number | null, number | null, RentRollRow["status"], string | null];
function rentRollsOfJson(json: string | null): RentRollRow[] {
  const rows = json ? (JSON.parse(json) as RentRollJsonRow[]) : [];
  return rows
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([, , room, layout, area, rent, common_fee, deposit, status, lease_start]) =>
      rentRollRowOf({ room, layout, area, rent, common_fee, deposit, status, lease_start }),
    );
}

/** The two reads of the cards of `ids` (a list, or a statement selecting them): rows (with their first transport and thumbnail), rent rolls. */
function cardReads(db: Db, ids: readonly number[] | SQL) {
  return [
    db
      .select(cardColumns)
      .from(investments)
      .leftJoin(municipalities, eq(municipalities.code, investments.city_cd))
      .leftJoin(prefectures, eq(prefectures.pref_cd, investments.pref_cd))
      .where(inIds(investments.id, ids)),
    rentRollsQuery(db, ids),
  ] as const;
}
/** Each database's card reads, prepared once (loadCards on a file). */
const preparedReads = new WeakMap<Db, (ids: readonly number[]) => Promise<CardReads>>();
function preparedCardReads(db: Db): (ids: readonly number[]) => Promise<CardReads> {
  const [rows, rentRolls] = cardReads(db, sql`(SELECT value FROM json_each(${sql.placeholder("ids")}))`);
  const [readRows, readRentRolls] = [rows.prepare(), rentRolls.prepare()];
  return (ids) => {
    const args = { ids: JSON.stringify(ids) };
    return Promise.all([readRows.all(args), readRentRolls.all(args)]);
  };
}
type CardReads = BatchResponse<ReturnType<typeof cardReads>>;

/** The cards of `ids`, in that order, from cardReads' rows and the listings' rent rolls. */
function cardsFrom(
  ids: readonly number[],
  rows: CardReads[0],
  rentRolls: ReadonlyMap<number, RentRollRow[]>,
  candidates: readonly SimilarCandidate[],
  now: Date,
): InvestmentCard[] {
  const byId = new Map(rows.map((r) => [r.id, r]));

  const cards: InvestmentCard[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    if (!r) continue;
    const {
      income: _income,
      yield: _yield,
      service_charge: _sc,
      maintenance_fee: _mf,
      land_rights: _lr,
      land_type: _lt,
      vacancy: _v,
      area_cd: _a,
      price_before,
      price_down_at,
      price_before_since,
      ...card
    } = r;
    const input = economicsInputOf(r, { rentRoll: rentRolls.get(id) });
    const econ = listingEconomics(input, { now });
    const medians = mediansFor(r, input, candidates, now);
    cards.push({
      locked: false,
      ...withoutStaffInputs(card),
      yield: r.yield,
      price_down: storedFormerPrice({ price: r.price, price_down: r.price_down, price_before, price_down_at, price_before_since }, now) !== null,
      net_yield: econ.netYield,
      noi: econ.noi?.noi ?? null,
      leasehold: econ.leasehold,
      deal: dealChips(dealCheck(econ, medians), econ, medians),
      built: r.built ?? null,
    });
  }
  return cards;
}
