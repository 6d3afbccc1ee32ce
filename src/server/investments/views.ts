/**
 * Recently viewed listings of a member (investor tools). Visitors keep theirs
 * in the browser (localStorage); members' views are stored here so that My
 * Page shows them on any device. A member only ever touches their own rows.
 */
import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import { VIEWS_KEPT } from "@/lib/constants/views";
import type { Db } from "@/server/db";
import { investment_views, investments } from "@/server/db/schema";
import { loadCards, type InvestmentCard } from "@/server/listings";
import { visibleTo } from "@/server/listings";

/** Views kept per member (lib/constants/views.ts); older ones are dropped when a new one is recorded. */
export { VIEWS_KEPT };
export const VIEWS_LIST_DEFAULT = 10;

/**
 * Records (or refreshes) a member's view of a listing they may see.
 * Returns false (and stores nothing) for a listing not visible to members.
 */
export async function recordView(db: Db, userId: number, investmentId: number, now: Date = new Date()): Promise<boolean> {
  const listing = await db
    .select({ id: investments.id })
    .from(investments)
    .where(and(eq(investments.id, investmentId), visibleTo("member")))
    .get();
  if (!listing) return false;
  await db
    .insert(investment_views)
    .values({ user_id: userId, investment_id: investmentId, viewed_at: now })
    .onConflictDoUpdate({ target: [investment_views.user_id, investment_views.investment_id], set: { viewed_at: now } });
  const keep = db
    .select({ id: investment_views.investment_id })
    .from(investment_views)
    .where(eq(investment_views.user_id, userId))
    .orderBy(desc(investment_views.viewed_at), desc(investment_views.investment_id))
    .limit(VIEWS_KEPT);
  await db.delete(investment_views).where(and(eq(investment_views.user_id, userId), notInArray(investment_views.investment_id, keep)));
  return true;
}

export interface RecentView {
  card: InvestmentCard;
  viewed_at: Date;
}

/** The member's most recent views of listings still visible to members, newest first. */
export async function listRecentViews(db: Db, userId: number, options: { limit?: number; excludeId?: number } = {}): Promise<RecentView[]> {
  const limit = Math.min(VIEWS_KEPT, Math.max(1, options.limit ?? VIEWS_LIST_DEFAULT));
  const rows = await db
    .select({ id: investment_views.investment_id, viewed_at: investment_views.viewed_at })
    .from(investment_views)
    .innerJoin(investments, eq(investments.id, investment_views.investment_id))
    .where(
      and(
        eq(investment_views.user_id, userId),
        visibleTo("member"),
        options.excludeId !== undefined ? sql`${investment_views.investment_id} <> ${options.excludeId}` : undefined,
      ),
    )
    .orderBy(desc(investment_views.viewed_at), desc(investment_views.investment_id))
    .limit(limit)
    .all();
  const cards = new Map(
    (
      await loadCards(
        db,
        rows.map((r) => r.id),
        new Date(),
        "member",
      )
    ).map((c) => [c.id, c]),
  );
  return rows.flatMap((r) => {
    const card = cards.get(r.id);
    return card ? [{ card, viewed_at: r.viewed_at }] : [];
  });
}

/** 閲覧履歴を消去 on My Page: the member's own rows, all of them. */
export async function clearViews(db: Db, userId: number): Promise<void> {
  await db.delete(investment_views).where(eq(investment_views.user_id, userId));
}
