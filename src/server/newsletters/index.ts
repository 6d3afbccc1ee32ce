/** Newsletters: staff's editor, audiences, delivery (SMTP, rate gate) and unsubscribing. */
export {
  audienceSize,
  cancelNewsletter,
  createNewsletter,
  deleteNewsletter,
  deliveryProblems,
  getNewsletter,
  listNewsletters,
  newsletterInput,
  newsletterProgress,
  previewNewsletter,
  scheduleNewsletter,
  sendTestNewsletter,
  unscheduleNewsletter,
  updateNewsletter,
} from "./admin";
export { countAudience, newsletterAudience } from "./audience";
export { deliveryCounts, prepareNewsletter, resumeNewsletters, runDeliveries } from "./deliver";
export { createRateGate } from "./rate";
export { SmtpSender } from "@/server/mail/smtp";
export { applyUnsubscribe, inspectUnsubscribe, type UnsubscribeState } from "./unsubscribe";
export { UNSUBSCRIBE_KIND_NAMES } from "@/server/mail/unsubscribe-token";
