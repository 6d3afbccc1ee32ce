import "server-only";
import { createHydrationHelpers } from "@trpc/react-query/rsc";
import { headers } from "next/headers";
import { cache } from "react";
import { createContext } from "@/server/api/context";
import { createCaller, type AppRouter } from "@/server/api/root";
import { getDb } from "@/server/db";
import { makeQueryClient } from "./query-client";

/** Server components call procedures directly (no HTTP hop) and hand the results to the client cache. */
const createRscContext = cache(async () => {
  const h = new Headers(await headers());
  h.set("x-trpc-source", "rsc");
  return createContext({ db: await getDb(), headers: h });
});

export const getQueryClient = cache(makeQueryClient);
const caller = createCaller(createRscContext);

export const { trpc: api, HydrateClient } = createHydrationHelpers<AppRouter>(caller, getQueryClient);
