import { TRPCReactProvider } from "./react";

/**
 * Layout of the segments whose pages have client parts calling tRPC procedures (forms, My Page,
 * the admin area). The listing detail's bookmark, simulator and recently viewed and the search
 * pages' live counts call theirs over plain fetch (src/trpc/fetch-query.ts) and need none.
 * Other pages ship no tRPC / React Query code (issue 21). Segment layout files re-export it: `export { ApiLayout as default } from "@/trpc/api-layout";`.
 */
export function ApiLayout({ children }: { children: React.ReactNode }) {
  return <TRPCReactProvider>{children}</TRPCReactProvider>;
}
