/**
 * Listing cards (the tile every list shows: home sections, search results,
 * related listings). Hydration only: callers decide WHICH ids an audience may
 * see (visibleTo) and pass them here; this module never widens that choice.
 */
import { asc, eq, sql, type SQLWrapper } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { isRemote, readTogether, type Db } from "@/server/db";
import { investment_images, investment_transports, investments, municipalities, prefectures } from "@/server/db/schema";
import type { DealChip } from "@/schemas/economics";
import { ECONOMICS_COLUMNS, economicsInputOf, inIds, rentRollsByListing, rentRollsQuery, withoutStaffInputs } from "./economics-input";
import { dealChips, mediansFor, medianAudienceOf, similarCandidates } from "./economics";
import { dealCheck, listingEconomics, type SimilarCandidate } from "@/lib/economics";
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
};

/**
 * The cards of `ids`, in the given order (unknown ids are skipped, a repeated
 * id gives one card per occurrence). Four queries whatever the number of ids, read together:
 * the rows, their transports, their images and their rent rolls; the deal
 * line's medians come from the audience's candidates, computed once per
 * content version (./economics.ts). `audience` picks whose listings the
 * medians use: a visitor's (public only) unless the caller says otherwise.
 */
export async function loadCards(db: Db, ids: readonly number[], now: Date = new Date(), audience: Audience = "visitor"): Promise<InvestmentCard[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  // one batch on a libSQL server, in parallel on a file (readTogether)
  const [reads, candidates] = await Promise.all([readTogether(db, cardReads(db, unique)), similarCandidates(db, medianAudienceOf(audience), now)]);
  return cardsFrom(ids, reads, candidates, now);
}

/**
 * A page's rows and its cards in one request on a libSQL server (issue 31): the page's statement and
 * the cards' reads go as one batch, the cards' reads finding the page's ids through `pageIds` (the same
 * page as a statement selecting only the ids; SQLite runs that subquery once per read). On sqld each
 * request costs ~4 ms however small, so a list took two (the page, then its cards); now one. On a file
 * the page is read first and its cards after (loadCards): repeating the page's statement in each read
 * would cost more there than it saves.
 */
export async function pageWithCards<R extends { id: number }>(
  db: Db,
  page: BatchItem<"sqlite"> & PromiseLike<R[]>,
  pageIds: SQLWrapper,
  now: Date,
  audience: Audience,
): Promise<{ rows: R[]; cards: InvestmentCard[] }> {
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
  const [[rows, ...reads], candidates] = await Promise.all([
    // (the batch's result is typed by its statements; the page's rows are R)
    db.batch([page, ...cardReads(db, pageIds)]) as Promise<[R[], ...CardReads]>,
    similarCandidates(db, medianAudienceOf(audience), now),
  ]);
  return {
    rows,
    cards: rows.length
      ? cardsFrom(
          rows.map((r) => r.id),
          reads,
          candidates,
          now,
        )
      : [],
  };
}

/** The four reads of the cards of `ids` (a list, or a statement selecting them): rows, transports, images, rent rolls. */
function cardReads(db: Db, ids: readonly number[] | SQLWrapper) {
  const of = (column: SQLiteColumn) => inIds(column, ids);
  return [
    db
      .select(cardColumns)
      .from(investments)
      .leftJoin(municipalities, eq(municipalities.code, investments.city_cd))
      .leftJoin(prefectures, eq(prefectures.pref_cd, investments.pref_cd))
      .where(of(investments.id)),
    db
      .select({
        investment_id: investment_transports.investment_id,
        line_name: investment_transports.line_name,
        station_name: investment_transports.station_name,
      })
      .from(investment_transports)
      .where(of(investment_transports.investment_id))
      .orderBy(asc(investment_transports.investment_id), asc(investment_transports.e_sort), asc(investment_transports.id)),
    db
      .select({ investment_id: investment_images.investment_id, name: investment_images.name })
      .from(investment_images)
      .where(of(investment_images.investment_id))
      // the thumbnail is the first photo; a floor plan only when there is no photo
      .orderBy(
        asc(investment_images.investment_id),
        sql`${investment_images.category} = 'floor_plan'`,
        asc(investment_images.e_sort),
        asc(investment_images.id),
      ),
    rentRollsQuery(db, ids),
  ] as const;
}
type CardReads = BatchResponse<ReturnType<typeof cardReads>>;

/** The cards of `ids`, in that order, from cardReads' rows. */
function cardsFrom(
  ids: readonly number[],
  [rows, transports, images, rollRows]: CardReads,
  candidates: readonly SimilarCandidate[],
  now: Date,
): InvestmentCard[] {
  const rentRolls = rentRollsByListing(rollRows);

  const firstTransport = new Map<number, { line_name: string | null; station_name: string | null }>();
  for (const t of transports) if (!firstTransport.has(t.investment_id)) firstTransport.set(t.investment_id, t);
  const firstImage = new Map<number, string>();
  for (const i of images) if (!firstImage.has(i.investment_id)) firstImage.set(i.investment_id, i.name);
  const byId = new Map(rows.map((r) => [r.id, r]));

  const cards: InvestmentCard[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    if (!r) continue;
    const t = firstTransport.get(id);
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
      line_name: t?.line_name ?? null,
      station_name: t?.station_name ?? null,
      image: firstImage.get(id) ?? null,
    });
  }
  return cards;
}
