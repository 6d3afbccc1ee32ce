/** Site options: header counts (cached for visitors), the holiday note, staff's overrides and the admin top page's figures. */
export { refreshSiteCounts, siteCounts } from "./counts";
export { cachedHolidayNote, cachedSiteCounts } from "./cached";
export { getSiteOptionsAdmin, saveSiteOptions } from "./admin";
export { dashboardFigures } from "./dashboard";
