/**
 * Matching mails: one mail for the matchings a member has not been told
 * about yet — right after a short collection window (instant) or in the 8:00
 * digest (daily).
 *
 * Exactly one mail per matching row: the rows are claimed by setting
 * notified_at (`WHERE notified_at IS NULL`, so two runs never claim the same
 * row) in the same transaction that writes the mail to the outbox, keyed by
 * the newest matching id; a retried job finds nothing left to claim.
 * Listings that are no longer visible to members stay unclaimed and unmailed.
 */
import { and, desc, eq, gte, inArray, isNull } from "drizzle-orm";
import type { Db } from "@/server/db";
import { filters, investments, matchings, notification_settings, users } from "@/server/db/schema";
import { env } from "@/server/env";
import { enqueue } from "@/server/jobs/outbox";
import { MATCHING_MAIL_MAX_ITEMS, type MatchingMailItem } from "@/server/mail/templates";
import { formerPriceColumns, loadCards, visibleTo } from "@/server/listings";
import { recordedFormerPrice } from "@/lib/former-price";
import { unsubscribeUrl } from "@/server/mail/unsubscribe-token";

/** Matchings older than this are not mailed any more (e.g. after switching from off back to instant). */
export const NOTIFY_MAX_AGE_DAYS = 7;
const DAY_MS = 86_400_000;

export type NotifyKind = "instant" | "digest";

/** "2026年11月22日" in Japan time. */
export function jstDateLabel(at: Date): string {
  return new Intl.DateTimeFormat("ja-JP", { timeZone: "Asia/Tokyo", year: "numeric", month: "long", day: "numeric" }).format(at);
}

function access(card: { line_name: string | null; station_name: string | null; station_time: number | null }): string {
  const station = card.station_name ? `「${card.station_name.replace(/駅$/, "")}」駅` : "";
  const walk = card.station_time != null ? `徒歩${card.station_time}分` : "";
  return [`${card.line_name ?? ""}${station}`, walk].filter(Boolean).join(" ");
}

/**
 * Mails a member their unnotified matchings (if their setting is `kind`).
 * Returns how many matchings the mail covers (0: no mail).
 */
export async function notifyMember(db: Db, userId: number, kind: NotifyKind, opts: { now?: Date } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const member = await db
    .select({ email: users.email, last: users.last_name, first: users.first_name, company: users.company, setting: notification_settings.matching })
    .from(users)
    .leftJoin(notification_settings, eq(notification_settings.user_id, users.id))
    .where(and(eq(users.id, userId), eq(users.status, "active"), isNull(users.deleted_at)))
    .get();
  if (!member) return 0;
  // The member may have changed their mind since the job was queued: instant jobs mail instant members, the digest daily ones.
  if ((member.setting ?? "instant") !== (kind === "instant" ? "instant" : "daily")) return 0;

  const candidates = await db
    .select({
      id: matchings.id,
      investment_id: matchings.investment_id,
      reason: matchings.reason,
      price: matchings.price,
      price_before: matchings.price_before,
      filter_name: filters.name,
      // the listing's stored former price now (表示規約): the mail shows one only while it may be shown
      listing: formerPriceColumns,
    })
    .from(matchings)
    .innerJoin(investments, eq(investments.id, matchings.investment_id))
    .leftJoin(filters, eq(filters.id, matchings.filter_id))
    .where(
      and(
        eq(matchings.user_id, userId),
        isNull(matchings.notified_at),
        gte(matchings.created_at, new Date(now.getTime() - NOTIFY_MAX_AGE_DAYS * DAY_MS)),
        visibleTo("member"),
      ),
    )
    .orderBy(desc(matchings.created_at), desc(matchings.id))
    .all();
  if (candidates.length === 0) return 0;

  const cards = new Map(
    (
      await loadCards(
        db,
        candidates.slice(0, MATCHING_MAIL_MAX_ITEMS).map((c) => c.investment_id),
        now,
        "member",
      )
    ).map((c) => [c.id, c]),
  );
  const appUrl = env().APP_URL;

  return db.transaction(async (tx) => {
    const claimed = new Set(
      (
        await tx
          .update(matchings)
          .set({ notified_at: now })
          .where(
            and(
              inArray(
                matchings.id,
                candidates.map((c) => c.id),
              ),
              isNull(matchings.notified_at),
            ),
          )
          .returning({ id: matchings.id })
      ).map((r) => r.id),
    );
    const rows = candidates.filter((c) => claimed.has(c.id));
    if (rows.length === 0) return 0;
    const items: MatchingMailItem[] = [];
    for (const r of rows.slice(0, MATCHING_MAIL_MAX_ITEMS)) {
      const card = cards.get(r.investment_id);
      if (!card) continue;
      items.push({
        name: card.name,
        reason: r.reason === "price_down" ? "price_down" : "new",
        price: r.price,
        former: r.reason === "price_down" ? recordedFormerPrice(r, r.listing, now) : null,
        yield: card.yield,
        netYield: card.net_yield,
        leasehold: card.leasehold,
        deal: card.deal.length ? card.deal.map((c) => c.text).join("／") : null,
        access: access(card),
        filterName: r.filter_name,
        url: `${appUrl}/investments/${r.investment_id}`,
      });
    }
    if (items.length === 0) return 0;
    const name = member.company && !member.last ? member.company : `${member.last} ${member.first}`.trim() || "会員";
    const data = {
      name,
      items,
      more: rows.length - items.length,
      mypageUrl: `${appUrl}/mypage`,
      settingsUrl: `${appUrl}/mypage/notification`,
      unsubscribeUrl: unsubscribeUrl(userId, "matching"),
    };
    const newest = Math.max(...rows.map((r) => r.id));
    if (kind === "instant") {
      await enqueue(tx, "sendMail", { template: "matching_instant", to: member.email, data }, `matching-u${userId}-m${newest}`);
    } else {
      await enqueue(
        tx,
        "sendMail",
        { template: "matching_digest", to: member.email, data: { ...data, date: jstDateLabel(now) } },
        `digest-u${userId}-m${newest}`,
      );
    }
    return rows.length;
  });
}

/** The 8:00 digest: one mail per daily member with matchings they have not been told about. */
export async function runMatchingDigest(db: Db, opts: { now?: Date } = {}): Promise<{ members: number; mails: number; matchings: number }> {
  const now = opts.now ?? new Date();
  const since = new Date(now.getTime() - NOTIFY_MAX_AGE_DAYS * DAY_MS);
  const rows = await db
    .selectDistinct({ userId: matchings.user_id })
    .from(matchings)
    .innerJoin(notification_settings, and(eq(notification_settings.user_id, matchings.user_id), eq(notification_settings.matching, "daily")))
    .where(and(isNull(matchings.notified_at), gte(matchings.created_at, since)))
    .orderBy(matchings.user_id)
    .all();
  let mails = 0;
  let total = 0;
  for (const { userId } of rows) {
    const n = await notifyMember(db, userId, "digest", { now });
    if (n > 0) {
      mails++;
      total += n;
    }
  }
  return { members: rows.length, mails, matchings: total };
}
