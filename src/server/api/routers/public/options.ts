import { z } from "@/schemas/zod";
import { cachedHolidayNote, cachedSiteCounts, siteCounts } from "@/server/options";
import { createTRPCRouter, publicProcedure } from "../../trpc";

export const optionsRouter = createTRPCRouter({
  /** GET /api/options */
  get: publicProcedure.output(siteCounts).query(({ ctx }) => cachedSiteCounts(ctx.db)),
  /** The holiday note staff set in the site options ("" when none): shown in the chrome and on /corporate. */
  holidayNote: publicProcedure.output(z.string()).query(({ ctx }) => cachedHolidayNote(ctx.db)),
});
