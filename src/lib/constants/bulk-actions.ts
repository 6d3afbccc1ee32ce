/**
 * The admin listing list's bulk actions. Plain data, apart from the zod schema that checks them
 * (src/schemas/admin/investment.ts bulkInput): the list's client code imports only this, and a
 * schema import would ship all of zod (~74 KiB compressed) with the list (issue 21).
 */
export const BULK_ACTIONS = [
  { key: "publish", name: "公開する" },
  { key: "unpublish", name: "非公開にする" },
  { key: "members_on", name: "会員限定にする" },
  { key: "members_off", name: "会員限定を解除" },
  { key: "delete", name: "削除する" },
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number]["key"];
