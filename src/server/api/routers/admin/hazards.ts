import { hazardOverrideInput } from "@/schemas/admin/hazard";
import { z } from "@/schemas/zod";
import { adminHazards, setHazardOverride } from "@/server/hazards";
import { adminProcedure, createTRPCRouter } from "../../trpc";

/** The editor's ハザード block (issue 34): every flag as read, and staff's override of one. */
export const adminHazardsRouter = createTRPCRouter({
  byListing: adminProcedure
    .input(z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }))
    .query(({ ctx, input }) => adminHazards(ctx.db, input.id)),
  /** Confirm or override one layer's flag (class + note); class null clears the override. */
  override: adminProcedure.input(hazardOverrideInput).mutation(({ ctx, input }) => setHazardOverride(ctx.db, ctx.admin.id, input)),
});
