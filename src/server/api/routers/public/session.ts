import { z } from "@/schemas/zod";
import { createTRPCRouter, publicProcedure } from "../../trpc";

/** Login state flags of spec §3, for the site chrome (side menu: guest / member / admin). */
export const loginState = z.object({ isLogin: z.boolean(), isUserLogin: z.boolean(), isAdminLogin: z.boolean() });

export const sessionRouter = createTRPCRouter({
  state: publicProcedure.output(loginState).query(({ ctx }) => ({
    isLogin: Boolean(ctx.user || ctx.admin),
    isUserLogin: Boolean(ctx.user),
    isAdminLogin: Boolean(ctx.admin),
  })),
});
