"use client";

import { useEffect } from "react";
import { api } from "@/trpc/react";
import { visitorStateOf, type LoginStateData, type SiteCountsData, type VisitorState } from "./types";

/**
 * Login state for the overlays that load on demand (the search dialog; it brings its
 * tRPC provider). The header itself uses no React Query (site-counts.tsx). `initial` (rendered by the server) makes
 * the first paint final; without it the state is "checking" until the request
 * returns. After login/logout either invalidate `public.session.state` or call
 * router.refresh(): a new server value is copied into the cache.
 */
function useVisitorInBrowser(initial?: LoginStateData): { state: VisitorState; flags: LoginStateData | undefined } {
  const utils = api.useUtils();
  const q = api.public.session.state.useQuery(undefined, { initialData: initial, staleTime: 60_000 });
  const sig = initial ? `${+initial.isLogin}${+initial.isUserLogin}${+initial.isAdminLogin}` : "";
  useEffect(() => {
    if (initial) utils.public.session.state.setData(undefined, initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the value, not the object identity
  }, [sig]);
  if (q.data) return { state: visitorStateOf(q.data), flags: q.data };
  // A failed check shows the guest menu rather than a skeleton forever.
  return { state: q.isError ? "guest" : "checking", flags: undefined };
}

/** Site-wide counts (header, search dialog); `initial` from the server avoids a request. */
function useSiteCountsInBrowser(initial?: SiteCountsData): SiteCountsData | undefined {
  const utils = api.useUtils();
  const q = api.public.options.get.useQuery(undefined, { initialData: initial, staleTime: 5 * 60_000 });
  const sig = initial ? `${initial.members}/${initial.investment.members}/${initial.investment.public}` : "";
  useEffect(() => {
    if (initial) utils.public.options.get.setData(undefined, initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the value, not the object identity
  }, [sig]);
  return q.data;
}

/*
 * While rendering HTML on the server there is nothing to fetch or refresh:
 * the first client render shows `initial` all the same (initialData), so the
 * server renders it directly and skips a React Query observer per use.
 * Chosen once per environment, so
 * each implementation calls its hooks unconditionally.
 */
const onServer = typeof window === "undefined";

export const useVisitor: typeof useVisitorInBrowser = onServer
  ? (initial) => (initial ? { state: visitorStateOf(initial), flags: initial } : { state: "checking", flags: undefined })
  : useVisitorInBrowser;

export const useSiteCounts: typeof useSiteCountsInBrowser = onServer ? (initial) => initial : useSiteCountsInBrowser;
