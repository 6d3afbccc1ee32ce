import { and, count, desc, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Db } from "@/server/db";
import { filters, investments, matchings } from "@/server/db/schema";
import { formerPriceColumns, loadCards, visibleTo, type Audience } from "@/server/listings";
import { recordedFormerPrice } from "@/lib/former-price";

/**
 * A member's matchings, newest first, with which condition and why: the
 * member's own list reads those still visible to members, staff's account page
 * ("admin") every one of them.
 */
export async function matchingRows(db: Db, userId: number, audience: Audience, opts: { since?: Date | null; limit?: number } = {}) {
  const conds = [eq(matchings.user_id, userId), visibleTo(audience)];
  if (opts.since) conds.push(gt(matchings.created_at, opts.since));
  return db
    .select({
      _id: matchings.id,
      investment_id: matchings.investment_id,
      name: investments.name,
      filter_id: matchings.filter_id,
      filter_name: filters.name,
      reason: matchings.reason,
      price: matchings.price,
      price_before: matchings.price_before,
      listing: formerPriceColumns,
      read_at: matchings.read_at,
      created_at: matchings.created_at,
    })
    .from(matchings)
    .innerJoin(investments, eq(investments.id, matchings.investment_id))
    .leftJoin(filters, eq(filters.id, matchings.filter_id))
    .where(and(...conds))
    .orderBy(desc(matchings.created_at), desc(matchings.id))
    .limit(opts.limit ?? 200);
}

/** Listings that matched a member's saved condition, with which condition and why. */
export async function listMatchings(db: Db, userId: number, opts: { since?: Date | null; limit?: number; now?: Date } = {}) {
  const now = opts.now ?? new Date();
  const rows = await matchingRows(db, userId, "member", opts);
  const cards = new Map((await loadCards(db, [...new Set(rows.map((r) => r.investment_id))], now, "member")).map((c) => [c.id, c]));
  return rows.map(({ listing, ...r }) => {
    // 表示規約: the recorded former price only while it is still the listing's allowed one, with its dates.
    const former = r.reason === "price_down" ? recordedFormerPrice(r, listing, now) : null;
    return { ...r, price_before: former?.formerPrice ?? null, former_price: former, card: cards.get(r.investment_id) ?? null };
  });
}

export async function unreadMatchingCount(db: Db, userId: number): Promise<number> {
  const r = await db
    .select({ n: count() })
    .from(matchings)
    .where(and(eq(matchings.user_id, userId), isNull(matchings.read_at)))
    .get();
  return r?.n ?? 0;
}

/** PATCH /api/user/matchings/{id}: read (or unread) one of the member's own matchings. */
export async function setMatchingRead(db: Db, userId: number, id: number, read = true): Promise<boolean> {
  const r = await db
    .update(matchings)
    .set({ read_at: read ? new Date() : null })
    .where(and(eq(matchings.id, id), eq(matchings.user_id, userId)))
    .returning({ id: matchings.id });
  return r.length > 0;
}

export async function markAllMatchingsRead(db: Db, userId: number): Promise<number> {
  const r = await db
    .update(matchings)
    .set({ read_at: new Date() })
    .where(and(eq(matchings.user_id, userId), isNull(matchings.read_at)))
    .returning({ id: matchings.id });
  return r.length;
}

/** DELETE /api/user/matchings: the given ids of the member's own, or all of them. */
export async function deleteMatchings(db: Db, userId: number, ids?: number[]): Promise<number> {
  const conds = [eq(matchings.user_id, userId)];
  if (ids) conds.push(inArray(matchings.id, ids));
  const r = await db
    .delete(matchings)
    .where(and(...conds))
    .returning({ id: matchings.id });
  return r.length;
}
