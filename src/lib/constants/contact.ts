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

/** What the visitor wants, per form (spec §3 inquiry.main). "other" always requires inquiry.other. */
export const INQUIRY_MAIN = {
  investment: [
    { key: "document", name: "詳しい資料がほしい" },
    { key: "visit", name: "現地を見学したい" },
    { key: "loan", name: "融資について相談したい" },
    { key: "purchase", name: "購入を検討している" },
    { key: "other", name: "その他" },
  ],
  consult: [
    { key: "first", name: "初めての不動産投資" },
    { key: "loan", name: "融資・資金計画" },
    { key: "portfolio", name: "買い増し・組み換え" },
    { key: "tax", name: "節税・相続対策" },
    { key: "other", name: "その他" },
  ],
  other: [
    { key: "site", name: "サイトの使い方" },
    { key: "company", name: "会社について" },
    { key: "media", name: "取材・掲載" },
    { key: "other", name: "その他" },
  ],
  exchange: [
    { key: "info", name: "物件情報の提供" },
    { key: "buy", name: "買取のご相談" },
    { key: "joint", name: "共同仲介" },
    { key: "other", name: "その他" },
  ],
  sell: [
    { key: "appraisal", name: "査定価格を知りたい" },
    { key: "sell_soon", name: "すぐに売却したい" },
    { key: "consider", name: "売却を検討中" },
    { key: "other", name: "その他" },
  ],
} as const;

/** 売却査定: when the owner wants to sell. */
export const SELL_TIMINGS = [
  { key: "asap", name: "すぐにでも" },
  { key: "3m", name: "3か月以内" },
  { key: "6m", name: "半年以内" },
  { key: "1y", name: "1年以内" },
  { key: "undecided", name: "未定・相場を知りたい" },
] as const;
export const SELL_TIMING_KEYS = SELL_TIMINGS.map((t) => t.key) as [string, ...string[]];

/** Seconds within which the same payload counts as a double submit. */
export const CONTACT_DEDUPE_SECONDS = 60;

/**
 * 内見希望日時 on a 見学 inquiry (issue 30): up to three choices of a day and a time band, from
 * tomorrow (Japan time) to VIEWING_MAX_DAYS ahead, each choice different.
 */
export const VIEWING_BANDS = [
  { key: "morning", name: "午前（10時〜12時）" },
  { key: "afternoon", name: "午後（13時〜16時）" },
  { key: "evening", name: "夕方（16時〜18時）" },
  { key: "any", name: "時間帯は問わない" },
] as const;
export const VIEWING_MAX_CHOICES = 3;
export const VIEWING_MAX_DAYS = 60;

/** 'YYYY-MM-DD' moved by whole days (calendar arithmetic on the date alone, no time zone). */
export function plusDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const WEEKDAYS = ["日", "月", "火", "水", "木", "金", "土"];
/** One choice as staff and the visitor read it: 第1希望 2026年12月3日（木） 午前（10時〜12時）. */
export function viewingText(choices: readonly { date: string; band: string }[]): string {
  return choices
    .map((c, i) => {
      const [y, m, d] = c.date.split("-").map(Number);
      const wd = WEEKDAYS[new Date(`${c.date}T00:00:00Z`).getUTCDay()];
      const band = VIEWING_BANDS.find((b) => b.key === c.band)?.name ?? c.band;
      return `第${i + 1}希望 ${y}年${m}月${d}日（${wd}） ${band}`;
    })
    .join("\n");
}
