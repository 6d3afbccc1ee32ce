// Drizzle is the schema source: one file per domain, re-exported here for drizzle-kit and the client.
export * from "./accounts";
export * from "./masters";
export * from "./investments";
export * from "./members";
export * from "./contacts";
export * from "./cms";
export * from "./newsletters";
export * from "./options";
export * from "./outbox";
export * from "./media";
export * from "./hazards";
