"use client";

import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { httpBatchLink, loggerLink, type TRPCClient } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import { useState, type ComponentType } from "react";
import superjson from "superjson";
import type { AppRouter } from "@/server/api/root";
import { BATCH_LINK_OPTIONS } from "./batch-link";
import { registerCacheInvalidator } from "./cache-bus";
import { makeQueryClient } from "./query-client";

export const api = createTRPCReact<AppRouter>();

let browserQueryClient: QueryClient | undefined;
function getQueryClient(): QueryClient {
  if (typeof window === "undefined") return makeQueryClient();
  // One client per browser tab, so suspense re-renders do not lose the cache.
  if (!browserQueryClient) {
    const client = (browserQueryClient = makeQueryClient());
    // tRPC's query keys start with the procedure path as an array: a prefix match takes a whole router.
    registerCacheInvalidator((path) => void client.invalidateQueries({ queryKey: [path] }));
  }
  return browserQueryClient;
}

function makeTrpcClient() {
  return api.createClient({
    links: [
      loggerLink({ enabled: (op) => process.env.NODE_ENV === "development" && op.direction === "down" && op.result instanceof Error }),
      httpBatchLink({ ...BATCH_LINK_OPTIONS, transformer: superjson }),
    ],
  });
}
let browserTrpcClient: TRPCClient<AppRouter> | undefined;

/**
 * The tRPC / React Query provider. Not in the root layout: it and its libraries (~30 KiB
 * compressed) load only on pages whose client parts call procedures (issue 21). It wraps those
 * segments (src/trpc/api-layout.tsx) and the overlays that load on demand (withApi); in one
 * browser tab every instance shares one query cache and one tRPC client, so an invalidation in
 * one reaches the others.
 */
export function TRPCReactProvider({ children }: { children: React.ReactNode }) {
  const queryClient = getQueryClient();
  const [trpcClient] = useState(() => (typeof window === "undefined" ? makeTrpcClient() : (browserTrpcClient ??= makeTrpcClient())));
  return (
    <QueryClientProvider client={queryClient}>
      <api.Provider client={trpcClient} queryClient={queryClient}>
        {children}
      </api.Provider>
    </QueryClientProvider>
  );
}

/** A component inside its own provider: for overlays loaded on demand (React.lazy) that call procedures. */
export function withApi<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithApi(props: P) {
    return (
      <TRPCReactProvider>
        <Component {...props} />
      </TRPCReactProvider>
    );
  }
  return WithApi;
}
