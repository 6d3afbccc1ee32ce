/**
 * Addresses the site does not accept (spec §5 ご登録できないメールアドレスです):
 * reserved top-level domains that can never receive mail, and well-known
 * disposable-mail services, which members use to dodge follow-up.
 */
const RESERVED_TLDS = [".invalid", ".local", ".localhost", ".test", ".example"];
const DISPOSABLE_DOMAINS = new Set([
  "mailinator.com",
  "guerrillamail.com",
  "guerrillamail.info",
  "sharklasers.com",
  "10minutemail.com",
  "temp-mail.org",
  "tempmail.com",
  "yopmail.com",
  "trashmail.com",
  "dispostable.com",
  "getnada.com",
  "throwawaymail.com",
]);

export function isAcceptableEmail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  if (!domain || RESERVED_TLDS.some((tld) => domain.endsWith(tld))) return false;
  return !DISPOSABLE_DOMAINS.has(domain);
}

export const UNACCEPTABLE_EMAIL_MESSAGE = "ご登録できないメールアドレスです";
export const DUPLICATE_EMAIL_MESSAGE = "このメールアドレスは既に登録されています";
