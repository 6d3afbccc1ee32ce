/** Newsletters: staff's editor, audiences, delivery (SMTP, rate gate) and unsubscribing. */
export * from "./admin";
export * from "./audience";
export * from "./deliver";
export * from "./rate";
export { NewsletterSender } from "@/server/mail/smtp";
export * from "./unsubscribe";
export { UNSUBSCRIBE_KIND_NAMES, type UnsubscribeKind } from "@/server/mail/unsubscribe-token";
