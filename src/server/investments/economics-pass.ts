/**
 * The data pass for the derived economics columns (residual_at, net_yield, sekisan_ratio, noi,
 * is_full, freehold): when
 * their definition changes (ECONOMICS_VERSION) every stored listing is re-derived once, at
 * migration time, like reindex.ts does for the keywords. Only those columns are written,
 * so update_at (the listing's 情報更新日) and everything else stay.
 */
import { asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { investments, site_options } from "@/server/db/schema";
import { ECONOMICS_COLUMNS, loadRentRolls } from "@/server/listings";
import { ECONOMICS_VERSION, deriveEconomics } from "./derive";

const OPTION_KEY = "economics_version";
const BATCH = 500;
const DERIVED_KEYS = ["residual_at", "net_yield", "sekisan_ratio", "noi", "is_full", "freehold"] as const;

/** Re-derives the economics columns of every listing when the stored version is older; returns how many rows changed. Idempotent. */
export async function rederiveEconomics(db: Db, opts: { force?: boolean; now?: Date } = {}): Promise<{ rederived: boolean; changed: number }> {
  const current = await db.select().from(site_options).where(eq(site_options.key, OPTION_KEY)).get();
  if (!opts.force && current?.value === ECONOMICS_VERSION) return { rederived: false, changed: 0 };
  const now = opts.now ?? new Date();
  let changed = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: investments.id,
        ...ECONOMICS_COLUMNS,
        residual_at: investments.residual_at,
        net_yield: investments.net_yield,
        sekisan_ratio: investments.sekisan_ratio,
        noi: investments.noi,
        is_full: investments.is_full,
        freehold: investments.freehold,
      })
      .from(investments)
      .where(gt(investments.id, after))
      .orderBy(asc(investments.id))
      .limit(BATCH)
      .all();
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    const rolls = await loadRentRolls(
      db,
      rows.map((r) => r.id),
    );
    const updates = rows
      .map((r) => ({ r, want: deriveEconomics({ ...r, rent_roll: rolls.get(r.id) ?? null }, now) }))
      .filter(({ r, want }) => DERIVED_KEYS.some((k) => r[k] !== want[k]));
    if (updates.length) {
      await db.transaction(async (tx) => {
        for (const { r, want } of updates)
          await tx.run(
            sql`UPDATE investments SET residual_at = ${want.residual_at}, net_yield = ${want.net_yield}, sekisan_ratio = ${want.sekisan_ratio}, noi = ${want.noi}, is_full = ${want.is_full ? 1 : 0}, freehold = ${want.freehold ? 1 : 0} WHERE id = ${r.id}`,
          );
      });
      changed += updates.length;
    }
  }
  await db
    .insert(site_options)
    .values({ key: OPTION_KEY, value: ECONOMICS_VERSION })
    .onConflictDoUpdate({ target: site_options.key, set: { value: ECONOMICS_VERSION, updated_at: new Date() } });
  return { rederived: true, changed };
}
