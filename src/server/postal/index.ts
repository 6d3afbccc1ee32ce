/** 郵便番号 → 住所 (the member forms' autofill), from bundled Japan Post data. */
export { lookupPostalCode } from "./lookup";
