/**
 * The listing kernel (issue 29): the rules every listing surface shares — who
 * may see what (visibility.ts), the card every list shows (cards.ts), and the
 * type codes, walk distance and size rule (rules.ts). It depends on db and
 * src/lib only; search, map, members, investments and cms build on it.
 */
export { audienceOf, isTeaser, isVisibleTo, mapVisibility, teaserScope, visibleTo, type Audience, type VisibilityRow } from "./visibility";
export { loadCards, type InvestmentCard } from "./cards";
export { DISTANCE_WALK, TYPE_LAND, TYPE_UNIT, searchSize, searchSizeSql, searchSizeSqlText, type SizedListing } from "./rules";
