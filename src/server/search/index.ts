/** Listing search: parameters → typed plan (plan.ts), the SQL (sql.ts), the in-memory predicate, and matching new listings against saved filters (matching/). */
export { planQuery, type QueryPlan } from "./plan";
export { compileQuery, loadMatchable, type MatchableInvestment } from "./predicate";
export {
  buildSearchWhere,
  buildTextIdsSelect,
  COUNT_BOUND,
  countBound,
  countInvestments,
  countMembersOnly,
  countColumnOf,
  drivenBySets,
  searchInvestments,
  searchOrder,
  searchPage,
  sortColumnOf,
  type MembersOnlyCount,
  type SearchResult,
  WALK_MAX_ROWS,
  walkNeeds,
  walkPays,
} from "./sql";
export { clearCompiledFilters, compiledFilters, warmMatching } from "./matching/saved-filters";
export { matchInvestment } from "./matching/match-listing";
export { notifyMember, runMatchingDigest } from "./matching/notify";
