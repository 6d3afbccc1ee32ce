/**
 * Who receives a newsletter: every active member who accepts newsletters, or
 * a segment of them — area interest (users.interest_areas), the property type
 * of a saved condition (filters.query.ty) and/or registration date. Criteria
 * combine with AND; the values of one criterion with OR.
 */
import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { label, z } from "@/schemas/zod";
import type { Db } from "@/server/db";
import { notification_settings, users } from "@/server/db/schema";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "日付を正しく入力してください");

export const newsletterAudience = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("all") }),
  z
    .object({
      kind: z.literal("segment"),
      areas: label(z.array(z.number().int().min(1).max(6)).max(6), "関心エリア").default([]),
      types: label(z.array(z.number().int().min(1).max(99)).max(20), "検索条件の物件種別").default([]),
      registeredFrom: label(isoDate, "登録日（から）").optional(),
      registeredTo: label(isoDate, "登録日（まで）").optional(),
    })
    .refine((s) => s.areas.length > 0 || s.types.length > 0 || s.registeredFrom || s.registeredTo, {
      message: "絞り込み条件を1つ以上選んでください",
      path: ["areas"],
    }),
]);
export type NewsletterAudience = z.output<typeof newsletterAudience>;

/** 00:00 JST of an ISO date. */
const jstStart = (iso: string) => new Date(`${iso}T00:00:00+09:00`);

/** The WHERE of the audience over users (left-joined with notification_settings). */
export function audienceWhere(audience: NewsletterAudience): SQL {
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
    if (audience.registeredFrom) conds.push(sql`${users.created_at} >= ${jstStart(audience.registeredFrom).getTime()}`);
    if (audience.registeredTo) conds.push(sql`${users.created_at} < ${jstStart(audience.registeredTo).getTime() + 86_400_000}`);
  }
  return and(...conds)!;
}

export async function audienceRecipients(db: Pick<Db, "select">, audience: NewsletterAudience): Promise<{ id: number; email: string }[]> {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .leftJoin(notification_settings, eq(notification_settings.user_id, users.id))
    .where(audienceWhere(audience))
    .orderBy(asc(users.id))
    .all();
}

export async function countAudience(db: Db, audience: NewsletterAudience): Promise<number> {
  const r = await db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .leftJoin(notification_settings, eq(notification_settings.user_id, users.id))
    .where(audienceWhere(audience))
    .get();
  return r?.n ?? 0;
}

/** The stored audience, or null when it no longer parses (never widened to "all" silently). */
export function parseAudience(v: unknown): NewsletterAudience | null {
  const r = newsletterAudience.safeParse(v);
  return r.success ? r.data : null;
}
