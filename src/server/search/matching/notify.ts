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
import {
  ECONOMICS_COLUMNS,
  economicsInputOf,
  formerPriceColumns,
  loadCards,
  loadRentRolls,
  mediansFor,
  similarCandidates,
  visibleTo,
  type InvestmentCard,
} from "@/server/listings";
import { recordedFormerPrice, type FormerPrice } from "@/lib/former-price";
import { cashFlow, listingEconomics, MEDIAN_MIN_N, type EconomicsInput, type LoanTerms, type SimilarCandidate } from "@/lib/economics";
import { unsubscribeUrl } from "@/server/mail/unsubscribe-token";

/** Matchings older than this are not mailed any more (e.g. after switching from off back to instant). */
export const NOTIFY_MAX_AGE_DAYS = 7;
const DAY_MS = 86_400_000;

export type NotifyKind = "instant" | "digest";

/**
 * Reads members' own saved loan terms by user id (members' loanTermsByMember, passed in by the worker:
 * the members domain already builds on search, so search does not import it). Members without terms are absent.
 */
export type LoanTermsReader = (db: Db, userIds: readonly number[]) => Promise<Map<number, LoanTerms>>;

/** "2026年11月22日" in Japan time. */
export function jstDateLabel(at: Date): string {
  return new Intl.DateTimeFormat("ja-JP", { timeZone: "Asia/Tokyo", year: "numeric", month: "long", day: "numeric" }).format(at);
}

function access(card: { line_name: string | null; station_name: string | null; station_time: number | null }): string {
  const station = card.station_name ? `「${card.station_name.replace(/駅$/, "")}」駅` : "";
  const walk = card.station_time != null ? `徒歩${card.station_time}分` : "";
  return [`${card.line_name ?? ""}${station}`, walk].filter(Boolean).join(" ");
}

/** The deal line's chips the figure lines already state (利回り vs the median, 積算比) are left out of the mail's 参考 line. */
const FIGURE_CHIPS = new Set(["gross_yield", "net_yield", "sekisan_ratio"]);

type EconomicsRowOf = { id: number; city_cd: string; area_cd: number | null; input: EconomicsInput };

/**
 * A listing's figures in the mail, all from the one model (src/lib/economics.ts) at the price the
 * matching recorded: 表面・実質利回り and 積算比, the member audience's similar-listings medians (only
 * from MEDIAN_MIN_N listings up, as the deal check), and after a cut whose former price may be shown
 * the same figures with the former price (nothing else changed) and, when the member saved loan terms,
 * the 月間CF at both prices. Where the income is only price × the typed 表面利回り, the income at the
 * former price is unknown, so the former figures are null ("—"), never the same yield twice.
 */
export function itemFigures(
  row: EconomicsRowOf,
  price: number,
  former: FormerPrice | null,
  terms: LoanTerms | null,
  candidates: readonly SimilarCandidate[],
  now: Date,
): Pick<MatchingMailItem, "yield" | "netYield" | "sekisanRatio" | "leasehold" | "medians" | "before" | "cashFlow"> {
  const input: EconomicsInput = { ...row.input, price };
  const econ = listingEconomics(input, { now });
  const m = mediansFor(row, input, candidates, now);
  const enough = m.n >= MEDIAN_MIN_N;
  let before: MatchingMailItem["before"] = null;
  let cf: MatchingMailItem["cashFlow"] = null;
  if (former) {
    const formerInput: EconomicsInput = { ...row.input, price: former.formerPrice };
    const knowable = econ.fullIncome?.basis !== "listing_yield";
    const prev = listingEconomics(formerInput, { now });
    before = knowable
      ? { yield: prev.grossYield, netYield: prev.netYield, sekisanRatio: prev.sekisanRatio }
      : { yield: null, netYield: null, sekisanRatio: prev.sekisanRatio };
    if (terms) {
      const monthly = (i: EconomicsInput) => {
        const c = cashFlow(i, terms);
        return c === null ? null : Math.round(c.monthlyCashFlow);
      };
      cf = { before: knowable ? monthly(formerInput) : null, after: monthly(input) };
    }
  }
  return {
    yield: econ.grossYield,
    netYield: econ.netYield,
    sekisanRatio: econ.sekisanRatio,
    leasehold: econ.leasehold,
    medians: { yield: enough ? m.yieldMedian : null, netYield: enough ? m.netYieldMedian : null },
    before,
    cashFlow: cf,
  };
}

/** The listings' economics inputs (with their rent rolls), by id. */
async function economicsRows(db: Db, ids: readonly number[]): Promise<Map<number, EconomicsRowOf>> {
  if (ids.length === 0) return new Map();
  const [rows, rolls] = await Promise.all([
    db
      .select({ id: investments.id, city_cd: investments.city_cd, area_cd: investments.area_cd, ...ECONOMICS_COLUMNS })
      .from(investments)
      .where(inArray(investments.id, [...ids]))
      .all(),
    loadRentRolls(db, ids),
  ]);
  return new Map(rows.map((r) => [r.id, { id: r.id, city_cd: r.city_cd, area_cd: r.area_cd, input: economicsInputOf(r, { rentRoll: rolls.get(r.id) }) }]));
}

const dealLine = (card: InvestmentCard): string | null => {
  const chips = card.deal.filter((c) => !FIGURE_CHIPS.has(c.key));
  return chips.length ? chips.map((c) => c.text).join("／") : null;
};

/**
 * Mails a member their unnotified matchings (if their setting is `kind`).
 * Returns how many matchings the mail covers (0: no mail).
 */
export async function notifyMember(
  db: Db,
  userId: number,
  kind: NotifyKind,
  opts: { now?: Date; loanTerms: LoanTermsReader; terms?: Map<number, LoanTerms> },
): Promise<number> {
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

  const listed = candidates.slice(0, MATCHING_MAIL_MAX_ITEMS).map((c) => c.investment_id);
  // The figures: the member audience's medians, and this member's own loan terms (never another's, never cached).
  const [cardList, econRows, similar, terms] = await Promise.all([
    loadCards(db, listed, now, "member"),
    economicsRows(db, listed),
    similarCandidates(db, "member", now),
    // the digest read every member's terms at once (opts.terms); an instant mail reads its one member's
    opts.terms ?? opts.loanTerms(db, [userId]),
  ]);
  const cards = new Map(cardList.map((c) => [c.id, c]));
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
      const econRow = econRows.get(r.investment_id);
      if (!card || !econRow) continue;
      const former = r.reason === "price_down" ? recordedFormerPrice(r, r.listing, now) : null;
      items.push({
        name: card.name,
        reason: r.reason === "price_down" ? "price_down" : "new",
        price: r.price,
        former,
        ...itemFigures(econRow, r.price, former, terms.get(userId) ?? null, similar, now),
        deal: dealLine(card),
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
export async function runMatchingDigest(
  db: Db,
  opts: { now?: Date; loanTerms: LoanTermsReader },
): Promise<{ members: number; mails: number; matchings: number }> {
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
  const terms = await opts.loanTerms(
    db,
    rows.map((r) => r.userId),
  );
  for (const { userId } of rows) {
    const n = await notifyMember(db, userId, "digest", { now, loanTerms: opts.loanTerms, terms });
    if (n > 0) {
      mails++;
      total += n;
    }
  }
  return { members: rows.length, mails, matchings: total };
}
