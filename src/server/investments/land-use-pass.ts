/**
 * 用途地域 as official names (issue 34 item 5): the data pass that rewrites
 * the free text staff typed before the editor had a select (「1種低層」「近商」
 * 「調整区域」…) into the official name mapLandUse reads from it, run once at
 * migration time when LAND_USE_VERSION changes. Text it cannot read stays as
 * it was and is listed for staff (unmappedLandUses, on the admin top page),
 * who pick the zone in the editor. Only land_use_1 / land_use_2 are written
 * (update_at, the listing's 情報更新日, stays); the keywords of changed rows
 * are re-derived, since they carry the zone name.
 */
import { and, asc, eq, gt, isNotNull, ne, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { investments, site_options } from "@/server/db/schema";
import { LAND_USE_NAMES, isLandUseZone, mapLandUse } from "@/lib/constants/land-use";
import { rebuildKeywords } from "./reindex";

const OPTION_KEY = "land_use_version";
/** Bump when mapLandUse learns new variants: the next migration maps the stored text again. */
export const LAND_USE_VERSION = "2026-11-27.1";
const BATCH = 500;

/** The stored value after the pass: an official name, blank as null, unreadable text unchanged. */
export function normalisedLandUse(v: string | null): string | null {
  if (v === null || v.trim() === "") return null;
  if (isLandUseZone(v)) return v;
  return mapLandUse(v) ?? v;
}

/** Maps every listing's stored 用途地域 to the official names; returns how many rows changed. Idempotent. */
export async function normaliseLandUses(db: Db, opts: { force?: boolean } = {}): Promise<{ normalised: boolean; changed: number }> {
  const current = await db.select().from(site_options).where(eq(site_options.key, OPTION_KEY)).get();
  if (!opts.force && current?.value === LAND_USE_VERSION) return { normalised: false, changed: 0 };
  let changed = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: investments.id, land_use_1: investments.land_use_1, land_use_2: investments.land_use_2 })
      .from(investments)
      .where(gt(investments.id, after))
      .orderBy(asc(investments.id))
      .limit(BATCH)
      .all();
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    const updates = rows
      .map((r) => ({ id: r.id, u1: normalisedLandUse(r.land_use_1), u2: normalisedLandUse(r.land_use_2), r }))
      .filter((u) => u.u1 !== u.r.land_use_1 || u.u2 !== u.r.land_use_2);
    if (updates.length) {
      await db.transaction(async (tx) => {
        for (const u of updates) await tx.run(sql`UPDATE investments SET land_use_1 = ${u.u1}, land_use_2 = ${u.u2} WHERE id = ${u.id}`);
      });
      changed += updates.length;
    }
  }
  // The keywords hold the zone names: re-derive them for the rewritten rows (a no-op row by row otherwise).
  if (changed > 0) await rebuildKeywords(db, { force: true });
  await db
    .insert(site_options)
    .values({ key: OPTION_KEY, value: LAND_USE_VERSION })
    .onConflictDoUpdate({ target: site_options.key, set: { value: LAND_USE_VERSION, updated_at: new Date() } });
  return { normalised: true, changed };
}

export interface UnmappedLandUse {
  id: number;
  no: string | null;
  name: string;
  land_use_1: string | null;
  land_use_2: string | null;
}

/** Listings whose 用途地域 is text the pass could not map: staff pick the zone in the editor. */
export async function unmappedLandUses(db: Db, limit = 200): Promise<UnmappedLandUse[]> {
  const names = LAND_USE_NAMES as string[];
  const off = (c: typeof investments.land_use_1 | typeof investments.land_use_2) => and(isNotNull(c), ne(c, ""), notInArray(c, names));
  return db
    .select({ id: investments.id, no: investments.no, name: investments.name, land_use_1: investments.land_use_1, land_use_2: investments.land_use_2 })
    .from(investments)
    .where(or(off(investments.land_use_1), off(investments.land_use_2)))
    .orderBy(asc(investments.id))
    .limit(limit)
    .all();
}
