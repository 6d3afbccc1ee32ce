import { TRPC_CLIENT_MAX_ITEMS } from "@/lib/constants/api";

/**
 * The browser's batch link settings: URLs short enough for every proxy, and batches split at
 * TRPC_CLIENT_MAX_ITEMS, below the server's TRPC_MAX_BATCH, so our own pages never meet the 400.
 */
export const BATCH_LINK_OPTIONS = { url: "/api/trpc", maxURLLength: 2000, maxItems: TRPC_CLIENT_MAX_ITEMS } as const;
