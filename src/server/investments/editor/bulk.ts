/**
 * The admin list: its extra columns, bulk actions (publish, hide, …) and delete.
 */
import { eq, inArray } from "drizzle-orm";
import type { BulkAction } from "@/lib/constants/bulk-actions";
import { jstToday } from "@/lib/jst-date";
import { addDaysIso, freshnessIssue, NEXT_UPDATE_DAYS } from "@/schemas/admin/investment";
import type { Db } from "@/server/db";
import { investments } from "@/server/db/schema";
import { enqueue } from "@/server/jobs/outbox";
import { removeInvestmentImages, type StorageOptions } from "@/server/media";
import type { EditorOptions, InvestmentRow } from "./common";

/* -------------------------------------------------------------- listing */

/** Admin columns for the list, beside the cards of the admin search. */
export async function adminListColumns(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, AdminListExtra>();
  const rows = await db
    .select({
      id: investments.id,
      no: investments.no,
      public: investments.public,
      members: investments.members,
      premium: investments.premium,
      update_at: investments.update_at,
      next_update_at: investments.next_update_at,
      not_updated_at: investments.not_updated_at,
      transactions: investments.transactions,
    })
    .from(investments)
    .where(inArray(investments.id, ids))
    .all();
  return new Map(rows.map((r) => [r.id, r]));
}
export interface AdminListExtra {
  id: number;
  no: string | null;
  public: boolean;
  members: boolean;
  premium: boolean;
  update_at: Date | null;
  next_update_at: string | null;
  not_updated_at: Date | null;
  transactions: number | null;
}

/** Why a listing cannot be published under 表示規約, or null when it can. */
export function publishBlocker(row: Pick<InvestmentRow, "transactions" | "registered_at" | "next_update_at" | "update_at">, today = jstToday()): string | null {
  if (row.transactions === null) return "取引態様が未入力です";
  if (!row.registered_at) return "情報登録日が未入力です";
  if (!row.next_update_at) return "次回更新予定日が未入力です";
  if (row.next_update_at < today) return "次回更新予定日を過ぎています";
  if (row.next_update_at > addDaysIso(today, NEXT_UPDATE_DAYS)) return `次回更新予定日が${NEXT_UPDATE_DAYS}日より先です`;
  // Publishing does not update the listing: its stored 情報更新日 must carry the 次回更新予定日 (表示規約 freshness).
  if (!row.update_at) return "情報更新日がありません。編集画面で内容を確認して保存してください";
  return freshnessIssue(row.update_at, row.next_update_at);
}

/** Bulk publish / unpublish / members-only / delete. Listings that may not be published are skipped with the reason. */
export async function bulkInvestments(db: Db, ids: number[], action: BulkAction, opts: EditorOptions = {}) {
  const now = opts.now ?? new Date();
  const unique = [...new Set(ids)];
  if (action === "delete") {
    const removed = await removeInvestments(db, unique, opts);
    return { updated: removed, skipped: [] as { id: number; no: string | null; reason: string }[] };
  }
  const rows = await db
    .select({
      id: investments.id,
      no: investments.no,
      public: investments.public,
      public_at: investments.public_at,
      transactions: investments.transactions,
      registered_at: investments.registered_at,
      next_update_at: investments.next_update_at,
      update_at: investments.update_at,
    })
    .from(investments)
    .where(inArray(investments.id, unique))
    .all();
  const skipped: { id: number; no: string | null; reason: string }[] = [];
  let updated = 0;
  await db.transaction(async (tx) => {
    for (const r of rows) {
      if (action === "publish") {
        const reason = publishBlocker(r, jstToday(now));
        if (reason) {
          skipped.push({ id: r.id, no: r.no, reason });
          continue;
        }
        if (r.public) continue;
        await tx
          .update(investments)
          .set({ public: true, public_at: r.public_at ?? now, not_updated_at: null })
          .where(eq(investments.id, r.id));
        await enqueue(tx, "matchInvestment", { investmentId: r.id, reason: "new" }, `new-${r.id}`);
      } else if (action === "unpublish") {
        await tx.update(investments).set({ public: false }).where(eq(investments.id, r.id));
      } else {
        await tx
          .update(investments)
          .set({ members: action === "members_on" })
          .where(eq(investments.id, r.id));
      }
      updated++;
    }
    await enqueue(tx, "refreshSiteCounts", { reason: `bulk ${action}` }, `bulk-${action}-${now.getTime()}`);
  });
  return { updated, skipped };
}

/** Deletes listings (transports, images, history, bookmarks and matchings cascade) and their files. */
export async function removeInvestments(db: Db, ids: number[], opts: StorageOptions = {}): Promise<number> {
  if (!ids.length) return 0;
  const removed = await db.transaction(async (tx) => {
    const rows = await tx.delete(investments).where(inArray(investments.id, ids)).returning({ id: investments.id });
    await enqueue(
      tx,
      "refreshSiteCounts",
      { reason: "listing deleted" },
      `listing-deleted-${rows
        .map((r) => r.id)
        .join("_")
        .slice(0, 80)}-${Date.now()}`,
    );
    return rows.map((r) => r.id);
  });
  await Promise.all(removed.map((id) => removeInvestmentImages(id, { db, ...opts }).catch(() => undefined)));
  return removed.length;
}
