/**
 * Calls per /api/trpc batch. The browser's batch link (src/trpc/react.tsx) splits larger batches at
 * TRPC_CLIENT_MAX_ITEMS; the server refuses a batch over its cap (TRPC_MAX_BATCH, never below the
 * client's figure, so our own pages never meet the refusal). Issue 27: one 15.6 KB GET ran 820.
 */
export const TRPC_CLIENT_MAX_ITEMS = 10;
export const TRPC_MAX_BATCH_DEFAULT = 20;

export const batchTooLargeMessage = (max: number) => `一度に送信できるリクエストは${max}件までです。`;
