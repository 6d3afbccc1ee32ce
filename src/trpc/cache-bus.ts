/**
 * Lets client parts that call procedures over plain fetch (src/trpc/fetch-query.ts) refresh what
 * React Query may hold for them, without importing React Query (issue 21): when a page or overlay
 * with the tRPC provider has run in this tab, its query client registers here and the call
 * invalidates its cached queries under a procedure path ("public.session.state", or a router
 * such as "member.bookmarks"); before that there is no cache and nothing to do.
 */
let invalidator: ((path: string[]) => void) | undefined;

export function registerCacheInvalidator(fn: (path: string[]) => void): void {
  invalidator = fn;
}

export function invalidateCached(path: string): void {
  invalidator?.(path.split("."));
}
