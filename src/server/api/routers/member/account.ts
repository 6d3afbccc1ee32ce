import { z } from "@/schemas/zod";
import { createTRPCRouter, memberProcedure } from "../../trpc";

/** The current member without secrets (GET /api/user/info). */
export const userInfo = z.object({
  _id: z.number().int(),
  email: z.string(),
  names: z.object({ last: z.string(), first: z.string() }),
  status: z.string(),
  type: z.string(),
  must_reset_password: z.boolean(),
});

export const accountRouter = createTRPCRouter({
  info: memberProcedure.output(userInfo).query(({ ctx }) => ({
    _id: ctx.user.id,
    email: ctx.user.email,
    names: { last: ctx.user.last_name, first: ctx.user.first_name },
    status: ctx.user.status,
    type: ctx.user.type,
    must_reset_password: ctx.user.must_reset_password,
  })),
});
