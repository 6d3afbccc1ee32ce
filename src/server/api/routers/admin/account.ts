import { z } from "@/schemas/zod";
import { adminProcedure, createTRPCRouter } from "../../trpc";

/** The current administrator without secrets (GET /api/admin/user/info). */
export const adminInfo = z.object({
  _id: z.number().int(),
  email: z.string(),
  name: z.string(),
  must_reset_password: z.boolean(),
});

export const adminAccountRouter = createTRPCRouter({
  info: adminProcedure.output(adminInfo).query(({ ctx }) => ({
    _id: ctx.admin.id,
    email: ctx.admin.email,
    name: ctx.admin.name,
    must_reset_password: ctx.admin.must_reset_password,
  })),
});
