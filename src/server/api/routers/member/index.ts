import { createTRPCRouter } from "../../trpc";
import { accountRouter } from "./account";
import { bookmarksRouter } from "./bookmarks";
import { memberContactsRouter } from "./contacts";
import { filtersRouter } from "./filters";
import { matchingsRouter } from "./matchings";

export const memberRouter = createTRPCRouter({
  account: accountRouter,
  bookmarks: bookmarksRouter,
  contacts: memberContactsRouter,
  filters: filtersRouter,
  matchings: matchingsRouter,
});
