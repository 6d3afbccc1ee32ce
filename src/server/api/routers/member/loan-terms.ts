import { loanTermsInput, loanTermsResult } from "@/schemas/loan-terms";
import { statusOk } from "@/schemas/common";
import { deleteLoanTerms, loanTermsFormOf, saveLoanTerms } from "@/server/members";
import { createTRPCRouter, memberProcedure } from "../../trpc";

/**
 * The caller's own loan terms (issue 33, My Page 融資条件): always the session's member id, never an
 * id from input, so no member reads or changes another's terms.
 */
export const loanTermsRouter = createTRPCRouter({
  get: memberProcedure.output(loanTermsResult).query(async ({ ctx }) => ({ terms: await loanTermsFormOf(ctx.db, ctx.user.id) })),
  save: memberProcedure
    .input(loanTermsInput)
    .output(loanTermsResult)
    .mutation(async ({ ctx, input }) => ({ terms: await saveLoanTerms(ctx.db, ctx.user.id, input) })),
  remove: memberProcedure.output(statusOk).mutation(async ({ ctx }) => {
    await deleteLoanTerms(ctx.db, ctx.user.id);
    return { status: true as const };
  }),
});
