import { createdRow, statusOk } from "@/schemas/common";
import { inviteStaffInput, staffIdInput, staffList } from "@/schemas/admin/staff";
import { disableStaff, enableStaff, inviteStaff, listStaff } from "@/server/accounts";
import { adminProcedure, createTRPCRouter } from "../../trpc";

const ok = { status: true as const };

/** Staff accounts (not in the spec's REST calls; the admin area only). The acting admin comes from the session. */
export const adminStaffRouter = createTRPCRouter({
  list: adminProcedure.output(staffList).query(({ ctx }) => listStaff(ctx.db)),
  invite: adminProcedure
    .input(inviteStaffInput)
    .output(createdRow)
    .mutation(({ ctx, input }) => inviteStaff(ctx.db, ctx.admin, input)),
  disable: adminProcedure
    .input(staffIdInput)
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      await disableStaff(ctx.db, ctx.admin.id, input.id);
      return ok;
    }),
  enable: adminProcedure
    .input(staffIdInput)
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      await enableStaff(ctx.db, ctx.admin.id, input.id);
      return ok;
    }),
});
