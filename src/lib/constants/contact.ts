/** Inquiry (contact) code tables. */

/**
 * Inquiry kinds: the spec names investment, consult and other; sell (/sell)
 * and exchange (/exchange) are the two other forms that create inquiries.
 */
export const INQUIRY_KINDS = [
  { key: "investment", name: "物件へのお問い合わせ" },
  { key: "consult", name: "投資相談" },
  { key: "other", name: "その他のお問い合わせ" },
  { key: "sell", name: "売却査定" },
  { key: "exchange", name: "業者様" },
] as const;
export type InquiryKind = (typeof INQUIRY_KINDS)[number]["key"];
export const INQUIRY_KIND_KEYS = INQUIRY_KINDS.map((k) => k.key) as [InquiryKind, ...InquiryKind[]];

export const INQUIRY_STATUSES = [
  { key: "new", name: "新規" },
  { key: "in_progress", name: "対応中" },
  { key: "done", name: "完了" },
] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number]["key"];
export const INQUIRY_STATUS_KEYS = INQUIRY_STATUSES.map((s) => s.key) as [InquiryStatus, ...InquiryStatus[]];

export function inquiryKindName(key: string | null | undefined): string | null {
  return INQUIRY_KINDS.find((k) => k.key === key)?.name ?? null;
}

export function inquiryStatusName(key: string | null | undefined): string | null {
  return INQUIRY_STATUSES.find((s) => s.key === key)?.name ?? null;
}
