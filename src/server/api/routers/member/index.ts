import { createTRPCRouter } from "../../trpc";
import { accountRouter } from "./account";

export const memberRouter = createTRPCRouter({
  account: accountRouter,
});
