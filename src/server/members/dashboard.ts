import { eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { users } from "@/server/db/schema";
import { listMemberContacts } from "@/server/contacts";
import { listBookmarks } from "./bookmarks";
import { listFilters } from "./filters";
import { listMatchings, unreadMatchingCount } from "./matchings";

/**
 * My Page top: new matchings since the last visit, bookmarks whose price
 * changed, saved conditions with their current counts, recent inquiries.
 * Opening it moves the "last visit" mark.
 */
export async function memberDashboard(db: Db, userId: number) {
  const user = await db.select({ last_mypage_at: users.last_mypage_at }).from(users).where(eq(users.id, userId)).get();
  const since = user?.last_mypage_at ?? null;
  const [newMatchings, unread, bookmarks, savedFilters, contacts] = await Promise.all([
    listMatchings(db, userId, { since, limit: 12 }),
    unreadMatchingCount(db, userId),
    listBookmarks(db, userId),
    listFilters(db, userId, { counts: true }),
    listMemberContacts(db, userId),
  ]);
  await db.update(users).set({ last_mypage_at: new Date() }).where(eq(users.id, userId));
  return {
    since,
    newMatchings,
    unread,
    bookmarks: { total: bookmarks.length, priceChanged: bookmarks.filter((b) => b.price_change !== 0).slice(0, 8), recent: bookmarks.slice(0, 4) },
    filters: savedFilters,
    contacts: contacts.slice(0, 5),
  };
}
