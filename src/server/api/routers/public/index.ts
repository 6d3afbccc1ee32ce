import { createTRPCRouter } from "../../trpc";
import { optionsRouter } from "./options";
import { sessionRouter } from "./session";

export const publicRouter = createTRPCRouter({
  options: optionsRouter,
  session: sessionRouter,
});
