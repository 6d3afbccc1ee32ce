import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/server/db";
import { investments } from "@/server/db/schema";
import { enqueue } from "@/server/jobs/outbox";
import { jstDay, storedFormerPrice } from "@/lib/former-price";

/**
 * 表示規約 (施行規則 (過去の販売価格を比較対照価格とする二重価格表示)): a former price may be shown for six months after
 * the cut. Every reader checks that at its own `now`; this daily pass clears
 * the stored flag of cuts past it, so the 値下げ search feature (fs=4), its
 * facet count and the map flag (map_changes trigger on price_down) follow.
 * Only the price columns change: update_at (情報更新日) stays.
 */
export async function expireFormerPrices(db: Db, now = new Date()): Promise<{ cleared: number; ids: number[] }> {
  const flagged = await db
    .select({
      id: investments.id,
      price: investments.price,
      price_down: investments.price_down,
      price_before: investments.price_before,
      price_down_at: investments.price_down_at,
      price_before_since: investments.price_before_since,
    })
    .from(investments)
    .where(eq(investments.price_down, true))
    .all();
  const due = flagged.filter((r) => storedFormerPrice(r, now) === null).map((r) => r.id);
  if (due.length === 0) return { cleared: 0, ids: [] };
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(investments)
      .set({ price_down: false, price_before: null, price_down_at: null, price_before_since: null })
      .where(and(inArray(investments.id, due), eq(investments.price_down, true)))
      .returning({ id: investments.id });
    if (rows.length > 0)
      await enqueue(tx, "refreshSiteCounts", { reason: "former prices expired" }, `former-prices-${jstDay(now)}-${Math.max(...rows.map((r) => r.id))}`);
    return { cleared: rows.length, ids: rows.map((r) => r.id).sort((a, b) => a - b) };
  });
}
