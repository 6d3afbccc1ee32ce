/**
 * The listing detail page's data (spec §3 "Investment"): every field a buyer
 * needs, its transports, photos, price changes and a few related listings.
 *
 * Who may see what is decided here, once, for every surface (page, tRPC,
 * JSON-LD, OG tags):
 *  - not visible to anyone of this audience (unpublished, overdue, missing) → null
 *  - members-only and asked for by a visitor → { locked: true } and nothing else:
 *    no name, price, place, photos or id-derived data ever leave this function
 *  - otherwise the full display record.
 * Fields for staff only (original: REINS number, source company and its phone;
 * created_by; keywords) are never selected, nor the 番地 (locality) and the
 * exact coordinates (map): like the portals, the page names the place down to
 * the 町名 and gives the rest on inquiry. The maps (src/server/map) show the
 * listing at its public point only, a ~100 m grid (src/lib/public-position.ts).
 */
import type { ImageCategory } from "@/lib/constants/investment";
import type { TransportLike } from "@/lib/transport";
import { and, asc, desc, eq, ne, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db";
import {
  areas,
  bookmarks,
  investment_images,
  investment_price_histories,
  investment_transports,
  investments,
  municipalities,
  prefectures,
} from "@/server/db/schema";
import { LONG_RESIDUAL_YEARS } from "@/lib/constants/investment";
import { loadCards, type InvestmentCard } from "@/server/listings";
import { jstMonthPlusYears } from "@/lib/jst-date";
import { storedFormerPrice, type FormerPrice } from "@/lib/former-price";
import {
  ECONOMICS_COLUMNS,
  economicsInputOf,
  type StaffInputKey,
  withoutStaffInputs,
  isTeaser,
  listingEconomicsDto,
  loadRentRolls,
  loadRepairHistory,
  mediansFor,
  medianAudienceOf,
  similarCandidates,
  teaserScope,
  visibleTo,
  type Audience,
} from "@/server/listings";
import type { ListingEconomicsDto } from "@/schemas/economics";
import { listingForSim, type ListingForSim } from "@/lib/simulator";

/** Related listings shown under a detail. */
export const RELATED_SIZE = 4;

const detailColumns = {
  // the economics' inputs (every stored one, src/server/listings/economics-input.ts); the display fields below repeat most
  ...ECONOMICS_COLUMNS,
  id: investments.id,
  no: investments.no,
  type_cd: investments.type_cd,
  type_other: investments.type_other,
  name: investments.name,
  pref_cd: investments.pref_cd,
  pref_name: prefectures.name,
  city_cd: investments.city_cd,
  city_name: municipalities.name,
  area_cd: investments.area_cd,
  area_name: areas.name,
  district_cd: investments.district_cd,
  price: investments.price,
  price_before: investments.price_before,
  price_down: investments.price_down,
  price_down_at: investments.price_down_at,
  price_before_since: investments.price_before_since,
  income: investments.income,
  yield: investments.yield,
  service_charge: investments.service_charge,
  maintenance_fee: investments.maintenance_fee,
  structure_cd: investments.structure_cd,
  structure_other: investments.structure_other,
  floor: investments.floor,
  built: investments.built,
  building_size: investments.building_size,
  occupied_size: investments.occupied_size,
  layout: investments.layout,
  total_units: investments.total_units,
  specifications: investments.specifications,
  features: investments.features,
  land_size: investments.land_size,
  land_type: investments.land_type,
  land_note: investments.land_note,
  land_rights: investments.land_rights,
  land_use_1: investments.land_use_1,
  land_use_2: investments.land_use_2,
  land_ratio: investments.land_ratio,
  land_cat: investments.land_cat,
  land_plan: investments.land_plan,
  land_corner: investments.land_corner,
  land_road: investments.land_road,
  vacancy: investments.vacancy,
  assign: investments.assign,
  transactions: investments.transactions,
  comments: investments.comments,
  members: investments.members,
  premium: investments.premium,
  registered_at: investments.registered_at,
  update_at: investments.update_at,
  next_update_at: investments.next_update_at,
  public_at: investments.public_at,
  residual_at: investments.residual_at,
  station_time: investments.station_time,
  new_quake: investments.new_quake,
  has_cert: investments.has_cert,
  has_repair: investments.has_repair,
  is_full: investments.is_full,
};

type DetailRow = Awaited<ReturnType<typeof selectDetail>>;

function selectDetail(db: Db, where: SQL | undefined) {
  return db
    .select(detailColumns)
    .from(investments)
    .leftJoin(prefectures, eq(prefectures.pref_cd, investments.pref_cd))
    .leftJoin(municipalities, eq(municipalities.code, investments.city_cd))
    .leftJoin(areas, eq(areas.id, investments.area_cd))
    .where(where)
    .get();
}

export interface InvestmentTransport extends TransportLike {
  id: number;
  operator: number | null;
  line_cd: number | null;
  station_cd: number | null;
  group_cd: number | null;
}

export interface InvestmentImage {
  id: number;
  name: string;
  comment: string | null;
  width: number | null;
  height: number | null;
  /** photo | floor_plan (間取り図) */
  category: ImageCategory;
}

/** One entry of the public 価格改定履歴: the date only (表示規約: a former amount only as `former_price`). */
export interface PriceChangeEntry {
  changed_at: Date;
}

export type InvestmentDetail = Omit<NonNullable<DetailRow>, "price_before" | "price_down" | "price_down_at" | "price_before_since" | StaffInputKey> & {
  locked: false;
  /** The former price, only while 表示規約 allows it (src/lib/former-price.ts); otherwise null. */
  price_before: number | null;
  /** A 値下げ may be claimed now: the same condition. */
  price_down: boolean;
  /** The former price with the dates that must be shown with it; null when none may be shown. */
  former_price: FormerPrice | null;
  transports: InvestmentTransport[];
  images: InvestmentImage[];
  priceHistory: PriceChangeEntry[];
  related: InvestmentCard[];
  /** 残存耐用年数20年以上 (feature fs=1), decided as the search decides it. */
  long_residual: boolean;
  /** For a member (options.userId): whether it is in their favourites; null otherwise. */
  bookmarked: boolean | null;
  /**
   * The listing's numbers from the one model (src/lib/economics.ts): figures, the deal check against the
   * medians of similar listings this audience may see, rent roll / 修繕履歴 (rows only for members).
   */
  economics: ListingEconomicsDto;
  /** The simulator island's props: the same inputs without rent-roll rows (never in a visitor's RSC payload). Not in API answers. */
  simulator: ListingForSim;
};

/** A members-only listing asked for by a visitor: deliberately empty. */
export interface LockedDetail {
  locked: true;
}

export type DetailResult = InvestmentDetail | LockedDetail | null;

export async function getInvestmentDetail(db: Db, audience: Audience, id: number, options: { now?: Date; userId?: number | null } = {}): Promise<DetailResult> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const now = options.now ?? new Date();

  if (teaserScope(audience) !== audience) {
    // Is it there for a member? Only the flag is read, so a locked answer carries nothing.
    const probe = await db
      .select({ members: investments.members })
      .from(investments)
      .where(and(eq(investments.id, id), visibleTo(teaserScope(audience))))
      .get();
    if (!probe) return null;
    if (isTeaser(audience, probe)) return { locked: true };
  }

  const row = await selectDetail(db, and(eq(investments.id, id), visibleTo(audience)));
  if (!row) return null;
  // Re-checked on the full row: a visitor never gets a members-only record, whatever raced in between.
  if (isTeaser(audience, row)) return { locked: true };

  const userId = options.userId ?? null;
  const [transports, images, history, related, bookmark, rentRolls, repairs, candidates] = await Promise.all([
    db
      .select({
        id: investment_transports.id,
        operator: investment_transports.operator,
        line_cd: investment_transports.line_cd,
        line_name: investment_transports.line_name,
        station_cd: investment_transports.station_cd,
        station_name: investment_transports.station_name,
        group_cd: investment_transports.group_cd,
        distance: investment_transports.distance,
        station_walk: investment_transports.station_walk,
        bus_name: investment_transports.bus_name,
        bus_time: investment_transports.bus_time,
        bus_walk: investment_transports.bus_walk,
        other: investment_transports.other,
      })
      .from(investment_transports)
      .where(eq(investment_transports.investment_id, id))
      .orderBy(asc(investment_transports.e_sort), asc(investment_transports.id))
      .all(),
    db
      .select({
        id: investment_images.id,
        name: investment_images.name,
        comment: investment_images.comment,
        width: investment_images.width,
        height: investment_images.height,
        category: investment_images.category,
      })
      .from(investment_images)
      .where(eq(investment_images.investment_id, id))
      .orderBy(asc(investment_images.e_sort), asc(investment_images.id))
      .all(),
    db
      .select({ changed_at: investment_price_histories.changed_at })
      .from(investment_price_histories)
      .where(eq(investment_price_histories.investment_id, id))
      .orderBy(desc(investment_price_histories.changed_at))
      .all(),
    relatedListings(db, audience, row, now),
    userId === null
      ? Promise.resolve(undefined)
      : db
          .select({ id: bookmarks.investment_id })
          .from(bookmarks)
          .where(and(eq(bookmarks.user_id, userId), eq(bookmarks.investment_id, id)))
          .get(),
    loadRentRolls(db, [id]),
    loadRepairHistory(db, [id]),
    similarCandidates(db, medianAudienceOf(audience), now),
  ]);
  const input = economicsInputOf(row, { rentRoll: rentRolls.get(id), repairHistory: repairs.get(id) });
  const economics = listingEconomicsDto(input, mediansFor(row, input, candidates, now), audience, now).dto;

  const { price_before, price_down, price_down_at, price_before_since, ...rest } = row;
  const former = storedFormerPrice({ price: row.price, price_down, price_before, price_down_at, price_before_since }, now);
  return {
    ...withoutStaffInputs(rest),
    locked: false,
    price_before: former?.formerPrice ?? null,
    price_down: former !== null,
    former_price: former,
    transports,
    images,
    priceHistory: history,
    related,
    long_residual: row.residual_at !== null && row.residual_at >= jstMonthPlusYears(now, LONG_RESIDUAL_YEARS),
    bookmarked: userId === null ? null : bookmark !== undefined,
    economics,
    simulator: listingForSim(input),
  };
}

/**
 * Up to four listings of the same type in the same area (or, outside the six
 * areas, the same municipality), newest first, visible to the audience.
 * Visitors never get members-only ones here (no locked teasers under a detail).
 */
async function relatedListings(
  db: Db,
  audience: Audience,
  row: { id: number; type_cd: number; area_cd: number | null; city_cd: string },
  now: Date,
): Promise<InvestmentCard[]> {
  const place = row.area_cd !== null ? eq(investments.area_cd, row.area_cd) : eq(investments.city_cd, row.city_cd);
  const ids = await db
    .select({ id: investments.id })
    .from(investments)
    .where(and(visibleTo(audience), eq(investments.type_cd, row.type_cd), place, ne(investments.id, row.id)))
    .orderBy(desc(investments.public_at), desc(investments.id))
    .limit(RELATED_SIZE)
    .all();
  if (ids.length === 0) return [];
  return loadCards(
    db,
    ids.map((r) => r.id),
    now,
    audience,
  );
}

/**
 * Where a listing stands for the public, as the preview banner says it:
 * 非公開, 公開中 (掲載停止中 when overdue for its 次回更新予定日), and whether
 * members only see it. Admin screens only.
 */
export interface PublicationState {
  label: string;
  /** Visitors or members can open the live page now. */
  live: boolean;
}

export function publicationStateOf(row: { public: boolean; members: boolean; not_updated_at: Date | null }): PublicationState {
  if (!row.public) return { label: "非公開", live: false };
  if (row.not_updated_at) return { label: "掲載停止中（更新期限切れ）", live: false };
  return row.members ? { label: "公開中（会員限定）", live: true } : { label: "公開中", live: true };
}

/** The admin preview: the detail as the public page will show it, and its publication state for the banner. */
export async function getInvestmentPreview(db: Db, id: number): Promise<(InvestmentDetail & { publication: PublicationState }) | null> {
  const d = await getInvestmentDetail(db, "admin", id);
  if (!d || d.locked) return null;
  const row = await db
    .select({ public: investments.public, members: investments.members, not_updated_at: investments.not_updated_at })
    .from(investments)
    .where(eq(investments.id, id))
    .get();
  return row ? { ...d, publication: publicationStateOf(row) } : null;
}
