import { TRPCError } from "@trpc/server";
import { statusOk } from "@/schemas/common";
import { matching, matchingReadInput, matchingsDeleted, removeMatchingsInput } from "@/schemas/matching";
import { z } from "@/schemas/zod";
import { deleteMatchings, listMatchings, markAllMatchingsRead, setMatchingRead, unreadMatchingCount, memberDashboard } from "@/server/members";
import { createTRPCRouter, memberProcedure } from "../../trpc";

/** GET /api/user/matchings, PATCH /api/user/matchings/{id}, DELETE /api/user/matchings; and the My Page dashboard. */
export const matchingsRouter = createTRPCRouter({
  list: memberProcedure.output(z.array(matching)).query(({ ctx }) => listMatchings(ctx.db, ctx.user.id)),
  unread: memberProcedure.query(({ ctx }) => unreadMatchingCount(ctx.db, ctx.user.id)),
  read: memberProcedure
    .input(matchingReadInput)
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      if (!(await setMatchingRead(ctx.db, ctx.user.id, input.id, input.read)))
        throw new TRPCError({ code: "NOT_FOUND", message: "マッチングが見つかりません" });
      return { status: true as const };
    }),
  readAll: memberProcedure.mutation(async ({ ctx }) => ({ updated: await markAllMatchingsRead(ctx.db, ctx.user.id) })),
  remove: memberProcedure
    .input(removeMatchingsInput.optional())
    .output(matchingsDeleted)
    .mutation(async ({ ctx, input }) => ({ deleted: await deleteMatchings(ctx.db, ctx.user.id, input?.ids) })),
  dashboard: memberProcedure.query(({ ctx }) => memberDashboard(ctx.db, ctx.user.id)),
});
