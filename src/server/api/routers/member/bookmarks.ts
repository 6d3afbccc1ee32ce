import { TRPCError } from "@trpc/server";
import { statusOk } from "@/schemas/common";
import { z } from "@/schemas/zod";
import { addBookmark, compareBookmarks, isBookmarked, listBookmarks, removeBookmark } from "@/server/members";
import { createTRPCRouter, memberProcedure } from "../../trpc";

const byListing = z.object({ investmentId: z.coerce.number().int().positive() });

/** PATCH / DELETE /api/user/bookmark/{id} and the bookmark screen. */
export const bookmarksRouter = createTRPCRouter({
  list: memberProcedure
    .input(z.object({ sort: z.enum(["added", "price_asc", "price_desc", "yield_desc", "price_change"]).default("added") }).optional())
    .query(({ ctx, input }) => listBookmarks(ctx.db, ctx.user.id, input?.sort)),
  has: memberProcedure.input(byListing).query(({ ctx, input }) => isBookmarked(ctx.db, ctx.user.id, input.investmentId)),
  add: memberProcedure
    .input(byListing)
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      await addBookmark(ctx.db, ctx.user.id, input.investmentId);
      return { status: true as const };
    }),
  remove: memberProcedure
    .input(byListing)
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      if (!(await removeBookmark(ctx.db, ctx.user.id, input.investmentId))) throw new TRPCError({ code: "NOT_FOUND", message: "お気に入りが見つかりません" });
      return { status: true as const };
    }),
  compare: memberProcedure
    .input(z.object({ ids: z.array(z.coerce.number().int().positive()).min(2).max(4) }))
    .query(({ ctx, input }) => compareBookmarks(ctx.db, ctx.user.id, input.ids)),
});
