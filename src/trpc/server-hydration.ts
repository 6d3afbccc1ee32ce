import "server-only";
import { createHydrationHelpers } from "@trpc/react-query/rsc";
import { cache } from "react";
import { createCaller, type AppRouter } from "@/server/api/root";
import { makeQueryClient } from "./query-client";
import { createRscContext } from "./server";

/**
 * For pages whose client parts read the React Query cache: `api.x.y.prefetch()` on the server,
 * then <HydrateClient> hands the results over. Only those pages import this module (see ./server).
 */
export const { trpc: api, HydrateClient } = createHydrationHelpers<AppRouter>(createCaller(createRscContext), cache(makeQueryClient));
