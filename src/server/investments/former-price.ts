/**
 * The stored half of the former-price rule (表示規約 第20条 / 施行規則 (過去の販売価格を比較対照価格とする二重価格表示),
 * src/lib/former-price.ts): the data pass that recomputes every listing's
 * price_down / price_before / price_down_at / price_before_since from its price
 * history, run once at migration time (like reindex.ts) when the rule's
 * version changes. Rows whose cut no longer qualifies (offered under two
 * months, not the immediately previous price, older than six months) lose the
 * flag, so the 値下げ search feature and the map follow.
 */
import { asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { investment_price_histories, investments, site_options } from "@/server/db/schema";
import { qualifyingCut, storedFormerPrice, type PriceChangeLike } from "@/lib/former-price";

const OPTION_KEY = "former_price_version";
/** Bump when the rule changes: the next migration recomputes the stored columns. */
export const FORMER_PRICE_VERSION = "2022-09-01.1";
const BATCH = 500;

type Stored = { price_down: boolean; price_before: number | null; price_down_at: Date | null; price_before_since: Date | null };

/** What the columns should hold for this history at `now` (the six-month window applied too). */
export function storedStateFor(input: { history: readonly PriceChangeLike[]; publicAt: Date | null; currentPrice: number }, now: Date): Stored {
  const q = qualifyingCut(input);
  const state: Stored = q
    ? { price_down: true, price_before: q.formerPrice, price_down_at: q.cutAtInstant, price_before_since: q.sinceAt }
    : { price_down: false, price_before: null, price_down_at: null, price_before_since: null };
  if (q && !storedFormerPrice({ price: input.currentPrice, ...state }, now))
    return { price_down: false, price_before: null, price_down_at: null, price_before_since: null };
  return state;
}

const same = (a: Stored, b: Stored) =>
  a.price_down === b.price_down &&
  a.price_before === b.price_before &&
  (a.price_down_at?.getTime() ?? null) === (b.price_down_at?.getTime() ?? null) &&
  (a.price_before_since?.getTime() ?? null) === (b.price_before_since?.getTime() ?? null);

/** Recomputes the stored former-price columns of every listing; returns how many rows changed. Idempotent. */
export async function recomputeFormerPrices(db: Db, opts: { force?: boolean; now?: Date } = {}): Promise<{ recomputed: boolean; changed: number }> {
  const current = await db.select().from(site_options).where(eq(site_options.key, OPTION_KEY)).get();
  if (!opts.force && current?.value === FORMER_PRICE_VERSION) return { recomputed: false, changed: 0 };
  const now = opts.now ?? new Date();
  let changed = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: investments.id,
        price: investments.price,
        public_at: investments.public_at,
        price_down: investments.price_down,
        price_before: investments.price_before,
        price_down_at: investments.price_down_at,
        price_before_since: investments.price_before_since,
      })
      .from(investments)
      .where(gt(investments.id, after))
      .orderBy(asc(investments.id))
      .limit(BATCH)
      .all();
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    const history = await db
      .select({
        investment_id: investment_price_histories.investment_id,
        price: investment_price_histories.price,
        price_before: investment_price_histories.price_before,
        changed_at: investment_price_histories.changed_at,
      })
      .from(investment_price_histories)
      .where(
        inArray(
          investment_price_histories.investment_id,
          rows.map((r) => r.id),
        ),
      )
      .all();
    const byListing = new Map<number, PriceChangeLike[]>();
    for (const h of history) {
      const list = byListing.get(h.investment_id) ?? [];
      list.push(h);
      byListing.set(h.investment_id, list);
    }
    const updates = rows
      .map((r) => ({ r, want: storedStateFor({ history: byListing.get(r.id) ?? [], publicAt: r.public_at, currentPrice: r.price }, now) }))
      .filter(({ r, want }) => !same(r, want));
    if (updates.length) {
      await db.transaction(async (tx) => {
        for (const { r, want } of updates) {
          // Only these columns: update_at (the listing's 情報更新日) stays as it was.
          await tx.run(
            sql`UPDATE investments SET price_down = ${want.price_down ? 1 : 0}, price_before = ${want.price_before}, price_down_at = ${want.price_down_at?.getTime() ?? null}, price_before_since = ${want.price_before_since?.getTime() ?? null} WHERE id = ${r.id}`,
          );
        }
      });
      changed += updates.length;
    }
  }
  await db
    .insert(site_options)
    .values({ key: OPTION_KEY, value: FORMER_PRICE_VERSION })
    .onConflictDoUpdate({ target: site_options.key, set: { value: FORMER_PRICE_VERSION, updated_at: new Date() } });
  return { recomputed: true, changed };
}
