import { z } from "@/schemas/zod";
import { env } from "@/server/env";
import { listingHazards } from "@/server/hazards";
import { audienceOf } from "@/server/investments";
import { createTRPCRouter, publicProcedure } from "../../trpc";

/** Hazard flags (issue 34) for the detail's ハザード section, and the overlays' tile base for the maps. */
export const hazardsRouter = createTRPCRouter({
  /** A listing's flags; null when the viewer may not see the listing (a members-only one for a visitor). */
  byListing: publicProcedure
    .input(z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }))
    .query(({ ctx, input }) => listingHazards(ctx.db, audienceOf(ctx), input.id)),
  /** HAZARD_TILE_BASE_URL: {base}/{layer}/{z}/{x}/{y}.png. */
  tiles: publicProcedure.query(() => ({ base: env().HAZARD_TILE_BASE_URL })),
});
