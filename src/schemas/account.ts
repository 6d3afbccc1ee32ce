import { CONTACT_TIME_KEYS, JOB_KEYS, MATCHING_NOTIFICATION_KEYS, PASSWORD_MAX, SALARY_KEYS } from "@/lib/constants/account";
import { contactMethods, digits, email, faxForMethod, ifFilled, katakana, password, requiredString, tel, zipCode } from "./common";
import { intentInput } from "./intent";
import type { CustomIssueParams } from "./messages";
import { label, z } from "./zod";

/**
 * Account forms (spec §5 "Member and account forms"), shared by the pages,
 * the tRPC procedures and the REST adapter. Field names follow the spec's
 * payloads (names.last, kanas.first, contact.method…).
 */
const mismatch: CustomIssueParams = { kind: "mismatch" };
const recaptcha_token = z.string().max(4096).optional();

/** password + password_confirmation, with the mismatch reported under the confirmation. */
function withConfirmation<T extends z.ZodRawShape>(shape: T) {
  return z.object({ ...shape, password: password(), password_confirmation: label(z.string().min(1, { abort: true }), "パスワード（確認）") }).refine(
    (v) => {
      const { password: p, password_confirmation: c } = v as { password: string; password_confirmation: string };
      return p === c;
    },
    { path: ["password_confirmation"], params: mismatch },
  );
}

/** intent: what the visitor was doing (src/lib/intent.ts), carried in the mailed link to the registration. */
export const signupInput = z.object({ email: email(), recaptcha_token, intent: intentInput.optional() });
export type SignupInput = z.infer<typeof signupInput>;

const names = z.object({ last: requiredString("姓", { max: 50 }), first: requiredString("名", { max: 50 }) });
const kanas = z.object({ last: katakana("セイ", { max: 50 }), first: katakana("メイ", { max: 50 }) });
const select = <T extends [string, ...string[]]>(values: T, text: string) => label(z.enum(values), text, { select: true });

/** The member profile (registration and POST /api/user). */
export const profileShape = {
  names,
  kanas,
  zip: zipCode(),
  // Chosen from a select (profile-fields.tsx), so a blank one says 選択してください.
  pref: label(z.string().trim().min(1, { abort: true }).max(10), "都道府県", { select: true }),
  city: requiredString("市区町村", { max: 50 }),
  district: requiredString("町名・番地", { max: 100 }),
  address: z.string().trim().max(100).optional(),
  tel: tel("電話番号"),
  // The spec lists fax as required; few individual investors have one, so it is validated only when filled.
  fax: ifFilled(tel("FAX番号")),
  job: select(JOB_KEYS, "職業"),
  job_other: z.string().trim().max(100).optional(),
  salary: select(SALARY_KEYS, "年収"),
  money: digits("自己資金（万円）").refine((v) => Number(v) > 0, { error: "自己資金（万円）は1以上で入力してください" }),
  contact: z.object({
    method: contactMethods(),
    time: select(CONTACT_TIME_KEYS, "ご連絡可能な時間帯"),
  }),
};

function profileRules<T extends { job: string; job_other?: string | undefined; fax?: string | undefined; contact: { method: string[] } }>(
  v: T,
  ctx: z.RefinementCtx,
) {
  faxForMethod({ method: v.contact.method, fax: v.fax }, ctx, ["fax"]);
  if (v.job === "other" && !v.job_other?.trim()) {
    ctx.addIssue({ code: "custom", path: ["job_other"], params: { kind: "required", label: "職業（その他）" } });
  }
}

export const profileInput = z.object(profileShape).superRefine(profileRules);
export type ProfileInput = z.infer<typeof profileInput>;

export const registerInput = withConfirmation({ token: z.string().min(1).max(200), ...profileShape }).superRefine(profileRules);
export type RegisterInput = z.infer<typeof registerInput>;

export const loginInput = z.object({
  email: email(),
  password: label(z.string().min(1, { abort: true }).max(PASSWORD_MAX), "パスワード"),
  recaptcha_token,
  /** A member's intent: carried into the one-time login link when the account is under attack. */
  intent: intentInput.optional(),
});
export type LoginInput = z.infer<typeof loginInput>;

export const forgotPasswordInput = z.object({ email: email(), recaptcha_token });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;
/** The admin variant sends no bot-check token. */
export const adminForgotPasswordInput = forgotPasswordInput.pick({ email: true });

export const resetPasswordInput = withConfirmation({ token: z.string().min(1).max(200) });
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

/** First login of a staff-registered account: the mailed initial password is replaced. */
export const firstLoginInput = withConfirmation({ email: email(), current_password: label(z.string().min(1).max(PASSWORD_MAX), "仮パスワード") });
export type FirstLoginInput = z.infer<typeof firstLoginInput>;

export const tokenInput = z.object({ token: z.string().min(1).max(200) });

export const changeEmailInput = z.object({ email: email("新しいメールアドレス"), password: label(z.string().min(1).max(PASSWORD_MAX), "パスワード") });
export type ChangeEmailInput = z.infer<typeof changeEmailInput>;

export const changePasswordInput = withConfirmation({ current_password: label(z.string().min(1).max(PASSWORD_MAX), "現在のパスワード") });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const deleteAccountInput = z.object({ password: label(z.string().min(1).max(PASSWORD_MAX), "パスワード") });

export const notificationInput = z.object({
  matching: select(MATCHING_NOTIFICATION_KEYS, "マッチング通知"),
  newsletter: label(z.boolean(), "メールマガジン"),
});
export type NotificationInput = z.infer<typeof notificationInput>;

// ---------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------

/** The current member without secrets (GET /api/user/info). */
export const userInfo = z.object({
  _id: z.number().int(),
  email: z.string(),
  names: z.object({ last: z.string(), first: z.string() }),
  status: z.string(),
  type: z.string(),
  must_reset_password: z.boolean(),
  /** This session logged in with a password that fails today's policy: only the password change is open. */
  password_change_required: z.boolean(),
});

/** The current administrator without secrets (GET /api/admin/user/info). */
export const adminInfo = z.object({
  _id: z.number().int(),
  email: z.string(),
  name: z.string(),
  must_reset_password: z.boolean(),
  password_change_required: z.boolean(),
});

/**
 * POST /sanctum/login (admin and first-login too): `first_login` means the initial password must be
 * replaced first; `change_password` means logged in, but the password fails today's policy and must be
 * changed before anything else (member: /mypage/password, staff: the admin area's パスワード変更).
 */
export const loginResult = z.object({ status: z.enum(["ok", "first_login", "change_password"]) });

/** What an invited staff member's set-password link shows: whom it is for, or null once used or expired. */
export const staffInviteState = z.object({ email: z.string(), name: z.string() }).nullable();

/** POST /api/user/password: `{ status: false }` when the current password is wrong (spec §8). */
export const passwordChangeResult = z.object({ status: z.boolean() });
