import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { createContext } from "@/server/api/context";
import { createCaller } from "@/server/api/root";
import { getDb } from "@/server/db";

/**
 * Server components call procedures directly (no HTTP hop). This module stays free of React
 * Query: a server module that imports its HydrationBoundary (a client component) puts it and
 * React Query's context into the client bundle of every page below, used or not (issue 21).
 * Pages that hand results to the client cache use ./server-hydration.
 */
export const createRscContext = cache(async () => {
  const h = new Headers(await headers());
  h.set("x-trpc-source", "rsc");
  return createContext({ db: await getDb(), headers: h });
});

export const api = createCaller(createRscContext);
