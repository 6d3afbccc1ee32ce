/** A member's saved things: bookmarks, saved search filters, matchings and My Page's dashboard. */
export { addBookmark, bookmarkRows, compareBookmarks, isBookmarked, listBookmarks, removeBookmark } from "./bookmarks";
export { createFilter, deleteFilter, FILTER_NOT_FOUND, listFilters, nameTaken, updateFilter } from "./filters";
export { deleteMatchings, listMatchings, markAllMatchingsRead, matchingRows, setMatchingRead, unreadMatchingCount } from "./matchings";
export { memberDashboard } from "./dashboard";
export { applyIntent } from "./intent";
export {
  deleteLoanTerms,
  loanTermsByMember,
  loanTermsFormOf,
  loanTermsOf,
  loanTermsOfRow,
  saveLoanTerms,
  cardsForViewer,
  searchForViewer,
  withMemberCashFlow,
} from "./loan-terms";
