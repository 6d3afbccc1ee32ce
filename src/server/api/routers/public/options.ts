import { getSiteCounts, siteCounts } from "@/server/services/options/counts";
import { createTRPCRouter, publicProcedure } from "../../trpc";

export const optionsRouter = createTRPCRouter({
  /** GET /api/options */
  get: publicProcedure.output(siteCounts).query(({ ctx }) => getSiteCounts(ctx.db)),
});
