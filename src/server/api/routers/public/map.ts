import { mapView as mapViewOutput, mapViewInput } from "@/schemas/map";
import { parseSearchParams } from "@/schemas/search";
import { cachedMapView, nearbyMap } from "@/server/map";
import { z } from "@/schemas/zod";
import { audienceOf } from "@/server/investments";
import { cardsForViewer } from "@/server/members";
import { createTRPCRouter, publicProcedure } from "../../trpc";
import { toRawRecord } from "./investments";

/**
 * The map search (/investments/map): one viewport for the viewer's audience
 * (visitors public listings only, members members-only ones too, marked).
 * bbox and zoom are checked strictly; the rest of the input is the list
 * page's search parameters, read as leniently as the list reads them.
 */
export const mapRouter = createTRPCRouter({
  view: publicProcedure
    .input(mapViewInput)
    .output(mapViewOutput)
    .query(async ({ ctx, input }) => {
      const { bbox, zoom, sel, ...raw } = input;
      const query = parseSearchParams(toRawRecord(raw));
      // page is the list's own; the map shows the first cards of the view
      const { page: _page, ...conditions } = query;
      const view = await cachedMapView(ctx.db, audienceOf(ctx), conditions, { bbox, zoom, selected: sel });
      // a member's 月間CF under their own terms, on copies of the shared view's cards (issue 33)
      return { ...view, cards: await cardsForViewer(ctx.db, ctx, view.cards) };
    }),

  /** A listing's neighbourhood for its detail page (null when it has no position or the viewer may not see it). */
  nearby: publicProcedure
    .input(z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }))
    .query(({ ctx, input }) => nearbyMap(ctx.db, audienceOf(ctx), input.id)),
});
