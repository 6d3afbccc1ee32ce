/** The list's sort orders (sr), apart from ./investment.ts for the sort select's island (issue 21); re-exported there. */
export const SORTS = [
  { key: "new", name: "新着順" },
  { key: "price_asc", name: "価格の安い順" },
  { key: "price_desc", name: "価格の高い順" },
  { key: "yield_desc", name: "利回りの高い順" },
  { key: "age_asc", name: "築年数の浅い順" },
  { key: "walk_asc", name: "駅から近い順" },
] as const;
export type SortKey = (typeof SORTS)[number]["key"];
export const SORT_KEYS = SORTS.map((s) => s.key) as [SortKey, ...SortKey[]];
export const DEFAULT_SORT: SortKey = "new";
