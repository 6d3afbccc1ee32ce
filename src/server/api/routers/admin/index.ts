import { createTRPCRouter } from "../../trpc";
import { adminAccountRouter } from "./account";
import { adminAccountsRouter } from "./accounts";
import { adminCmsRouter } from "./cms";
import { adminContactsRouter } from "./contacts";
import { adminHazardsRouter } from "./hazards";
import { adminInvestmentsRouter } from "./investments";
import { adminOptionsRouter } from "./options";
import { adminNewslettersRouter } from "./newsletters";
import { adminQueuesRouter } from "./queues";
import { adminStaffRouter } from "./staff";

export const adminRouter = createTRPCRouter({
  account: adminAccountRouter,
  contacts: adminContactsRouter,
  accounts: adminAccountsRouter,
  investments: adminInvestmentsRouter,
  hazards: adminHazardsRouter,
  cms: adminCmsRouter,
  options: adminOptionsRouter,
  newsletters: adminNewslettersRouter,
  queues: adminQueuesRouter,
  staff: adminStaffRouter,
});
