import { siteOptionsInput } from "@/schemas/admin/options";
import { statusOk } from "@/schemas/common";
import { dashboardFigures, getSiteOptionsAdmin, saveSiteOptions } from "@/server/options";
import { adminProcedure, createTRPCRouter } from "../../trpc";

/** Site options (POST /api/admin/options) and the admin top page's figures. */
export const adminOptionsRouter = createTRPCRouter({
  dashboard: adminProcedure.query(({ ctx }) => dashboardFigures(ctx.db)),
  get: adminProcedure.query(({ ctx }) => getSiteOptionsAdmin(ctx.db)),
  save: adminProcedure
    .input(siteOptionsInput)
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      await saveSiteOptions(ctx.db, input);
      return { status: true as const };
    }),
});
