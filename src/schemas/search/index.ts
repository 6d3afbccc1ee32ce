/**
 * The listing search query: ONE definition (the parameter table and its meaning: ./params.ts), used by
 * the list pages, tRPC / REST inputs and saved filters; src/server/search turns it into SQL and into an
 * in-memory predicate. The folder: limits.ts, municipalities.ts (the master's codes and wards),
 * coerce.ts (reading raw values), params.ts (the table), schema.ts (the canonical zod schemas and
 * DTOs), parse.ts (the lenient URL parse), labels.ts (the chips). Callers import this index only.
 */
export { FTS_MIN_TERM_LENGTH, FW_MAX_TERM_LENGTH, FW_MAX_TERMS, MULTI_MAX, PAGE_MAX, PUBLICATION_STATES, type PublicationState } from "./limits";
export { cityCodeRanges, expandCityCodes } from "./municipalities";
export { freeWordTerms } from "./coerce";
export { ADMIN_PARAM_KEYS, MULTI_PARAM_KEYS, SEARCH_PARAM_KEYS, type SearchParamKey } from "./params";
export { publicListParams, publicSearchParams, searchQuery, searchQueryDto, type SearchQuery } from "./schema";
export { isEmptyQuery, parseSearchParams, type ParseOptions, type SearchParamsInput } from "./parse";
// toSearchParams / toQueryRecord live in ../search-params (no zod, so client components can build links).
export { toQueryRecord, toSearchParams } from "../search-params";
export { describeQuery, type DescribeNames } from "./labels";
