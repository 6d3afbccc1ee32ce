import { adminInfo } from "@/schemas/account";
import { adminProcedure, createTRPCRouter } from "../../trpc";

/** The current administrator (GET /api/admin/user/info). */
export const adminAccountRouter = createTRPCRouter({
  info: adminProcedure.output(adminInfo).query(({ ctx }) => ({
    _id: ctx.admin.id,
    email: ctx.admin.email,
    name: ctx.admin.name,
    must_reset_password: ctx.admin.must_reset_password,
  })),
});
