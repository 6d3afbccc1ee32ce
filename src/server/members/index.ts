/** A member's saved things: bookmarks, saved search filters, matchings and My Page's dashboard. */
export * from "./bookmarks";
export * from "./filters";
export * from "./matchings";
export * from "./dashboard";
