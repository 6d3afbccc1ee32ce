import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { createContext } from "@/server/api/context";
import { createCaller } from "@/server/api/root";
import { getDb } from "@/server/db";
import { cachedMembersOnlyCount } from "@/server/investments";
import type { MembersOnlyCount } from "@/server/search";
import { searchForViewer } from "@/server/members";
import type { ListPageSize } from "@/lib/list-view";
import { investmentPage } from "@/schemas/investment";
import type { SearchQuery } from "@/schemas/search";

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

/**
 * The list page's typed path (issue 29: one parse per render). The page parses its URL into a
 * SearchQuery once and hands that to the same cached service functions the public procedures end
 * in (public.investments.search / membersOnlyCount), with the audience from the same context;
 * the procedures' raw-record input is the network edge's, parsed there once per call.
 */
export const listings = {
  async search(query: SearchQuery, pageSize?: ListPageSize) {
    const ctx = await createRscContext();
    // A member with saved loan terms gets their 月間CF on the cards and their own cf_desc order (issue 33), never cached.
    const r = await searchForViewer(ctx.db, ctx, query, pageSize);
    // The procedure's output schema too: cards reach client components' props, and it strips what a card must not carry.
    return {
      ...investmentPage.parse({ items: r.items, total: r.total, totalBounded: r.totalBounded, page: r.page, last: r.last, pageSize: r.pageSize }),
      /** The viewer is a member with saved terms: the sort select offers cf_desc. */
      cashFlowTerms: r.cashFlowTerms,
    };
  },
  async membersOnlyCount(query: SearchQuery): Promise<MembersOnlyCount | null> {
    const ctx = await createRscContext();
    return cachedMembersOnlyCount(ctx.db, query);
  },
};
