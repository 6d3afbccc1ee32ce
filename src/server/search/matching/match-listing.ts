/**
 * Matching a listing that became visible (published, made members-only) or
 * cut in price against every saved filter, with the search's own predicate.
 *
 * Who: members who can see the listing. A listing is matched only while the
 * member audience sees it (visibleTo("member"): published, not overdue —
 * members-only ones included, since every active member may see those), and
 * only active, non-deleted members get matchings: suspended, provisional and
 * deleted accounts get neither a row nor a mail.
 *
 * A hit is one matching row per member × listing × reason (the member's oldest
 * matching filter is recorded), so re-running a job never duplicates. A later
 * price cut of the same listing refreshes the member's price_down row (new
 * price, unread, not yet notified) instead of adding one. Every cut is matched
 * (a saved price range may fit now), but the row carries a former price only
 * when 表示規約 allows it (src/lib/former-price.ts); otherwise it is a 価格変更
 * notice, and mails and My Page show no former amount for it.
 *
 * Notification: instant members get a notifyMatchings job keyed by member and
 * time window, written to the outbox in the same transaction and relayed once
 * the window ends, so ten listings matched within a minute make one mail.
 * Daily members are picked up by the 8:00 digest; "off" members only see the
 * rows on My Page.
 */
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { investment_price_histories, investments, matchings, notification_settings, users } from "@/server/db/schema";
import { storedFormerPrice } from "@/lib/former-price";
import { env } from "@/server/env";
import { enqueueMany } from "@/server/jobs/outbox";
import { loadMatchable } from "../predicate";
import { visibleTo } from "@/server/listings";
import { compiledFilters } from "./saved-filters";

export type MatchReason = "new" | "price_down";

export type MatchResult = {
  visible: boolean;
  /** Filters checked. */
  checked: number;
  /** Members with at least one matching filter (before the eligibility check). */
  hits: number;
  /** Matching rows written (new or refreshed). */
  written: number;
  /** notifyMatchings jobs queued (instant members). */
  notifications: number;
  ms: { compile: number; match: number; write: number; total: number };
};

const CHUNK = 400;
const chunks = <T>(xs: readonly T[], n = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
};

/** The notification window of `at`: its key and when its job is relayed. */
export function notifyWindow(at: Date, delaySeconds = env().MATCHING_NOTIFY_DELAY_SECONDS): { key: string; availableAt: Date } {
  const ms = Math.max(0, delaySeconds * 1000);
  if (ms === 0) return { key: `t${at.getTime()}`, availableAt: at };
  const bucket = Math.floor(at.getTime() / ms);
  return { key: `w${bucket}`, availableAt: new Date((bucket + 1) * ms) };
}

export async function matchInvestment(db: Db, investmentId: number, reason: MatchReason, opts: { now?: Date } = {}): Promise<MatchResult> {
  const started = performance.now();
  const result: MatchResult = { visible: false, checked: 0, hits: 0, written: 0, notifications: 0, ms: { compile: 0, match: 0, write: 0, total: 0 } };
  const row = await db
    .select({
      id: investments.id,
      price: investments.price,
      price_before: investments.price_before,
      price_down: investments.price_down,
      price_down_at: investments.price_down_at,
      price_before_since: investments.price_before_since,
    })
    .from(investments)
    .where(and(eq(investments.id, investmentId), visibleTo("member")))
    .get();
  // Unpublished, overdue or deleted since the job was queued: nobody may see it, nobody hears of it.
  if (!row) return finish();
  result.visible = true;
  const now = opts.now ?? new Date();
  if (reason === "price_down") {
    // A price_down job for a listing whose cut was undone meanwhile (its last change is no longer a cut to today's price) has nothing to report.
    const last = await db
      .select({ price: investment_price_histories.price, price_before: investment_price_histories.price_before })
      .from(investment_price_histories)
      .where(eq(investment_price_histories.investment_id, investmentId))
      .orderBy(desc(investment_price_histories.changed_at), desc(investment_price_histories.id))
      .get();
    if (!last || last.price !== row.price || last.price_before === null || !(last.price < last.price_before)) return finish();
  }
  // The former price recorded with the matching: only one 表示規約 allows (else the row is a 価格変更 notice).
  const formerPrice = reason === "price_down" ? (storedFormerPrice(row, now)?.formerPrice ?? null) : null;

  const t0 = performance.now();
  const set = await compiledFilters(db, { now: opts.now });
  const t1 = performance.now();
  result.ms.compile = t1 - t0;
  const [listing] = await loadMatchable(db, [investmentId]);
  if (!listing) return finish();
  const hits = set.match(listing);
  result.checked = set.filters.length;
  result.hits = hits.size;
  result.ms.match = performance.now() - t1;

  const t2 = performance.now();
  // Only active, live members; their notification choice (no row: instant, the default).
  const eligible = new Map<number, string>();
  for (const ids of chunks([...hits.keys()])) {
    const rows = await db
      .select({ id: users.id, matching: notification_settings.matching })
      .from(users)
      .leftJoin(notification_settings, eq(notification_settings.user_id, users.id))
      .where(and(inArray(users.id, ids), eq(users.status, "active"), isNull(users.deleted_at)))
      .all();
    for (const r of rows) eligible.set(r.id, r.matching ?? "instant");
  }

  const window = notifyWindow(now);
  await db.transaction(async (tx) => {
    const values = [...eligible.keys()].map((userId) => ({
      user_id: userId,
      investment_id: investmentId,
      filter_id: hits.get(userId) ?? null,
      reason,
      price: row.price,
      price_before: formerPrice,
      created_at: now,
    }));
    const written: number[] = [];
    for (const part of chunks(values, 500)) {
      const insert = tx.insert(matchings).values(part);
      const rows =
        reason === "price_down"
          ? await insert
              .onConflictDoUpdate({
                target: [matchings.user_id, matchings.investment_id, matchings.reason],
                set: {
                  price: sql`excluded.price`,
                  price_before: sql`excluded.price_before`,
                  filter_id: sql`excluded.filter_id`,
                  created_at: sql`excluded.created_at`,
                  read_at: null,
                  notified_at: null,
                },
                // Only a further cut is news; the same job run twice changes nothing.
                setWhere: sql`excluded.price < ${matchings.price}`,
              })
              .returning({ userId: matchings.user_id })
          : await insert.onConflictDoNothing().returning({ userId: matchings.user_id });
      written.push(...rows.map((r) => r.userId));
    }
    result.written = written.length;
    const notify = written.filter((userId) => eligible.get(userId) === "instant").map((userId) => ({ payload: { userId }, key: `u${userId}-${window.key}` }));
    await enqueueMany(tx, "notifyMatchings", notify, { availableAt: window.availableAt });
    result.notifications = notify.length;
  });
  result.ms.write = performance.now() - t2;
  return finish();

  function finish(): MatchResult {
    result.ms.total = performance.now() - started;
    return result;
  }
}
