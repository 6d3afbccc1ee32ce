/**
 * A member's own loan terms (issue 33, the loan_terms table): read for the cards' cash flow, the
 * cf_desc sort, the simulator's opening values and the price-cut mail. Always by the member's own
 * id from the session (never from input), and never through a shared cache.
 */
import { eq, inArray } from "drizzle-orm";
import type { LoanTerms } from "@/lib/economics";
import type { Db } from "@/server/db";
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
