/** Inquiries: submission, a member's history, the summary staff see. */
export * from "./submit";
export * from "./history";
export * from "./summary";
