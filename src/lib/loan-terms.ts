import { YEN_PER_MAN, type LoanTerms } from "@/lib/economics";
import type { LoanTermsDto } from "@/schemas/loan-terms";

/**
 * A member's saved 融資条件 as the form and member.loanTerms.get give them (自己資金 in 万円) → the
 * economics model's LoanTerms, as the server reads the stored row (src/server/members/loan-terms.ts
 * loanTermsOfRow: own_funds is stored as round(万円 × 10,000)). Free of zod: the simulator's island uses it.
 */
export function modelTermsOf(t: LoanTermsDto): LoanTerms {
  const ownFunds = t.funding === "own_funds" && t.own_funds_man !== null;
  return {
    ownFunds: ownFunds ? Math.round(t.own_funds_man! * YEN_PER_MAN) : null,
    downPaymentPct: ownFunds ? null : t.down_payment_pct,
    interestPct: t.interest_pct,
    years: t.years,
    purchaseCostPct: t.purchase_cost_pct,
  };
}
