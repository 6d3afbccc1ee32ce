import { createTRPCRouter } from "../../trpc";
import { authRouter } from "./auth";
import { hazardsRouter } from "./hazards";
import { investmentsRouter } from "./investments";
import { mapRouter } from "./map";
import { marketRouter } from "./market";
import { cmsRouter } from "./cms";
import { contactsRouter } from "./contacts";
import { optionsRouter } from "./options";
import { postalRouter } from "./postal";
import { sessionRouter } from "./session";

export const publicRouter = createTRPCRouter({
  auth: authRouter,
  investments: investmentsRouter,
  hazards: hazardsRouter,
  map: mapRouter,
  market: marketRouter,
  cms: cmsRouter,
  contacts: contactsRouter,
  options: optionsRouter,
  postal: postalRouter,
  session: sessionRouter,
});
