/**
 * Who receives a newsletter: every active member who accepts newsletters, or
 * a segment of them — area interest (users.interest_areas), the property type
 * of a saved condition (filters.query.ty), the cities a saved condition covers
 * (filters.query ct / re), the members whose saved conditions a chosen listing
 * matches (the matching engine's predicate) and/or registration date. Criteria
 * combine with AND; the values of one criterion with OR.
 */
import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { DESIGNATED_CITIES, expandWards } from "@/lib/constants/designated-cities";
import { AREAS } from "@/lib/constants/investment";
import municipalitiesJson from "@/master-data/municipalities.json";
import { label, z } from "@/schemas/zod";
import type { Db } from "@/server/db";
import { investments, notification_settings, users } from "@/server/db/schema";
import { compiledFilters, loadMatchable } from "@/server/search";

const MUNICIPALITY_CODES = new Set((municipalitiesJson as { municipalities: { code: string }[] }).municipalities.map((m) => m.code));
/** A municipality of the master (a designated city's own code included: it stands for all its wards). */
const municipalityCode = z.string().refine((c) => MUNICIPALITY_CODES.has(c) || DESIGNATED_CITIES.some((d) => d.code === c), "市区町村を選び直してください");

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "日付を正しく入力してください");

export const newsletterAudience = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("all") }),
  z
    .object({
      kind: z.literal("segment"),
      areas: label(z.array(z.number().int().min(1).max(6)).max(6), "関心エリア").default([]),
      types: label(z.array(z.number().int().min(1).max(99)).max(20), "検索条件の物件種別").default([]),
      /** Municipality codes: members with a saved condition covering any of them (cityConditionSql). */
      cities: label(z.array(municipalityCode).max(60), "保存した検索条件の市区町村").default([]),
      /** A listing id: members with a saved condition it matches. */
      listingId: label(z.number().int().positive().max(Number.MAX_SAFE_INTEGER), "この物件に合う検索条件").optional(),
      registeredFrom: label(isoDate, "登録日（から）").optional(),
      registeredTo: label(isoDate, "登録日（まで）").optional(),
    })
    .refine((s) => s.areas.length > 0 || s.types.length > 0 || s.cities.length > 0 || s.listingId !== undefined || s.registeredFrom || s.registeredTo, {
      message: "絞り込み条件を1つ以上選んでください",
      path: ["areas"],
    }),
]);
export type NewsletterAudience = z.output<typeof newsletterAudience>;
/** An audience as the queries take it: `cities` may be missing (audiences stored before it existed). */
export type AudienceQuery = NewsletterAudience | (Omit<Extract<NewsletterAudience, { kind: "segment" }>, "cities"> & { cities?: string[] });

/** 00:00 JST of an ISO date. */
const jstStart = (iso: string) => new Date(`${iso}T00:00:00+09:00`);

/**
 * A saved condition covers a chosen place when its `ct` names one of the chosen municipalities, a
 * ward of a chosen designated city, or the designated city of a chosen ward (who saved 京都市 wants
 * 中京区), or when its `re` is an area holding one of them (大阪市中心部 holds 北区).
 */
function cityConditionSql(cities: readonly string[]): SQL {
  const leaves = new Set(expandWards(cities));
  const codes = new Set([...cities, ...leaves]);
  for (const c of DESIGNATED_CITIES) if (c.ward_codes.some((w) => leaves.has(w))) codes.add(c.code);
  const areaIds = AREAS.filter((a) => a.municipality_codes.some((m) => leaves.has(m))).map((a) => a.id);
  const byCity = sql`exists (select 1 from filters f, json_each(f.query, '$.ct') c where f.user_id = ${users.id} and json_type(f.query, '$.ct') = 'array' and c.value in ${[...codes]})`;
  if (!areaIds.length) return byCity;
  return sql`(${byCity} or exists (select 1 from filters f, json_each(f.query, '$.re') r where f.user_id = ${users.id} and json_type(f.query, '$.re') = 'array' and r.value in ${areaIds}))`;
}

/**
 * Members with a saved condition the listing matches: the matching engine's compiled filters
 * (src/server/search/matching), so the segment is who a matching mail would go to. [] for a listing
 * that does not exist.
 */
export async function membersMatchingListing(db: Db, listingId: number): Promise<number[]> {
  const [listing] = await loadMatchable(db, [listingId]);
  if (!listing) return [];
  const set = await compiledFilters(db);
  return [...set.match(listing).keys()];
}

/** The listing a segment names (staff see its name beside the count), or null. */
export async function audienceListing(db: Pick<Db, "select">, listingId: number) {
  return (
    (await db.select({ id: investments.id, no: investments.no, name: investments.name }).from(investments).where(eq(investments.id, listingId)).get()) ?? null
  );
}

/** The WHERE of the audience over users (left-joined with notification_settings); `matched`: membersMatchingListing's answer when the segment names a listing. */
export function audienceWhere(audience: AudienceQuery, matched: readonly number[] = []): SQL {
  const conds: (SQL | undefined)[] = [
    eq(users.status, "active"),
    isNull(users.deleted_at),
    // No settings row yet: the defaults accept newsletters.
    sql`coalesce(${notification_settings.newsletter}, 1) = 1`,
  ];
  if (audience.kind === "segment") {
    if (audience.areas.length) {
      conds.push(sql`exists (select 1 from json_each(${users.interest_areas}) a where a.value in ${audience.areas})`);
    }
    if (audience.types.length) {
      conds.push(
        sql`exists (select 1 from filters f, json_each(f.query, '$.ty') t where f.user_id = ${users.id} and json_type(f.query, '$.ty') = 'array' and t.value in ${audience.types})`,
      );
    }
    // Audiences stored before cities existed (and callers passing unparsed ones) have none.
    if (audience.cities?.length) conds.push(cityConditionSql(audience.cities));
    // One JSON parameter, however many members match (no bound on SQL variables).
    if (audience.listingId !== undefined) conds.push(sql`${users.id} in (select value from json_each(${JSON.stringify(matched)}))`);
    if (audience.registeredFrom) conds.push(sql`${users.created_at} >= ${jstStart(audience.registeredFrom).getTime()}`);
    if (audience.registeredTo) conds.push(sql`${users.created_at} < ${jstStart(audience.registeredTo).getTime() + 86_400_000}`);
  }
  return and(...conds)!;
}

async function resolvedWhere(db: Db, audience: AudienceQuery): Promise<SQL> {
  const matched = audience.kind === "segment" && audience.listingId !== undefined ? await membersMatchingListing(db, audience.listingId) : [];
  return audienceWhere(audience, matched);
}

export async function audienceRecipients(db: Db, audience: AudienceQuery): Promise<{ id: number; email: string }[]> {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .leftJoin(notification_settings, eq(notification_settings.user_id, users.id))
    .where(await resolvedWhere(db, audience))
    .orderBy(asc(users.id))
    .all();
}

export async function countAudience(db: Db, audience: AudienceQuery): Promise<number> {
  const r = await db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .leftJoin(notification_settings, eq(notification_settings.user_id, users.id))
    .where(await resolvedWhere(db, audience))
    .get();
  return r?.n ?? 0;
}

/** The stored audience, or null when it no longer parses (never widened to "all" silently). */
export function parseAudience(v: unknown): NewsletterAudience | null {
  const r = newsletterAudience.safeParse(v);
  return r.success ? r.data : null;
}
