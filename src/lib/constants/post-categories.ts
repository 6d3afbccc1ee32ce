/**
 * Blog categories. Posts store a short ASCII key (cms_posts.category); the
 * site shows the Japanese label. No server imports here, so any component
 * (the admin editor included) can use the labels.
 */
export const POST_CATEGORIES = [
  { key: "news", name: "お知らせ" },
  { key: "market", name: "市場動向" },
  { key: "beginner", name: "はじめての投資" },
  { key: "finance", name: "融資・資金計画" },
  { key: "knowledge", name: "物件選びの基礎知識" },
  { key: "management", name: "賃貸経営・管理" },
  { key: "tax", name: "税金" },
  { key: "sell", name: "売却" },
] as const;

/** A category key as it may appear in a URL (?category=…). */
export const CATEGORY_KEY_PATTERN = /^[a-z0-9_-]{1,40}$/;

/** Japanese label of a category; an unknown key is shown as itself. */
export function categoryName(key: string): string {
  return POST_CATEGORIES.find((c) => c.key === key)?.name ?? key;
}

/** Position in the fixed display order (unknown keys last, alphabetically). */
export function categoryOrder(key: string): number {
  const i = POST_CATEGORIES.findIndex((c) => c.key === key);
  return i === -1 ? POST_CATEGORIES.length : i;
}
