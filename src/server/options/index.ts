/** Site options: header counts (cached for visitors), the holiday note, staff's overrides and the admin top page's figures. */
export * from "./counts";
export * from "./cached";
export * from "./admin";
export * from "./dashboard";
