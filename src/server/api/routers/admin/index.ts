import { createTRPCRouter } from "../../trpc";
import { adminAccountRouter } from "./account";

export const adminRouter = createTRPCRouter({
  account: adminAccountRouter,
});
