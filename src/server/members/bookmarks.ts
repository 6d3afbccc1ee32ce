import { and, count, desc, eq, inArray } from "drizzle-orm";
import { VACANCIES, codeWithOtherText, structureName } from "@/lib/constants/investment";
import { landSqm } from "@/lib/economics";
import { fieldInvalid } from "@/server/errors";
import { loanTermsOf, withMemberCashFlow } from "./loan-terms";
import type { Db } from "@/server/db";
import { bookmarks, investments } from "@/server/db/schema";
import { economicsInputOf, listingEconomicsDto, loadCards, loadRentRolls, mediansFor, similarCandidates, visibleTo, type Audience } from "@/server/listings";

/** Bookmarks (お気に入り). Every function takes the caller's user id: a member only ever touches their own rows. */
export const BOOKMARK_LIMIT = 500;
export const BOOKMARK_LIMIT_MESSAGE = `お気に入りは${BOOKMARK_LIMIT}件まで登録できます。不要なお気に入りを削除してください。`;
export const LISTING_NOT_FOUND = "物件が見つかりません";

export async function addBookmark(db: Db, userId: number, investmentId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const listing = await tx
      .select({ id: investments.id, price: investments.price })
      .from(investments)
      .where(and(eq(investments.id, investmentId), visibleTo("member")))
      .get();
    if (!listing) throw fieldInvalid("investment_id", LISTING_NOT_FOUND);
    const existing = await tx
      .select({ n: count() })
      .from(bookmarks)
      .where(and(eq(bookmarks.user_id, userId), eq(bookmarks.investment_id, investmentId)))
      .get();
    if (existing?.n) return; // adding twice is a no-op
    const total = await tx.select({ n: count() }).from(bookmarks).where(eq(bookmarks.user_id, userId)).get();
    if ((total?.n ?? 0) >= BOOKMARK_LIMIT) throw fieldInvalid("investment_id", BOOKMARK_LIMIT_MESSAGE);
    await tx.insert(bookmarks).values({ user_id: userId, investment_id: investmentId, price_at_bookmark: listing.price });
  });
}

export async function removeBookmark(db: Db, userId: number, investmentId: number): Promise<boolean> {
  const r = await db
    .delete(bookmarks)
    .where(and(eq(bookmarks.user_id, userId), eq(bookmarks.investment_id, investmentId)))
    .returning({ id: bookmarks.investment_id });
  return r.length > 0;
}

export async function isBookmarked(db: Db, userId: number, investmentId: number): Promise<boolean> {
  const r = await db
    .select({ n: count() })
    .from(bookmarks)
    .where(and(eq(bookmarks.user_id, userId), eq(bookmarks.investment_id, investmentId)))
    .get();
  return (r?.n ?? 0) > 0;
}

export type BookmarkSort = "added" | "price_asc" | "price_desc" | "yield_desc" | "price_change";

/**
 * A member's bookmarks, newest first: the member's own list reads those still
 * visible to members, staff's account page ("admin") every one of them.
 */
export async function bookmarkRows(db: Db, userId: number, audience: Audience, limit = -1) {
  return db
    .select({
      investment_id: bookmarks.investment_id,
      name: investments.name,
      no: investments.no,
      price: investments.price,
      price_at_bookmark: bookmarks.price_at_bookmark,
      created_at: bookmarks.created_at,
    })
    .from(bookmarks)
    .innerJoin(investments, eq(investments.id, bookmarks.investment_id))
    .where(and(eq(bookmarks.user_id, userId), visibleTo(audience)))
    .orderBy(desc(bookmarks.created_at))
    .limit(limit)
    .all();
}

/** Bookmarked listings still visible to members, with the price when bookmarked and the change since. */
export async function listBookmarks(db: Db, userId: number, sort: BookmarkSort = "added") {
  const rows = (await bookmarkRows(db, userId, "member")).map((r) => ({ ...r, id: r.investment_id }));
  const [loaded, terms] = await Promise.all([
    loadCards(
      db,
      rows.map((r) => r.id),
      new Date(),
      "member",
    ),
    loanTermsOf(db, userId),
  ]);
  // The member's own 月間CF under their saved loan terms (issue 33), as on the list's cards.
  const cards = withMemberCashFlow(loaded, terms);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = cards.map((card) => {
    const b = byId.get(card.id)!;
    return { card, price_at_bookmark: b.price_at_bookmark, price_change: card.price - b.price_at_bookmark, bookmarked_at: b.created_at };
  });
  const by: Record<BookmarkSort, (a: (typeof items)[number], b: (typeof items)[number]) => number> = {
    added: () => 0,
    price_asc: (a, b) => a.card.price - b.card.price,
    price_desc: (a, b) => b.card.price - a.card.price,
    yield_desc: (a, b) => (b.card.yield ?? -1) - (a.card.yield ?? -1),
    price_change: (a, b) => a.price_change - b.price_change,
  };
  return sort === "added" ? items : [...items].sort(by[sort]);
}

/** Side-by-side comparison of 2-4 of the member's own bookmarks. */
export async function compareBookmarks(db: Db, userId: number, ids: number[]) {
  const owned = await db
    .select({ id: bookmarks.investment_id })
    .from(bookmarks)
    .innerJoin(investments, eq(investments.id, bookmarks.investment_id))
    .where(and(eq(bookmarks.user_id, userId), inArray(bookmarks.investment_id, ids), visibleTo("member")));
  const allowed = new Set(owned.map((o) => o.id));
  const wanted = ids.filter((id) => allowed.has(id));
  if (wanted.length === 0) return [];
  const now = new Date();
  const [rows, cardList, rentRolls, candidates] = await Promise.all([
    db.select().from(investments).where(inArray(investments.id, wanted)),
    loadCards(db, wanted, now, "member"),
    loadRentRolls(db, wanted),
    similarCandidates(db, "member", now),
  ]);
  const cards = new Map(cardList.map((c) => [c.id, c]));
  return wanted.map((id) => {
    const r = rows.find((x) => x.id === id)!;
    // The one model's figures and deal check (members' medians), as the detail shows them; no rent-roll rows here.
    const input = economicsInputOf(r, { rentRoll: rentRolls.get(id) });
    const { dto } = listingEconomicsDto(input, mediansFor(r, input, candidates, now), "member", now);
    return {
      id,
      name: r.name,
      card: cards.get(id) ?? null,
      price: r.price,
      yield: r.yield,
      /** 万円/㎡ over the priced area (the model's pricedSqm, as the deal check and 相場 use) */
      price_per_sqm: dto.figures.price_per_sqm,
      built: r.built,
      structure: structureName(r.structure_cd, r.structure_other),
      station_time: r.station_time,
      land_rights: r.land_rights?.type ?? null,
      residual_at: r.residual_at,
      // issue 30: what investors line up besides the numbers
      address: [cards.get(id)?.pref_name, cards.get(id)?.city_name, r.district_cd].filter(Boolean).join(""),
      land_sqm: landSqm(r),
      building_size: r.building_size,
      occupied_size: r.occupied_size,
      total_units: r.total_units,
      land_use: [r.land_use_1, r.land_use_2].filter(Boolean).join("・") || null,
      vacancy: codeWithOtherText(VACANCIES, r.vacancy),
      figures: dto.figures,
      deal_check: dto.deal_check,
    };
  });
}
