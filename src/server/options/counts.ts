import { and, count, eq, isNull } from "drizzle-orm";
import { z } from "@/schemas/zod";
import type { Db } from "@/server/db";
import { investments, site_options, users } from "@/server/db/schema";

/** The header's site-wide counts (spec §3 "Site options"), the /api/options shape. */
export const siteCounts = z.object({
  members: z.number().int().min(0),
  investment: z.object({ members: z.number().int().min(0), public: z.number().int().min(0) }),
});
export type SiteCounts = z.infer<typeof siteCounts>;

const overrideShape = z.object({
  members: z.number().int().min(0).nullable().optional(),
  investment: z.object({ members: z.number().int().min(0).nullable().optional(), public: z.number().int().min(0).nullable().optional() }).optional(),
});

export async function computeSiteCounts(db: Db): Promise<SiteCounts> {
  const live = and(eq(investments.public, true), isNull(investments.not_updated_at));
  const [m, mo, pu] = await Promise.all([
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.status, "active"), isNull(users.deleted_at)))
      .get(),
    db
      .select({ n: count() })
      .from(investments)
      .where(and(live, eq(investments.members, true)))
      .get(),
    db
      .select({ n: count() })
      .from(investments)
      .where(and(live, eq(investments.members, false)))
      .get(),
  ]);
  return { members: m?.n ?? 0, investment: { members: mo?.n ?? 0, public: pu?.n ?? 0 } };
}

async function setOption(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(site_options)
    .values({ key, value })
    .onConflictDoUpdate({ target: site_options.key, set: { value, updated_at: new Date() } });
}

/** Recomputes and stores the counts; called after a change to members or listings. */
export async function refreshSiteCounts(db: Db): Promise<SiteCounts> {
  const counts = await computeSiteCounts(db);
  await setOption(db, "counts", counts);
  return counts;
}

/** Every stored option, by key (one small table: the chrome reads its counts and note from one read). */
export type OptionValues = ReadonlyMap<string, unknown>;

export async function readOptions(db: Db): Promise<OptionValues> {
  const rows = await db.select({ key: site_options.key, value: site_options.value }).from(site_options).all();
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** The staff's holiday note for the chrome (spec §3 "Site options"); "" when none is set. */
export function holidayNoteOf(options: OptionValues): string {
  const value = options.get("holiday_note");
  return typeof value === "string" ? value.trim() : "";
}

/** Stored counts with the staff override applied; computed on first use. */
export async function getSiteCounts(db: Db, options?: OptionValues): Promise<SiteCounts> {
  const byKey = options ?? (await readOptions(db));
  const stored = siteCounts.safeParse(byKey.get("counts"));
  const counts = stored.success ? stored.data : await refreshSiteCounts(db);
  const override = overrideShape.safeParse(byKey.get("counts_override"));
  if (!override.success) return counts;
  const o = override.data;
  return {
    members: o.members ?? counts.members,
    investment: {
      members: o.investment?.members ?? counts.investment.members,
      public: o.investment?.public ?? counts.investment.public,
    },
  };
}
