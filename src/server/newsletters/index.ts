/** Newsletters: staff's editor, audiences, delivery (SMTP, rate gate) and unsubscribing. */
export * from "./admin";
export * from "./audience";
export * from "./deliver";
export * from "./rate";
export * from "./smtp";
export * from "./unsubscribe";
