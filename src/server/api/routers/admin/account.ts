import { adminInfo, changePasswordInput } from "@/schemas/account";
import { statusOk } from "@/schemas/common";
import { changeStaffPassword } from "@/server/accounts";
import { adminProcedure, createTRPCRouter } from "../../trpc";

/** The current administrator (GET /api/admin/user/info) and their own password (POST /api/admin/user/password). */
export const adminAccountRouter = createTRPCRouter({
  info: adminProcedure.output(adminInfo).query(({ ctx }) => ({
    _id: ctx.admin.id,
    email: ctx.admin.email,
    name: ctx.admin.name,
    must_reset_password: ctx.admin.must_reset_password,
    password_change_required: ctx.adminSession.passwordChangeRequired,
  })),

  changePassword: adminProcedure
    .input(changePasswordInput)
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      await changeStaffPassword(ctx.db, ctx.admin.id, ctx.adminSession.id, input);
      return { status: true as const };
    }),
});
