/**
 * The admin top page's figures: today's counts and 12-week series (members
 * and inquiries per week), listings by area and by type, and listings and
 * listing inquiries by region and by designated city. Weeks start on
 * Monday, Japan time; the current (partial) week is the last bar.
 */
import { and, count, eq, gte, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { cityLabel, DESIGNATED_CITIES } from "@/lib/constants/designated-cities";
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

/** Outside the six areas and the designated cities (宇治市, 姫路市…). */
export const OUTSIDE_LABEL = "エリア外";

/**
 * The dashboard's regions, one per listing: the six areas (re), then the designated cities
 * that lie in none of them (京都市・神戸市; 大阪市 and 堺市 are split among the areas), then the
 * rest. Issue 30: Kyoto and Kobe were counted as エリア外.
 */
const CITIES_OUTSIDE_AREAS = DESIGNATED_CITIES.filter((c) => !c.ward_codes.some((w) => AREAS.some((a) => a.municipality_codes.includes(w))));
export const REGION_LABELS: readonly string[] = [...AREAS.map((a) => a.name), ...CITIES_OUTSIDE_AREAS.map((c) => c.name), OUTSIDE_LABEL];

/** The designated city a municipality code belongs to (a ward, or the city's own code). */
function cityOf(cityCd: string) {
  return DESIGNATED_CITIES.find((c) => c.code === cityCd || (c.ward_codes as readonly string[]).includes(cityCd));
}

/** A listing's region label from its area (re) and municipality. */
export function regionOf(areaCd: number | null, cityCd: string): string {
  const area = AREAS.find((a) => a.id === areaCd);
  if (area) return area.name;
  const city = cityOf(cityCd);
  return city && CITIES_OUTSIDE_AREAS.includes(city) ? city.name : OUTSIDE_LABEL;
}

type AreaCityCount = { area: number | null; city: string; n: number };

/** Counts grouped by (area_cd, city_cd) folded into the regions, in REGION_LABELS order. */
function byRegion(rows: readonly AreaCityCount[]): { label: string; count: number }[] {
  const n = new Map<string, number>(REGION_LABELS.map((l) => [l, 0]));
  for (const r of rows) {
    const label = regionOf(r.area, r.city);
    n.set(label, (n.get(label) ?? 0) + r.n);
  }
  return REGION_LABELS.map((label) => ({ label, count: n.get(label) ?? 0 }));
}

/** The same rows summed per designated city as a whole (大阪市 = its 24 wards, whichever areas they are in). */
function byCity(listings: readonly AreaCityCount[], inquiries: readonly AreaCityCount[]) {
  const sum = (rows: readonly AreaCityCount[], code: string) => rows.filter((r) => cityOf(r.city)?.code === code).reduce((t, r) => t + r.n, 0);
  return DESIGNATED_CITIES.map((c) => ({ code: c.code, label: cityLabel(c), listings: sum(listings, c.code), inquiries: sum(inquiries, c.code) }));
}

export async function dashboardFigures(db: Db, now = new Date()) {
  const today = jstDayStart(now);
  const todayIso = new Date(today.getTime() + JST).toISOString().slice(0, 10);
  const from = new Date(jstWeekStart(now).getTime() - (WEEKS - 1) * 7 * DAY);
  const liveUser = isNull(users.deleted_at);
  const visible = and(eq(investments.public, true), isNull(investments.not_updated_at));
  const [newContacts, newMembers, published, overdue, openContacts, members, inquiries, byArea, byType, inquiryPlaces] = await Promise.all([
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
    db
      .select({ area: investments.area_cd, city: investments.city_cd, n: count() })
      .from(investments)
      .where(visible)
      .groupBy(investments.area_cd, investments.city_cd)
      .all(),
    db.select({ type: investments.type_cd, n: count() }).from(investments).where(visible).groupBy(investments.type_cd).all(),
    // Inquiries about a listing in the chart's 12 weeks, placed where the listing is (published or not).
    db
      .select({ area: investments.area_cd, city: investments.city_cd, n: count() })
      .from(contacts)
      .innerJoin(investments, eq(investments.id, contacts.investment_id))
      .where(gte(contacts.created_at, from))
      .groupBy(investments.area_cd, investments.city_cd)
      .all(),
  ]);
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
    /** Published listings by region (the six areas, 京都市, 神戸市, エリア外). */
    byArea: byRegion(byArea),
    /** Listing inquiries of the last 12 weeks by the same regions. */
    inquiriesByArea: byRegion(inquiryPlaces),
    /** Each designated city as a whole: published listings, and listing inquiries of the last 12 weeks. */
    byCity: byCity(byArea, inquiryPlaces),
    byType: TYPES.map((t) => ({ label: t.name, count: typeCount.get(t.id) ?? 0 })),
  };
}
