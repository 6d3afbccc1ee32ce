import { z } from "@/schemas/zod";
import { getHolidayNote, getSiteCounts, siteCounts } from "@/server/services/options/counts";
import { createTRPCRouter, publicProcedure } from "../../trpc";

export const optionsRouter = createTRPCRouter({
  /** GET /api/options */
  get: publicProcedure.output(siteCounts).query(({ ctx }) => getSiteCounts(ctx.db)),
  /** The holiday note staff set in the site options ("" when none): shown in the chrome and on /corporate. */
  holidayNote: publicProcedure.output(z.string()).query(({ ctx }) => getHolidayNote(ctx.db)),
});
