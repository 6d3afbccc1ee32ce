import { intentInput, intentResult } from "@/schemas/intent";
import { applyIntent } from "@/server/members";
import { createTRPCRouter, memberProcedure } from "../../trpc";

/** What a visitor asked for before logging in or registering (src/lib/intent.ts), done once they are a member. */
export const intentRouter = createTRPCRouter({
  carryOut: memberProcedure
    .input(intentInput)
    .output(intentResult)
    .mutation(({ ctx, input }) => applyIntent(ctx.db, ctx.user.id, input)),
});
