/**
 * The listing kernel (issue 29): the rules every listing surface shares — who
 * may see what (visibility.ts), the card every list shows (cards.ts), and the
 * type codes, walk distance and size rule (rules.ts). It depends on db and
 * src/lib only; search, map, members, investments and cms build on it.
 */
export { type Audience, audienceOf, isTeaser, isVisibleTo, mapVisibility, teaserScope, visibleTo } from "./visibility";
export { type InvestmentCard, loadCards, type PageOfIds, pageWithCards } from "./cards";
export { DISTANCE_WALK, searchSize, searchSizeSql, searchSizeSqlText, TYPE_LAND, TYPE_UNIT } from "./rules";
export { formerPriceColumns } from "./former-price-columns";
export {
  ECONOMICS_COLUMNS,
  type EconomicsExtras,
  type EconomicsRow,
  economicsInputOf,
  loadRentRolls,
  loadRepairHistory,
  rentRollRowOf,
  repairRecordOf,
  STAFF_INPUT_KEYS,
  type StaffInputKey,
  withoutStaffInputs,
} from "./economics-input";
export {
  candidateOf,
  dealCheckOf,
  dealChips,
  figuresOf,
  listingEconomicsDto,
  loadCandidates,
  mediansFor,
  medianAudienceOf,
  resetEconomicsCachesForTests,
  similarCandidates,
  type MedianAudience,
} from "./economics";
