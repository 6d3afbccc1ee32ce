import { and, eq, isNull } from "drizzle-orm";
import { INITIAL_PASSWORD_DAYS, LOGIN_LINK_MINUTES, PASSWORD_RESET_MINUTES, SIGNUP_LINK_HOURS } from "@/lib/constants/account";
import { DUPLICATE_EMAIL_MESSAGE, isAcceptableEmail, UNACCEPTABLE_EMAIL_MESSAGE } from "@/lib/email";
import { checkIntent, intentQuery } from "@/lib/intent";
import type { IntentInput } from "@/schemas/intent";
import type { FirstLoginInput, LoginInput, RegisterInput, ResetPasswordInput } from "@/schemas/account";
import { fieldInvalid } from "@/server/errors";
import { hashPassword, verifyPassword } from "@/server/auth/password";
import { assertPasswordPolicy, passwordProblem, type PasswordIdentity } from "@/server/auth/password-policy";
import { assertNotLimited, isOverLimit, penalize, resetLimit } from "@/server/auth/rate-limit";
import { createSession, invalidateAllSessions, type AccountKind } from "@/server/auth/session";
import type { Db } from "@/server/db";
import { admins, notification_settings, users } from "@/server/db/schema";
import { env } from "@/server/env";
import { enqueue } from "@/server/jobs/outbox";
import { logger } from "@/server/logger";
import { queueMail } from "@/server/jobs/mail";
import { profileColumns } from "./profile";
import { consumeEmailToken, consumeResetToken, findEmailToken, findResetToken, issueEmailToken, issueResetToken, voidAccountTokens } from "./tokens";

/**
 * Sign-up, registration, login, password reset and first login for members
 * and administrators. Answers never reveal whether an address has an account.
 */
export const LOGIN_FAILED = "メールアドレスまたはパスワードが正しくありません";
export const TOKEN_INVALID = "このURLは無効か、有効期限が切れています。もう一度お手続きください。";
/** The answer to every login of an account under attack (see answerUnderAttack). */
export const LOGIN_LINK_SENT =
  "このアカウントへのログイン試行が多数あったため、安全のためメールでの確認をお願いしています。入力されたパスワードが正しい場合は、ご登録のメールアドレスにログイン用のURLをお送りしました。メールのURLからログインしてください。";
export const INITIAL_PASSWORD_EXPIRED = "仮パスワードの有効期限が切れています。パスワード再設定からお手続きください。";

type Meta = { ip: string | null; userAgent: string | null };
const appUrl = () => env().APP_URL;
const adminUrl = (p: string) => `${env().APP_URL}${env().ADMIN_BASE_PATH}${p}`;

// A real argon2id hash of a random string: verifying against it when an address
// is unknown keeps the response time of a wrong address equal to a wrong password.
let dummyHash: Promise<string> | undefined;
const timingDummy = () => (dummyHash ??= hashPassword(crypto.randomUUID()));

/** What a new password of this account is checked against (password-policy.ts): its address and names as stored. */
export function passwordIdentity(
  account: { email: string } & ({ last_name: string; first_name: string; kana_last: string; kana_first: string } | { name: string }),
): PasswordIdentity {
  const names =
    "name" in account
      ? [account.name]
      : [`${account.last_name} ${account.first_name}`, `${account.first_name} ${account.last_name}`, `${account.kana_last} ${account.kana_first}`];
  return { email: account.email, names };
}

function liveUserByEmail(db: Pick<Db, "select">, email: string) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deleted_at)))
    .get();
}

// ── sign-up and registration (members) ──

/**
 * Always the same answer: a link for a new address, a "you already have an account" mail otherwise.
 * The visitor's intent (src/lib/intent.ts) rides in both links, re-checked (checkIntent) so the mail
 * never carries a path off the site; the registration page carries it out after registering.
 */
export async function signup(db: Db, email: string, intentIn: IntentInput = {}): Promise<void> {
  if (!isAcceptableEmail(email)) throw fieldInvalid("email", UNACCEPTABLE_EMAIL_MESSAGE);
  const intent = intentQuery(checkIntent(intentIn));
  await db.transaction(async (tx) => {
    const existing = await liveUserByEmail(tx, email);
    if (existing) {
      await queueMail(tx, "signup_exists", email, { loginUrl: `${appUrl()}/login${intent ? `?${intent}` : ""}`, forgotUrl: `${appUrl()}/forgot-password` });
      return;
    }
    const token = await issueEmailToken(tx, "signup", email, SIGNUP_LINK_HOURS * 3600 * 1000);
    await queueMail(tx, "signup_link", email, { url: `${appUrl()}/signup/register?token=${token}${intent ? `&${intent}` : ""}`, hours: SIGNUP_LINK_HOURS });
  });
}

/** Creates the member from a sign-up link and logs them in. */
export async function register(db: Db, input: RegisterInput, meta: Meta): Promise<{ userId: number; token: string; expiresAt: Date }> {
  // The token is checked before argon2: a bogus token must cost a lookup, not a hash.
  const pending = await findEmailToken(db, "signup", input.token);
  if (!pending) throw fieldInvalid("token", TOKEN_INVALID);
  await assertPasswordPolicy(
    input.password,
    passwordIdentity({
      email: pending.email,
      last_name: input.names.last,
      first_name: input.names.first,
      kana_last: input.kanas.last,
      kana_first: input.kanas.first,
    }),
  );
  const passwordHash = await hashPassword(input.password);
  const userId = await db.transaction(async (tx) => {
    const link = await consumeEmailToken(tx, "signup", input.token);
    if (!link) throw fieldInvalid("token", TOKEN_INVALID);
    if (await liveUserByEmail(tx, link.email)) throw fieldInvalid("email", DUPLICATE_EMAIL_MESSAGE);
    const [user] = await tx
      .insert(users)
      .values({
        email: link.email,
        password_hash: passwordHash,
        status: "active",
        ...profileColumns(input),
        email_verified_at: new Date(),
      })
      .returning({ id: users.id });
    if (!user) throw new Error("user insert returned nothing");
    await tx.insert(notification_settings).values({ user_id: user.id });
    await enqueue(tx, "refreshSiteCounts", { reason: "member registered" }, `member-${user.id}`);
    return user.id;
  });
  const { token, session } = await createSession(db, "user", userId, meta);
  logger.info("account.registered", { userId });
  return { userId, token, expiresAt: session.expiresAt };
}

// ── login ──

/** passwordChangeRequired: the password was right but fails today's policy; the session is held to the change screen. */
export type LoginResult = { status: "ok"; accountId: number; token: string; expiresAt: Date; passwordChangeRequired: boolean } | { status: "first_login" };

/** Failed-login counter per account kind, address and IP (member failures never lock the admin login). */
const failureKey = (kind: AccountKind, email: string, meta: Meta) => `${kind}|${email}|${meta.ip ?? "unknown"}`;

/**
 * Who may sign in: an admin whose account is not disabled; an active member;
 * a provisional member only through the first-login path (staff-registered,
 * initial password pending). A suspended member never.
 */
function mayEnter(kind: AccountKind, account: { must_reset_password: boolean; status?: string; disabled_at?: Date | null }): boolean {
  if (kind === "admin") return !account.disabled_at;
  return account.status === "active" || (account.status === "provisional" && account.must_reset_password);
}

/**
 * Per-account protection without a lock anyone could set off. Failed logins
 * for one address are counted from anywhere (loginAccount); over that limit
 * the account is "under attack" and no password, right or wrong, starts a
 * session any more: every attempt gets LOGIN_LINK_SENT, and only when the
 * password was right does the worker mail a one-time login link to the
 * account's own address. Both cases queue the same job, so neither the
 * answer nor its timing tells a guesser that a guess was right, and the
 * owner always gets in (through the mail) however long the attack lasts.
 */
async function answerUnderAttack(db: Db, kind: AccountKind, accountId: number | null, intent?: IntentInput): Promise<never> {
  // The visitor's intent (a member's login) rides to the mailed link, as it does in the sign-up mail.
  const payload = kind === "user" && intent ? { kind, accountId, intent } : { kind, accountId };
  await enqueue(db, "loginLinkRequest", payload, `${kind}-${crypto.randomUUID()}`);
  throw fieldInvalid("email", LOGIN_LINK_SENT);
}

/**
 * What every password check starts with: the per address + IP limit (a block: it only ever
 * blocks the IP that failed), whether the address is under attack, the account, and the
 * password's verdict (a dummy hash when there is no account, so both take as long).
 */
async function checkPassword(db: Db, kind: AccountKind, email: string, password: string, meta: Meta) {
  const limitKey = failureKey(kind, email, meta);
  const accountKey = `${kind}|${email}`;
  await assertNotLimited("loginFailure", limitKey);
  const underAttack = await isOverLimit("loginAccount", accountKey);
  const account = kind === "user" ? await liveUserByEmail(db, email) : await db.select().from(admins).where(eq(admins.email, email)).get();
  const ok = await verifyPassword(account?.password_hash ?? (await timingDummy()), password);
  return { limitKey, accountKey, underAttack, account, ok };
}

export async function login(db: Db, kind: AccountKind, input: Pick<LoginInput, "email" | "password" | "intent">, meta: Meta): Promise<LoginResult> {
  const { limitKey, accountKey, underAttack, account, ok } = await checkPassword(db, kind, input.email, input.password, meta);
  const usable = account && ok && mayEnter(kind, account);
  if (!account || !usable) {
    await penalize("loginFailure", limitKey);
    await penalize("loginAccount", accountKey);
    logger.info("auth.login_failed", { kind, ip: meta.ip, underAttack });
    if (underAttack) return answerUnderAttack(db, kind, null, input.intent);
    throw fieldInvalid("email", LOGIN_FAILED);
  }
  await resetLimit("loginFailure", limitKey);
  if (underAttack) {
    logger.warn("auth.login_link_requested", { kind, accountId: account.id });
    return answerUnderAttack(db, kind, account.id, input.intent);
  }
  if (account.must_reset_password) {
    if (account.password_expires_at && account.password_expires_at.getTime() < Date.now()) throw fieldInvalid("password", INITIAL_PASSWORD_EXPIRED);
    return { status: "first_login" };
  }
  // Login is the one moment the plain password is known: one set before the policy (or that
  // now contains a changed name) is let in, but only to change it (ASVS 5.0 §6.2; no lock-out).
  const weak = (await passwordProblem(input.password, passwordIdentity(account))) !== null;
  const { token, session } = await createSession(db, kind, account.id, meta, { passwordChangeRequired: weak });
  if (kind === "user") await db.update(users).set({ last_login_at: new Date() }).where(eq(users.id, account.id));
  else await db.update(admins).set({ last_login_at: new Date() }).where(eq(admins.id, account.id));
  logger.info("auth.login", { kind, accountId: account.id, passwordChangeRequired: weak });
  return { status: "ok", accountId: account.id, token, expiresAt: session.expiresAt, passwordChangeRequired: weak };
}

/** First login of an account registered by staff: the initial password is replaced, then the session starts. */
export async function firstLogin(db: Db, kind: AccountKind, input: FirstLoginInput, meta: Meta): Promise<LoginResult> {
  // Guesses at an initial password count against the same limits as failed logins, with the same
  // answer under attack (the mailed link is then a reset link: the initial password must be replaced).
  const { limitKey, accountKey, underAttack, account, ok } = await checkPassword(db, kind, input.email, input.current_password, meta);
  if (!account || !ok || !account.must_reset_password || !mayEnter(kind, account)) {
    await penalize("loginFailure", limitKey);
    await penalize("loginAccount", accountKey);
    if (underAttack) return answerUnderAttack(db, kind, null);
    throw fieldInvalid("email", LOGIN_FAILED);
  }
  await resetLimit("loginFailure", limitKey);
  if (underAttack) return answerUnderAttack(db, kind, account.id);
  if (account.password_expires_at && account.password_expires_at.getTime() < Date.now()) throw fieldInvalid("current_password", INITIAL_PASSWORD_EXPIRED);
  if (input.password === input.current_password) throw fieldInvalid("password", "仮パスワードとは異なるパスワードを設定してください");
  await assertPasswordPolicy(input.password, passwordIdentity(account));
  const password_hash = await hashPassword(input.password);
  const set = { password_hash, must_reset_password: false, password_expires_at: null };
  await voidAccountTokens(db, kind, account.id);
  if (kind === "user") {
    // Only a provisional account becomes active here; mayEnter() has refused a suspended one.
    await db
      .update(users)
      .set({ ...set, status: "active", email_verified_at: new Date() })
      .where(and(eq(users.id, account.id), eq(users.status, (account as typeof users.$inferSelect).status)));
  } else await db.update(admins).set(set).where(eq(admins.id, account.id));
  await invalidateAllSessions(db, kind, account.id);
  return login(db, kind, { email: input.email, password: input.password }, meta);
}

/**
 * Worker side of answerUnderAttack: a one-time login link (or, while the
 * initial password is pending, a reset link) to the account's own address.
 * Nothing for a wrong password (accountId null) or an account that may not enter.
 */
export async function mailLoginLink(db: Db, kind: AccountKind, accountId: number | null, intentIn?: IntentInput): Promise<void> {
  if (accountId === null) return;
  const account =
    kind === "user"
      ? await db
          .select()
          .from(users)
          .where(and(eq(users.id, accountId), isNull(users.deleted_at)))
          .get()
      : await db.select().from(admins).where(eq(admins.id, accountId)).get();
  if (!account || !mayEnter(kind, account)) return;
  const link = (p: string) => (kind === "user" ? `${appUrl()}${p}` : adminUrl(p));
  await db.transaction(async (tx) => {
    if (account.must_reset_password) {
      const token = await issueResetToken(tx, kind, account.id, PASSWORD_RESET_MINUTES * 60 * 1000);
      await queueMail(tx, "password_reset", account.email, { url: link(`/reset-password?token=${token}`), minutes: PASSWORD_RESET_MINUTES });
    } else {
      const token = await issueResetToken(tx, kind, account.id, LOGIN_LINK_MINUTES * 60 * 1000, "login_link");
      // Re-checked as in signup(): only a same-site next and plain ids reach the mail.
      const intent = kind === "user" && intentIn ? intentQuery(checkIntent(intentIn)) : "";
      await queueMail(tx, "login_link", account.email, { url: link(`/login/link?token=${token}${intent ? `&${intent}` : ""}`), minutes: LOGIN_LINK_MINUTES });
    }
  });
}

/** Opens the mailed one-time login link: the link is the proof, it starts a session once. */
export async function loginWithLink(db: Db, kind: AccountKind, linkToken: string, meta: Meta): Promise<LoginResult> {
  const accountId = await db.transaction(async (tx) => {
    const row = await consumeResetToken(tx, kind, linkToken, "login_link");
    if (!row) throw fieldInvalid("token", TOKEN_INVALID);
    return row.account_id;
  });
  const account =
    kind === "user"
      ? await db
          .select()
          .from(users)
          .where(and(eq(users.id, accountId), isNull(users.deleted_at)))
          .get()
      : await db.select().from(admins).where(eq(admins.id, accountId)).get();
  if (!account || !mayEnter(kind, account) || account.must_reset_password) throw fieldInvalid("token", TOKEN_INVALID);
  const { token, session } = await createSession(db, kind, account.id, meta);
  if (kind === "user") await db.update(users).set({ last_login_at: new Date() }).where(eq(users.id, account.id));
  else await db.update(admins).set({ last_login_at: new Date() }).where(eq(admins.id, account.id));
  logger.info("auth.login", { kind, accountId: account.id, via: "login_link" });
  // The password is not known here: its strength is checked at the next password login.
  return { status: "ok", accountId: account.id, token, expiresAt: session.expiresAt, passwordChangeRequired: false };
}

// ── forgotten passwords ──

/**
 * The forgot-password request: one outbox row whatever the address, so the
 * answer and its timing are the same for a member, an unknown address or a
 * suspended one (the worker runs forgotPassword).
 */
export async function requestPasswordReset(db: Db, kind: AccountKind, email: string): Promise<void> {
  await enqueue(db, "passwordResetRequest", { kind, email }, `${kind}-${crypto.randomUUID()}`);
}

/** Issues and mails the reset link (worker, and staff's "send the reset mail"); nothing for an unknown or suspended address. */
export async function forgotPassword(db: Db, kind: AccountKind, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    const account = kind === "user" ? await liveUserByEmail(tx, email) : await tx.select().from(admins).where(eq(admins.email, email)).get();
    if (!account) return;
    if (kind === "user" && (account as typeof users.$inferSelect).status === "suspended") return;
    if (kind === "admin" && (account as typeof admins.$inferSelect).disabled_at) return;
    const token = await issueResetToken(tx, kind, account.id, PASSWORD_RESET_MINUTES * 60 * 1000);
    const url = kind === "user" ? `${appUrl()}/reset-password?token=${token}` : adminUrl(`/reset-password?token=${token}`);
    await queueMail(tx, "password_reset", email, { url, minutes: PASSWORD_RESET_MINUTES });
  });
}

export async function resetPassword(db: Db, kind: AccountKind, input: ResetPasswordInput): Promise<void> {
  // As in register(): no argon2 for a token that cannot be used (it is consumed below, in the transaction).
  const pending = await findResetToken(db, kind, input.token);
  if (!pending) throw fieldInvalid("token", TOKEN_INVALID);
  const owner =
    kind === "user"
      ? await db
          .select()
          .from(users)
          .where(and(eq(users.id, pending.account_id), isNull(users.deleted_at)))
          .get()
      : await db.select().from(admins).where(eq(admins.id, pending.account_id)).get();
  if (!owner) throw fieldInvalid("token", TOKEN_INVALID);
  await assertPasswordPolicy(input.password, passwordIdentity(owner));
  const password_hash = await hashPassword(input.password);
  const accountId = await db.transaction(async (tx) => {
    const row = await consumeResetToken(tx, kind, input.token);
    if (!row) throw fieldInvalid("token", TOKEN_INVALID);
    const set = { password_hash, must_reset_password: false, password_expires_at: null };
    const [acc] =
      kind === "user"
        ? await tx
            .update(users)
            .set(set)
            .where(and(eq(users.id, row.account_id), isNull(users.deleted_at)))
            .returning({ email: users.email })
        : await tx
            .update(admins)
            .set(set)
            .where(and(eq(admins.id, row.account_id), isNull(admins.disabled_at)))
            .returning({ email: admins.email });
    if (!acc) throw fieldInvalid("token", TOKEN_INVALID);
    // A staff-registered member who never used the initial password is still provisional: the mailed
    // link proves the mailbox just as the first login would, so the account becomes usable (never a suspended one).
    if (kind === "user") {
      await tx
        .update(users)
        .set({ status: "active", email_verified_at: new Date() })
        .where(and(eq(users.id, row.account_id), eq(users.status, "provisional")));
    }
    // Any other link mailed before this reset dies with the old password.
    await voidAccountTokens(tx, kind, row.account_id);
    await queueMail(tx, "password_changed", acc.email, {});
    return row.account_id;
  });
  // A reset ends every session: whoever knew the old password is out.
  await invalidateAllSessions(db, kind, accountId);
}

/** For staff-registered accounts (used by the admin accounts screens). */
export function initialPasswordExpiry(): Date {
  return new Date(Date.now() + INITIAL_PASSWORD_DAYS * 24 * 3600 * 1000);
}
