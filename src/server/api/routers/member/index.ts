import { createTRPCRouter } from "../../trpc";
import { accountRouter } from "./account";
import { bookmarksRouter } from "./bookmarks";
import { memberContactsRouter } from "./contacts";
import { filtersRouter } from "./filters";
import { intentRouter } from "./intent";
import { loanTermsRouter } from "./loan-terms";
import { matchingsRouter } from "./matchings";
import { scenarioRouter } from "./scenario";
import { viewsRouter } from "./views";

export const memberRouter = createTRPCRouter({
  account: accountRouter,
  bookmarks: bookmarksRouter,
  contacts: memberContactsRouter,
  filters: filtersRouter,
  intent: intentRouter,
  loanTerms: loanTermsRouter,
  matchings: matchingsRouter,
  scenario: scenarioRouter,
  views: viewsRouter,
});
