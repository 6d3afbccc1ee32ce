/** The search query's limits, and the admin's publication states (`ps`). */
/** fw: at most this many terms (later ones are dropped). */
export const FW_MAX_TERMS = 5;
/** fw: a longer term (in characters) is dropped. */
export const FW_MAX_TERM_LENGTH = 50;
/** fw: terms of at least this many characters go through the FTS5 trigram index. */
export const FTS_MIN_TERM_LENGTH = 3;
/** Largest page number accepted. */
export const PAGE_MAX = 10_000;
/** At most this many values per several-valued key (extra ones are dropped). */
export const MULTI_MAX = 100;

/** Publication states of `ps` (admin). */
export const PUBLICATION_STATES = [
  { key: "public", name: "公開中" },
  { key: "members", name: "会員限定" },
  { key: "private", name: "非公開" },
  { key: "premium", name: "おすすめ" },
  { key: "overdue", name: "更新期限切れ" },
] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number]["key"];
export const PUBLICATION_STATE_KEYS = PUBLICATION_STATES.map((s) => s.key) as [PublicationState, ...PublicationState[]];

/** hz's name on chips and in the OpenAPI description (issue 34). */
export const HAZARD_SEARCH_LABEL = "浸水0.5m以上・土砂災害警戒区域を除く";
