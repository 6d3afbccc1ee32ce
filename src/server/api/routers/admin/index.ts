import { createTRPCRouter } from "../../trpc";
import { adminAccountRouter } from "./account";
import { adminAccountsRouter } from "./accounts";
import { adminContactsRouter } from "./contacts";
import { adminInvestmentsRouter } from "./investments";

export const adminRouter = createTRPCRouter({
  account: adminAccountRouter,
  contacts: adminContactsRouter,
  accounts: adminAccountsRouter,
  investments: adminInvestmentsRouter,
});
