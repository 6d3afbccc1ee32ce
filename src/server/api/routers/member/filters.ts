import { TRPCError } from "@trpc/server";
import { created, existsResult, statusOk } from "@/schemas/common";
import { saveFilterInput, savedFilter, updateFilterInput } from "@/schemas/filter";
import { z } from "@/schemas/zod";
import { createFilter, deleteFilter, FILTER_NOT_FOUND, listFilters, nameTaken, updateFilter } from "@/server/members";
import { createTRPCRouter, memberProcedure } from "../../trpc";

/** GET/PATCH /api/user/filter, PATCH/DELETE /api/user/filter/{id}, GET /api/user/filter/check/{id}/{name}. */
export const filtersRouter = createTRPCRouter({
  list: memberProcedure
    .input(z.object({ counts: z.boolean().default(false) }).optional())
    .output(z.array(savedFilter))
    .query(({ ctx, input }) => listFilters(ctx.db, ctx.user.id, { counts: input?.counts })),
  create: memberProcedure
    .input(saveFilterInput)
    .output(created)
    .mutation(({ ctx, input }) => createFilter(ctx.db, ctx.user.id, input)),
  update: memberProcedure
    .input(updateFilterInput)
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      await updateFilter(ctx.db, ctx.user.id, input.id, { name: input.name, query: input.query });
      return { status: true as const };
    }),
  remove: memberProcedure
    .input(z.object({ id: z.coerce.number().int().positive() }))
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      if (!(await deleteFilter(ctx.db, ctx.user.id, input.id))) throw new TRPCError({ code: "NOT_FOUND", message: FILTER_NOT_FOUND });
      return { status: true as const };
    }),
  /** Is the name used by another of the caller's conditions? (id: the one being renamed, or 0 for a new one) */
  nameTaken: memberProcedure
    .input(z.object({ id: z.coerce.number().int().min(0), name: z.string().max(200) }))
    .output(existsResult)
    .query(async ({ ctx, input }) => ({ exists: await nameTaken(ctx.db, ctx.user.id, input.name, input.id || null) })),
});
