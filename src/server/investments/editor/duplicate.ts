/**
 * Duplicating a listing as a new unpublished draft.
 */
import { asc, eq } from "drizzle-orm";
import { nextUpdateLimit } from "@/schemas/admin/investment";
import type { Db } from "@/server/db";
import { investment_images, investment_rent_rolls, investment_repairs, investment_transports, investments } from "@/server/db/schema";
import { enqueue } from "@/server/jobs/outbox";
import { investmentImageFolder, linkStoredImage } from "@/server/media";
import { notFound, type EditorOptions } from "./common";

/**
 * A copy to edit into a new listing: unpublished, without a property number
 * (it must be unique), price history or price-down state; transports, the
 * rent roll, the 修繕履歴 and photos (new files) copied; its hazard flags queued for reading.
 */
export async function duplicateInvestment(db: Db, adminId: number | null, id: number, opts: EditorOptions = {}): Promise<{ id: number }> {
  const now = opts.now ?? new Date();
  const src = await db.select().from(investments).where(eq(investments.id, id)).get();
  if (!src) throw notFound();
  const [transports, images, rentRoll, repairs] = await Promise.all([
    db.select().from(investment_transports).where(eq(investment_transports.investment_id, id)).orderBy(asc(investment_transports.e_sort)).all(),
    db.select().from(investment_images).where(eq(investment_images.investment_id, id)).orderBy(asc(investment_images.e_sort)).all(),
    db.select().from(investment_rent_rolls).where(eq(investment_rent_rolls.investment_id, id)).orderBy(asc(investment_rent_rolls.e_sort)).all(),
    db.select().from(investment_repairs).where(eq(investment_repairs.investment_id, id)).orderBy(asc(investment_repairs.e_sort)).all(),
  ]);
  const { id: _id, created_at: _c, updated_at: _u, ...rest } = src;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(investments)
      .values({
        ...rest,
        no: null,
        name: `${src.name}（コピー）`,
        public: false,
        public_at: null,
        price_down: false,
        price_before: null,
        price_down_at: null,
        price_before_since: null,
        not_updated_at: null,
        update_at: now,
        // 情報更新日 is now: a 次回更新予定日 copied from an older source stays within 14 days of it.
        next_update_at: src.next_update_at && src.next_update_at > nextUpdateLimit(now) ? nextUpdateLimit(now) : src.next_update_at,
        created_by: adminId,
      })
      .returning({ id: investments.id });
    if (!row) throw new Error("investment insert returned nothing");
    if (transports.length) {
      await tx.insert(investment_transports).values(transports.map(({ id: _t, investment_id: _i, ...t }) => ({ ...t, investment_id: row.id })));
    }
    // The rent roll and 修繕履歴 travel with the copy: its derived net_yield / sekisan_ratio (copied) read them.
    if (rentRoll.length)
      await tx.insert(investment_rent_rolls).values(rentRoll.map(({ id: _r, investment_id: _i, ...r }) => ({ ...r, investment_id: row.id })));
    if (repairs.length) await tx.insert(investment_repairs).values(repairs.map(({ id: _r, investment_id: _i, ...r }) => ({ ...r, investment_id: row.id })));
    for (const img of images) {
      const stored = await linkStoredImage({ folder: investmentImageFolder(id), name: img.name, width: img.width ?? 0, height: img.height ?? 0 }, row.id, {
        db,
        ...opts,
        tx,
      });
      await tx.insert(investment_images).values({
        investment_id: row.id,
        name: stored.name,
        comment: img.comment,
        category: img.category,
        width: img.width,
        height: img.height,
        e_sort: img.e_sort,
      });
    }
    // Issue 34: the copy's own hazard flags, read at once as the editor's save does for a new position
    // (worker/processors/hazard.ts), not left to the nightly pass; the flags are not copied.
    if (src.map && Number.isFinite(src.map.lat) && Number.isFinite(src.map.lng)) {
      await enqueue(tx, "checkHazards", { investmentId: row.id }, `${row.id}-${now.getTime()}`);
    }
    return { id: row.id };
  });
}
