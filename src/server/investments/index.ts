/** Listings: the detail, cards and home sections, derived columns, the editor, facets, market figures, images, views, who may see what (visibility) and the cached public reads. */
export * from "./derive";
export * from "./detail";
export * from "./editor/common";
export * from "./editor/load";
export * from "./editor/save";
export * from "./editor/bulk";
export * from "./editor/duplicate";
export * from "./editor/totals";
export * from "./facets";
export * from "./home";
export * from "./images";
export * from "./market";
export * from "./cached";
export * from "./reindex";
export * from "./views";
// The kernel's names, kept at this door for the pages that already read them here.
export { audienceOf, isTeaser, loadCards, teaserScope, visibleTo, type Audience, type InvestmentCard } from "@/server/listings";
export { recomputeFormerPrices } from "./former-price";
