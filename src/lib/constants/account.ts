/** Member account code tables (the spec leaves the values open; these are ours). */

export const MEMBER_STATUSES = [
  { key: "provisional", name: "仮登録" },
  { key: "active", name: "有効" },
  { key: "suspended", name: "停止" },
] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number]["key"];
export const MEMBER_STATUS_KEYS = MEMBER_STATUSES.map((s) => s.key) as [MemberStatus, ...MemberStatus[]];

export const MEMBER_TYPES = [
  { key: "individual", name: "個人" },
  { key: "corporate", name: "法人" },
  { key: "agent", name: "業者" },
] as const;
export type MemberType = (typeof MEMBER_TYPES)[number]["key"];
export const MEMBER_TYPE_KEYS = MEMBER_TYPES.map((t) => t.key) as [MemberType, ...MemberType[]];

/** How a member is told about new listings matching a saved filter. */
export const MATCHING_NOTIFICATIONS = [
  { key: "instant", name: "即時" },
  { key: "daily", name: "1日1回まとめて" },
  { key: "off", name: "受け取らない" },
] as const;
export type MatchingNotification = (typeof MATCHING_NOTIFICATIONS)[number]["key"];
export const MATCHING_NOTIFICATION_KEYS = MATCHING_NOTIFICATIONS.map((m) => m.key) as [MatchingNotification, ...MatchingNotification[]];

/**
 * Form limits shared by the schemas and the UI hints. The password minimum follows ASVS 5.0 §6.2.1
 * (8), above the spec's 6; the rest of the password policy is server-side (src/server/auth/password-policy.ts).
 */
export const PASSWORD_MIN = 8;
/** The hint under every new-password field. */
export const PASSWORD_HINT = `半角英数字・記号${PASSWORD_MIN}文字以上。よく使われているパスワードやメールアドレス・氏名を含むものは使えません`;
/** Upper bound shared by every password field (argon2 hashes any length; this only stops abuse). */
export const PASSWORD_MAX = 128;
export const PHONE_MIN = 10;

export function memberStatusName(key: string | null | undefined): string | null {
  return MEMBER_STATUSES.find((s) => s.key === key)?.name ?? null;
}

export function memberTypeName(key: string | null | undefined): string | null {
  return MEMBER_TYPES.find((t) => t.key === key)?.name ?? null;
}

export function matchingNotificationName(key: string | null | undefined): string | null {
  return MATCHING_NOTIFICATIONS.find((m) => m.key === key)?.name ?? null;
}

/** Member profile choices (spec §5 "Member and account forms"; the values are ours). */
export const JOBS = [
  { key: "employee", name: "会社員" },
  { key: "public_servant", name: "公務員" },
  { key: "executive", name: "会社役員" },
  { key: "self_employed", name: "自営業" },
  { key: "doctor", name: "医師" },
  { key: "professional", name: "士業（弁護士・税理士など）" },
  { key: "real_estate", name: "不動産業" },
  { key: "pensioner", name: "年金受給者" },
  { key: "other", name: "その他" },
] as const;
export type Job = (typeof JOBS)[number]["key"];
export const JOB_KEYS = JOBS.map((j) => j.key) as [Job, ...Job[]];

/** 年収 bands. */
export const SALARIES = [
  { key: "lt300", name: "300万円未満" },
  { key: "300_500", name: "300万〜500万円" },
  { key: "500_700", name: "500万〜700万円" },
  { key: "700_1000", name: "700万〜1,000万円" },
  { key: "1000_1500", name: "1,000万〜1,500万円" },
  { key: "1500_2000", name: "1,500万〜2,000万円" },
  { key: "gte2000", name: "2,000万円以上" },
] as const;
export type Salary = (typeof SALARIES)[number]["key"];
export const SALARY_KEYS = SALARIES.map((s) => s.key) as [Salary, ...Salary[]];

export const CONTACT_METHODS = [
  { key: "email", name: "メール" },
  { key: "tel", name: "電話" },
  { key: "fax", name: "FAX" },
] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number]["key"];
export const CONTACT_METHOD_KEYS = CONTACT_METHODS.map((c) => c.key) as [ContactMethod, ...ContactMethod[]];

export const CONTACT_TIMES = [
  { key: "anytime", name: "いつでも可" },
  { key: "morning", name: "平日 9:00〜12:00" },
  { key: "afternoon", name: "平日 12:00〜15:00" },
  { key: "evening", name: "平日 15:00〜18:00" },
] as const;
export type ContactTime = (typeof CONTACT_TIMES)[number]["key"];
export const CONTACT_TIME_KEYS = CONTACT_TIMES.map((c) => c.key) as [ContactTime, ...ContactTime[]];

/** Lifetimes of mailed links and admin-issued initial passwords. */
export const SIGNUP_LINK_HOURS = 24;
export const EMAIL_CHANGE_LINK_HOURS = 24;
export const PASSWORD_RESET_MINUTES = 60;
/** The one-time login link mailed while an account is under a password-guessing attack. */
export const LOGIN_LINK_MINUTES = 15;
export const INITIAL_PASSWORD_DAYS = 7;
/** The one-time set-password link mailed to an invited staff member. */
export const STAFF_INVITE_HOURS = 24;

/** A profile choice's name; a stored code no longer in the table is shown as it is, never hidden. */
function choiceName(table: readonly { key: string; name: string }[], key: string | null | undefined): string | null {
  if (!key) return null;
  return table.find((t) => t.key === key)?.name ?? key;
}

/** 職業 as staff read it: 「その他（detail）」 when the member wrote their own. */
export function jobLabel(job: string | null | undefined, other?: string | null): string | null {
  const name = choiceName(JOBS, job);
  return job === "other" && other?.trim() ? `${name}（${other.trim()}）` : name;
}

export function salaryName(key: string | null | undefined): string | null {
  return choiceName(SALARIES, key);
}

export function contactTimeName(key: string | null | undefined): string | null {
  return choiceName(CONTACT_TIMES, key);
}

/** 「メール・電話」 */
export function contactMethodNames(keys: readonly string[] | null | undefined): string | null {
  return keys?.length ? keys.map((k) => choiceName(CONTACT_METHODS, k)).join("・") : null;
}
