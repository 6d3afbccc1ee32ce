import { adminRouter } from "./routers/admin";
import { memberRouter } from "./routers/member";
import { publicRouter } from "./routers/public";
import { createCallerFactory, createTRPCRouter } from "./trpc";

/** One router per tier; each tier's sub-routers are one domain each. */
export const appRouter = createTRPCRouter({
  public: publicRouter,
  member: memberRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
