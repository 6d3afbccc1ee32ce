import { TRPCError } from "@trpc/server";
import { and, eq } from "drizzle-orm";
import { SCENARIO_KEYS } from "@/lib/simulator";
import { z } from "@/schemas/zod";
import { bookmarks } from "@/server/db/schema";
import { createTRPCRouter, memberProcedure } from "../../trpc";

const listingId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const amount = z.number().finite().min(0).max(1e13);

/** The simulator's editable fields; anything else is refused. */
const scenarioSchema = z.object(Object.fromEntries(SCENARIO_KEYS.map((k) => [k, amount])) as Record<(typeof SCENARIO_KEYS)[number], typeof amount>).strict();

export const SCENARIO_NEEDS_BOOKMARK = "お気に入りに追加するとシミュレーション条件を保存できます";

/**
 * A cash-flow simulator scenario saved with the caller's own bookmark
 * (bookmarks.scenario). Only the caller's row is ever read or written.
 */
export const scenarioRouter = createTRPCRouter({
  get: memberProcedure.input(z.object({ investmentId: listingId })).query(async ({ ctx, input }) => {
    const row = await ctx.db
      .select({ scenario: bookmarks.scenario })
      .from(bookmarks)
      .where(and(eq(bookmarks.user_id, ctx.user.id), eq(bookmarks.investment_id, input.investmentId)))
      .get();
    return { bookmarked: row !== undefined, scenario: row?.scenario ?? null };
  }),
  saveScenario: memberProcedure.input(z.object({ investmentId: listingId, scenario: scenarioSchema.nullable() })).mutation(async ({ ctx, input }) => {
    const r = await ctx.db
      .update(bookmarks)
      .set({ scenario: input.scenario })
      .where(and(eq(bookmarks.user_id, ctx.user.id), eq(bookmarks.investment_id, input.investmentId)))
      .returning({ id: bookmarks.investment_id });
    if (r.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: SCENARIO_NEEDS_BOOKMARK });
    return { status: true as const };
  }),
});
