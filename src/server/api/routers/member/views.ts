import { statusOk } from "@/schemas/common";
import { z } from "@/schemas/zod";
import { clearViews, listRecentViews, recordView, VIEWS_KEPT } from "@/server/investments";
import { createTRPCRouter, memberProcedure } from "../../trpc";

const listingId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** 最近見た物件 of the signed-in member (the detail page records; My Page lists it as 閲覧履歴 and clears it). */
export const viewsRouter = createTRPCRouter({
  record: memberProcedure
    .input(z.object({ investmentId: listingId }))
    .mutation(async ({ ctx, input }) => ({ recorded: await recordView(ctx.db, ctx.user.id, input.investmentId) })),
  list: memberProcedure
    .input(z.object({ limit: z.number().int().min(1).max(VIEWS_KEPT).optional(), excludeId: listingId.optional() }).optional())
    .query(({ ctx, input }) => listRecentViews(ctx.db, ctx.user.id, { limit: input?.limit, excludeId: input?.excludeId })),
  /** 閲覧履歴を消去 (My Page). */
  clear: memberProcedure.output(statusOk).mutation(async ({ ctx }) => {
    await clearViews(ctx.db, ctx.user.id);
    return { status: true as const };
  }),
});
