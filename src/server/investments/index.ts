/**
 * Listings: the detail, home sections, derived columns, the editor, facets, market figures, images, views and the cached
 * public reads. Named exports only: what routers, REST, pages, the worker and other domains use (issue 29).
 */
export { getInvestmentDetail, getInvestmentPreview, type InvestmentDetail } from "./detail";
export { getInvestmentForEdit, investmentNoExists, municipalityChoices, railwayChoices, stationChoices } from "./editor/load";
export { saveInvestment } from "./editor/save";
export { adminListColumns, bulkInvestments, removeInvestments } from "./editor/bulk";
export { duplicateInvestment } from "./editor/duplicate";
export { parseRentRollCsv } from "./editor/rent-roll-csv";
export { type AreaFacets, type CodeFacet, type FeatureFacets, type LineFacet, type MunicipalityFacet, railwayNames, type TrainFacets } from "./facets";
export { type HomeCard } from "./home";
export { imageForViewer } from "./images";
export { type MarketCell, type MarketCity, type MarketCityRow, type MarketFigures, marketView } from "./market";
export { cachedAreaFacets, cachedCount, cachedDetail, cachedFacets, cachedMembersOnlyCount, cachedSearch } from "./cached";
export { rebuildKeywords } from "./reindex";
export { clearViews, listRecentViews, recordView, VIEWS_KEPT } from "./views";
export { recomputeFormerPrices } from "./former-price";
export { rederiveEconomics } from "./economics-pass";
export { normaliseLandUses, unmappedLandUses, type UnmappedLandUse } from "./land-use-pass";
// The kernel's names that pages already read here (src/server/listings is their home).
export { type Audience, audienceOf, type InvestmentCard, loadCards } from "@/server/listings";
// For the demo and scale seed (src/seed), which writes listings as the editor would.
export { deriveInvestment } from "./derive";
export { storedStateFor } from "./former-price";
export { type TransportRow } from "./editor/common";
