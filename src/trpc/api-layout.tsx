import { TRPCReactProvider } from "./react";

/**
 * Layout of the segments whose pages have client parts calling tRPC procedures (forms, the
 * listing detail's bookmark / simulator / recently viewed, the search pages' live counts, My Page,
 * the admin area). Other pages ship no tRPC / React Query code (issue 21). Segment layout files
 * re-export it: `export { ApiLayout as default } from "@/trpc/api-layout";`.
 */
export function ApiLayout({ children }: { children: React.ReactNode }) {
  return <TRPCReactProvider>{children}</TRPCReactProvider>;
}
