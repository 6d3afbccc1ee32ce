import { marketView, audienceOf } from "@/server/investments";
import { createTRPCRouter, publicProcedure } from "../../trpc";

/** Market figures for /investments/market; the audience comes from the session. */
export const marketRouter = createTRPCRouter({
  market: publicProcedure.query(({ ctx }) => marketView(ctx.db, audienceOf(ctx))),
});
