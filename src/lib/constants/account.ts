/** Member account code tables (the spec leaves the values open; these are ours). */

export const MEMBER_STATUSES = [
  { key: "provisional", name: "仮登録" },
  { key: "active", name: "有効" },
  { key: "suspended", name: "停止" },
] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number]["key"];
export const MEMBER_STATUS_KEYS = MEMBER_STATUSES.map((s) => s.key) as [MemberStatus, ...MemberStatus[]];

export const MEMBER_TYPES = [
  { key: "individual", name: "個人" },
  { key: "corporate", name: "法人" },
  { key: "agent", name: "業者" },
] as const;
export type MemberType = (typeof MEMBER_TYPES)[number]["key"];
export const MEMBER_TYPE_KEYS = MEMBER_TYPES.map((t) => t.key) as [MemberType, ...MemberType[]];

/** How a member is told about new listings matching a saved filter. */
export const MATCHING_NOTIFICATIONS = [
  { key: "instant", name: "即時" },
  { key: "daily", name: "1日1回まとめて" },
  { key: "off", name: "受け取らない" },
] as const;
export type MatchingNotification = (typeof MATCHING_NOTIFICATIONS)[number]["key"];
export const MATCHING_NOTIFICATION_KEYS = MATCHING_NOTIFICATIONS.map((m) => m.key) as [
  MatchingNotification,
  ...MatchingNotification[],
];

/** Spec §5/§9 form limits, shared by the schemas and the UI hints. */
export const PASSWORD_MIN = 6;
export const PHONE_MIN = 10;

export function memberStatusName(key: string | null | undefined): string | null {
  return MEMBER_STATUSES.find((s) => s.key === key)?.name ?? null;
}

export function memberTypeName(key: string | null | undefined): string | null {
  return MEMBER_TYPES.find((t) => t.key === key)?.name ?? null;
}

export function matchingNotificationName(key: string | null | undefined): string | null {
  return MATCHING_NOTIFICATIONS.find((m) => m.key === key)?.name ?? null;
}
