/** The list's sort orders (sr), apart from ./investment.ts for the sort select's island (issue 21); re-exported there. */
export const SORTS = [
  { key: "new", name: "新着順" },
  { key: "price_asc", name: "価格の安い順" },
  { key: "price_desc", name: "価格の高い順" },
  { key: "yield_desc", name: "利回りの高い順" },
  { key: "age_asc", name: "築年数の浅い順" },
  { key: "walk_asc", name: "駅から近い順" },
  // issue 33: the deal's numbers (no figure last); cf_desc is a member's own (their saved 融資条件), the default order for anyone else
  { key: "net_yield_desc", name: "実質利回りの高い順" },
  { key: "sekisan_desc", name: "積算比の高い順" },
  { key: "cf_desc", name: "月間CF（融資条件）の高い順" },
] as const;
/** Sorts only a member with saved loan terms gets (others get the default order and never see the choice). */
export const MEMBER_TERMS_SORTS: readonly SortKey[] = ["cf_desc"];
export type SortKey = (typeof SORTS)[number]["key"];
export const SORT_KEYS = SORTS.map((s) => s.key) as [SortKey, ...SortKey[]];
export const DEFAULT_SORT: SortKey = "new";
