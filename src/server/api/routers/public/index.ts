import { createTRPCRouter } from "../../trpc";
import { authRouter } from "./auth";
import { optionsRouter } from "./options";
import { sessionRouter } from "./session";

export const publicRouter = createTRPCRouter({
  auth: authRouter,
  options: optionsRouter,
  session: sessionRouter,
});
