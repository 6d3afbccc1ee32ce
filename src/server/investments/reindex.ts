/**
 * The data half of a change to the free-word index: when buildKeywords
 * changes what it writes (KEYWORDS_VERSION), every stored listing gets its
 * keywords re-derived once, at migration time; the investments_fts triggers
 * (drizzle/0001_fts.sql) re-index each changed row. Only `keywords` is
 * written, so update_at (the listing's 情報更新日) and everything else stay.
 */
import { asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { investment_transports, investments, site_options } from "@/server/db/schema";
import { KEYWORDS_VERSION, buildKeywords, type DeriveTransport } from "./derive";

const OPTION_KEY = "keywords_version";
const BATCH = 500;

/**
 * Re-derives the keywords of every listing when the stored version is older
 * than KEYWORDS_VERSION; returns how many rows changed (0 when up to date).
 * Idempotent: a second run (or a second process) finds the version current.
 */
export async function rebuildKeywords(db: Db, opts: { force?: boolean } = {}): Promise<{ rebuilt: boolean; changed: number }> {
  const current = await db.select().from(site_options).where(eq(site_options.key, OPTION_KEY)).get();
  if (!opts.force && current?.value === KEYWORDS_VERSION) return { rebuilt: false, changed: 0 };

  let changed = 0;
  let after = 0;
  for (;;) {
    const rows = await db.select().from(investments).where(gt(investments.id, after)).orderBy(asc(investments.id)).limit(BATCH).all();
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    const ids = rows.map((r) => r.id);
    const transports = await db
      .select()
      .from(investment_transports)
      .where(inArray(investment_transports.investment_id, ids))
      .orderBy(asc(investment_transports.investment_id), asc(investment_transports.e_sort), asc(investment_transports.id))
      .all();
    const byListing = new Map<number, DeriveTransport[]>();
    for (const t of transports) {
      const list = byListing.get(t.investment_id) ?? [];
      list.push(t);
      byListing.set(t.investment_id, list);
    }
    const updates = rows.map((r) => ({ id: r.id, keywords: buildKeywords(r, byListing.get(r.id) ?? []), old: r.keywords })).filter((u) => u.keywords !== u.old);
    if (updates.length) {
      await db.transaction(async (tx) => {
        for (const u of updates) await tx.run(sql`UPDATE investments SET keywords = ${u.keywords} WHERE id = ${u.id}`);
      });
      changed += updates.length;
    }
  }
  await db
    .insert(site_options)
    .values({ key: OPTION_KEY, value: KEYWORDS_VERSION })
    .onConflictDoUpdate({ target: site_options.key, set: { value: KEYWORDS_VERSION, updated_at: new Date() } });
  return { rebuilt: true, changed };
}
