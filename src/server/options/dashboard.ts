/**
 * The admin top page's figures: today's counts and 12-week series (members
 * and inquiries per week), listings by area and by type. Weeks start on
 * Monday, Japan time; the current (partial) week is the last bar.
 */
import { and, count, eq, gte, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { AREAS, TYPES } from "@/lib/constants/investment";
import type { Db } from "@/server/db";
import { contacts, investments, users } from "@/server/db/schema";

const JST = 9 * 3600 * 1000;
const DAY = 24 * 3600 * 1000;
export const WEEKS = 12;

/** Midnight (JST) of the day containing `now`, as a Date. */
export function jstDayStart(now: Date): Date {
  return new Date(Math.floor((now.getTime() + JST) / DAY) * DAY - JST);
}

/** Monday 00:00 (JST) of the week containing `now`. */
export function jstWeekStart(now: Date): Date {
  const day = jstDayStart(now);
  const weekday = new Date(day.getTime() + JST).getUTCDay(); // 0 Sunday
  return new Date(day.getTime() - ((weekday + 6) % 7) * DAY);
}

export interface WeekBar {
  /** ISO date (JST) of the week's Monday */
  week: string;
  count: number;
}

async function weekly(db: Db, table: typeof users | typeof contacts, from: Date, extra?: ReturnType<typeof and>): Promise<WeekBar[]> {
  const col = table.created_at;
  const rows = await db
    .select({ w: sql<number>`cast((${col} - ${from.getTime()}) / ${7 * DAY} as integer)`, n: count() })
    .from(table)
    .where(and(gte(col, from), extra))
    .groupBy(sql`1`)
    .all();
  const byWeek = new Map(rows.map((r) => [Number(r.w), r.n]));
  return Array.from({ length: WEEKS }, (_, i) => ({
    week: new Date(from.getTime() + i * 7 * DAY + JST).toISOString().slice(0, 10),
    count: byWeek.get(i) ?? 0,
  }));
}

export async function dashboardFigures(db: Db, now = new Date()) {
  const today = jstDayStart(now);
  const todayIso = new Date(today.getTime() + JST).toISOString().slice(0, 10);
  const from = new Date(jstWeekStart(now).getTime() - (WEEKS - 1) * 7 * DAY);
  const liveUser = isNull(users.deleted_at);
  const visible = and(eq(investments.public, true), isNull(investments.not_updated_at));
  const [newContacts, newMembers, published, overdue, openContacts, members, inquiries, byArea, byType] = await Promise.all([
    db.select({ n: count() }).from(contacts).where(gte(contacts.created_at, today)).get(),
    db
      .select({ n: count() })
      .from(users)
      .where(and(gte(users.created_at, today), liveUser))
      .get(),
    db
      .select({ n: count() })
      .from(investments)
      .where(and(eq(investments.public, true), gte(investments.public_at, today)))
      .get(),
    db
      .select({ n: count() })
      .from(investments)
      .where(and(eq(investments.public, true), or(isNotNull(investments.not_updated_at), lt(investments.next_update_at, todayIso))))
      .get(),
    db.select({ n: count() }).from(contacts).where(eq(contacts.status, "new")).get(),
    weekly(db, users, from, liveUser),
    weekly(db, contacts, from),
    db.select({ area: investments.area_cd, n: count() }).from(investments).where(visible).groupBy(investments.area_cd).all(),
    db.select({ type: investments.type_cd, n: count() }).from(investments).where(visible).groupBy(investments.type_cd).all(),
  ]);
  const areaCount = new Map(byArea.map((r) => [r.area, r.n]));
  const typeCount = new Map(byType.map((r) => [r.type, r.n]));
  return {
    today: {
      date: todayIso,
      newContacts: newContacts?.n ?? 0,
      newMembers: newMembers?.n ?? 0,
      published: published?.n ?? 0,
      overdue: overdue?.n ?? 0,
      openContacts: openContacts?.n ?? 0,
    },
    members,
    inquiries,
    /** Both series side by side, one row per week (the chart's data). */
    weeks: members.map((m, i) => ({ week: m.week, members: m.count, inquiries: inquiries[i]?.count ?? 0 })),
    byArea: [...AREAS.map((a) => ({ label: a.name, count: areaCount.get(a.id) ?? 0 })), { label: "エリア外", count: areaCount.get(null) ?? 0 }],
    byType: TYPES.map((t) => ({ label: t.name, count: typeCount.get(t.id) ?? 0 })),
  };
}
