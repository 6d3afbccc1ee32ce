/** Accounts: sign-up, log-in, tokens, profile and settings for members; staff's account list, staff accounts and the member CSV (admin/). */
export * from "./auth";
export * from "./profile";
export * from "./settings";
export * from "./tokens";
export * from "./admin/accounts";
export * from "./admin/accounts-csv";
export * from "./admin/staff";
