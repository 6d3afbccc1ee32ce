/**
 * A member's own loan terms (issue 33, the loan_terms table): read for the cards' cash flow, the
 * cf_desc sort, the simulator's opening values and the price-cut mail. Always by the member's own
 * id from the session (never from input), and never through a shared cache.
 */
import { eq, inArray } from "drizzle-orm";
import { cashFlowFromNoi, YEN_PER_MAN, type LoanTerms } from "@/lib/economics";
import type { LoanTermsDto, LoanTermsValues } from "@/schemas/loan-terms";
import type { SearchQuery } from "@/schemas/search";
import type { Db } from "@/server/db";
import { audienceOf, cachedSearch } from "@/server/investments";
import { searchInvestments, type SearchResult } from "@/server/search";
import { loan_terms } from "@/server/db/schema";

type Row = typeof loan_terms.$inferSelect;

/** The stored row as the economics model's LoanTerms (自己資金 wins over 頭金 % when both are stored). */
export function loanTermsOfRow(row: Row): LoanTerms {
  return {
    ownFunds: row.own_funds,
    downPaymentPct: row.own_funds === null ? row.down_payment_pct : null,
    interestPct: row.interest_pct,
    years: row.years,
    purchaseCostPct: row.purchase_cost_pct,
  };
}

/** One member's terms, or null when none are saved. */
export async function loanTermsOf(db: Db, userId: number): Promise<LoanTerms | null> {
  const row = await db.select().from(loan_terms).where(eq(loan_terms.user_id, userId)).get();
  return row ? loanTermsOfRow(row) : null;
}

/** Several members' terms (the matching digest), keyed by user id; members without terms are absent. */
export async function loanTermsByMember(db: Db, userIds: readonly number[]): Promise<Map<number, LoanTerms>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(loan_terms)
    .where(inArray(loan_terms.user_id, [...userIds]))
    .all();
  return new Map(rows.map((r) => [r.user_id, loanTermsOfRow(r)]));
}

/** The stored row as the form's values (自己資金 in 万円), or null. */
export function loanTermsDtoOfRow(row: Row | undefined): LoanTermsDto | null {
  if (!row) return null;
  const ownFunds = row.own_funds !== null;
  return {
    funding: ownFunds ? "own_funds" : "down_payment",
    own_funds_man: ownFunds ? row.own_funds! / YEN_PER_MAN : null,
    down_payment_pct: ownFunds ? null : row.down_payment_pct,
    interest_pct: row.interest_pct,
    years: row.years,
    purchase_cost_pct: row.purchase_cost_pct,
  };
}

/** The member's saved terms as the form shows them. */
export async function loanTermsFormOf(db: Db, userId: number): Promise<LoanTermsDto | null> {
  return loanTermsDtoOfRow(await db.select().from(loan_terms).where(eq(loan_terms.user_id, userId)).get());
}

/** Saves (inserts or replaces) the member's terms; only the chosen way of funding is stored. */
export async function saveLoanTerms(db: Db, userId: number, v: LoanTermsValues): Promise<LoanTermsDto> {
  const row = {
    user_id: userId,
    // 万円 → 円, whole yen
    own_funds: v.funding === "own_funds" ? Math.round((v.own_funds_man ?? 0) * YEN_PER_MAN) : null,
    down_payment_pct: v.funding === "down_payment" ? (v.down_payment_pct ?? null) : null,
    interest_pct: v.interest_pct,
    years: v.years,
    purchase_cost_pct: v.purchase_cost_pct,
  };
  const { user_id: _u, ...set } = row;
  const saved = await db
    .insert(loan_terms)
    .values(row)
    .onConflictDoUpdate({ target: loan_terms.user_id, set: { ...set, updated_at: new Date() } })
    .returning()
    .get();
  return loanTermsDtoOfRow(saved)!;
}

/** Deletes the member's terms (nothing happens when none are saved). */
export async function deleteLoanTerms(db: Db, userId: number): Promise<void> {
  await db.delete(loan_terms).where(eq(loan_terms.user_id, userId)).run();
}

const isPriced = (c: object): c is { price: number; noi: number | null } =>
  !("locked" in c && c.locked) && "noi" in c && "price" in c && typeof c.price === "number";

/**
 * The member's 月間CF under their terms on each card (issue 33, `member_cf`), from the model
 * (economics.cashFlowFromNoi on the card's price and NOI; null when the listing has no NOI).
 * Computed per request on copies: the cards may be a shared cache's, which must never hold it.
 * Without terms the cards pass through unchanged (no `member_cf`: nothing is shown).
 */
export function withMemberCashFlow<T extends object>(cards: readonly T[], terms: LoanTerms | null): T[] {
  if (!terms) return [...cards];
  return cards.map((c) => {
    if (!isPriced(c)) return c;
    const cf = cashFlowFromNoi(c.price * YEN_PER_MAN, c.noi, terms);
    return { ...c, member_cf: cf === null ? null : cf.monthlyCashFlow };
  });
}

/**
 * The viewer's 月間CF on cards from a shared cache (home, related listings, the map): the terms read
 * from the session's user id, never from input; visitors, staff and members without terms get the
 * cards as they are.
 */
export async function cardsForViewer<T extends object>(db: Db, viewer: { user: { id: number } | null }, cards: readonly T[]): Promise<T[]> {
  const terms = viewer.user ? await loanTermsOf(db, viewer.user.id) : null;
  return withMemberCashFlow(cards, terms);
}

/**
 * A page of the list for the viewer (the list page and public.investments.search): the audience's
 * shared cached page, except `sr=cf_desc` for a member with saved terms, which is that member's own
 * order and is searched uncached (the terms are read here from the session's user id, never from
 * input). A member with terms gets their 月間CF on each card, added to copies after the cache.
 * Visitors, staff and members without terms get the shared page (cf_desc is then the default order).
 */
export async function searchForViewer(
  db: Db,
  viewer: { user: { id: number } | null; admin: unknown },
  query: SearchQuery,
  pageSize?: number,
): Promise<SearchResult & { cashFlowTerms: boolean }> {
  const audience = audienceOf(viewer);
  const terms = viewer.user ? await loanTermsOf(db, viewer.user.id) : null;
  const r =
    terms && query.sr === "cf_desc"
      ? await searchInvestments(db, audience, query, { pageSize, cashFlowTerms: terms })
      : await cachedSearch(db, audience, query, pageSize);
  return { ...r, items: withMemberCashFlow(r.items, terms), cashFlowTerms: terms !== null };
}
