import { and, eq, isNull, ne } from "drizzle-orm";
import { EMAIL_CHANGE_LINK_HOURS } from "@/lib/constants/account";
import { DUPLICATE_EMAIL_MESSAGE, isAcceptableEmail, UNACCEPTABLE_EMAIL_MESSAGE } from "@/lib/email";
import type { ChangeEmailInput, ChangePasswordInput, NotificationInput, ProfileInput } from "@/schemas/account";
import { fieldInvalid } from "@/server/errors";
import { hashPassword, verifyPassword } from "@/server/auth/password";
import { assertNotLimited, penalize, resetLimit } from "@/server/auth/rate-limit";
import { assertPasswordPolicy } from "@/server/auth/password-policy";
import { clearPasswordChangeRequired, invalidateAllSessions } from "@/server/auth/session";
import type { Db } from "@/server/db";
import { bookmarks, filters, investment_views, matchings, notification_settings, user_sessions, users } from "@/server/db/schema";
import { env } from "@/server/env";
import { enqueue } from "@/server/jobs/outbox";
import { queueMail } from "@/server/jobs/mail";
import { profileColumns } from "./profile";
import { passwordIdentity, TOKEN_INVALID } from "./auth";
import { consumeEmailToken, issueEmailToken, voidAccountTokens } from "./tokens";

/** My Page account settings. Every function acts on the caller's own user id only. */
export const WRONG_PASSWORD = "パスワードが正しくありません";

/** Re-entered password check, throttled per member so a stolen session cannot brute-force it. */
async function checkPassword(db: Db, userId: number, password: string): Promise<typeof users.$inferSelect | null> {
  const key = `user|${userId}`;
  await assertNotLimited("passwordCheck", key);
  const user = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deleted_at)))
    .get();
  if (!user || !(await verifyPassword(user.password_hash, password))) {
    await penalize("passwordCheck", key);
    return null;
  }
  await resetLimit("passwordCheck", key);
  return user;
}

async function requirePassword(db: Db, userId: number, password: string, field = "password"): Promise<typeof users.$inferSelect> {
  const user = await checkPassword(db, userId, password);
  if (!user) throw fieldInvalid(field, WRONG_PASSWORD);
  return user;
}

export async function getProfile(db: Db, userId: number) {
  const u = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!u) return null;
  return {
    email: u.email,
    names: { last: u.last_name, first: u.first_name },
    kanas: { last: u.kana_last, first: u.kana_first },
    zip: u.zip ?? "",
    pref: u.pref ?? "",
    city: u.city ?? "",
    district: u.address ?? "",
    tel: u.tel ?? "",
    fax: u.fax ?? "",
    job: u.job ?? "",
    job_other: u.job_other ?? "",
    salary: u.salary ?? "",
    money: u.money === null ? "" : String(u.money),
    contact: { method: u.contact_method ?? [], time: u.contact_time ?? "" },
  };
}

export async function updateProfile(db: Db, userId: number, input: ProfileInput): Promise<void> {
  await db.update(users).set(profileColumns(input)).where(eq(users.id, userId));
}

/** Step 1: password re-entered, link mailed to the new address. Nothing changes until it is opened. */
export async function requestEmailChange(db: Db, userId: number, input: ChangeEmailInput): Promise<void> {
  const user = await requirePassword(db, userId, input.password);
  if (!isAcceptableEmail(input.email)) throw fieldInvalid("email", UNACCEPTABLE_EMAIL_MESSAGE);
  if (input.email === user.email) throw fieldInvalid("email", "現在のメールアドレスと同じです");
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, input.email), isNull(users.deleted_at), ne(users.id, userId)))
    .get();
  // The same answer and the same work whether or not the address is another member's, so My Page
  // cannot be used to test addresses: the owner of a taken address is told by mail instead (the
  // token issued in that case is never mailed, and confirmEmailChange refuses a taken address anyway).
  await db.transaction(async (tx) => {
    const token = await issueEmailToken(tx, "email_change", input.email, EMAIL_CHANGE_LINK_HOURS * 3600 * 1000, userId);
    if (taken) await queueMail(tx, "email_change_taken", input.email, { loginUrl: `${env().APP_URL}/login`, forgotUrl: `${env().APP_URL}/forgot-password` });
    else await queueMail(tx, "email_change", input.email, { url: `${env().APP_URL}/email/confirm?token=${token}`, hours: EMAIL_CHANGE_LINK_HOURS });
  });
}

/** Step 2: the link proves the new mailbox; the old address is told. */
export async function confirmEmailChange(db: Db, token: string): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const row = await consumeEmailToken(tx, "email_change", token);
    if (!row || row.user_id === null) throw fieldInvalid("token", TOKEN_INVALID);
    const user = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, row.user_id), isNull(users.deleted_at)))
      .get();
    if (!user) throw fieldInvalid("token", TOKEN_INVALID);
    const taken = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, row.email), isNull(users.deleted_at), ne(users.id, user.id)))
      .get();
    if (taken) throw fieldInvalid("email", DUPLICATE_EMAIL_MESSAGE);
    await tx.update(users).set({ email: row.email, email_verified_at: new Date() }).where(eq(users.id, user.id));
    // Reset links went to the old address and other pending changes are moot: void them all.
    await voidAccountTokens(tx, "user", user.id);
    await queueMail(tx, "email_changed_notice", user.email, { newEmail: row.email });
    return { email: row.email };
  });
}

/**
 * Spec §7: the reply carries a boolean status; false means the current password was wrong.
 * A new password that fails the policy is a field error (INVALID), and nothing changes.
 */
export async function changePassword(db: Db, userId: number, currentSessionId: string, input: ChangePasswordInput): Promise<{ status: boolean }> {
  const user = await checkPassword(db, userId, input.current_password);
  if (!user) return { status: false };
  await assertPasswordPolicy(input.password, passwordIdentity(user));
  const password_hash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash }).where(eq(users.id, userId));
    await voidAccountTokens(tx, "user", userId);
    await queueMail(tx, "password_changed", user.email, {});
  });
  // Every other device is signed out; this one stays, and is no longer held to the change screen.
  await invalidateAllSessions(db, "user", userId, currentSessionId);
  await clearPasswordChangeRequired(db, "user", currentSessionId);
  return { status: true };
}

/**
 * Withdrawal: the account moves to the staff's deleted list (soft delete, so
 * staff can still see who left and remove them for good), sessions end, and
 * what was personal to the member — bookmarks, saved conditions, matchings,
 * viewing history, mail subscriptions — is removed at once.
 */
export async function deleteAccount(db: Db, userId: number, password: string): Promise<void> {
  const user = await requirePassword(db, userId, password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ deleted_at: new Date(), deleted_reason: "self" }).where(eq(users.id, userId));
    await tx.delete(user_sessions).where(eq(user_sessions.user_id, userId));
    await tx.delete(bookmarks).where(eq(bookmarks.user_id, userId));
    await tx.delete(matchings).where(eq(matchings.user_id, userId));
    await tx.delete(filters).where(eq(filters.user_id, userId));
    await tx.delete(investment_views).where(eq(investment_views.user_id, userId));
    await tx.delete(notification_settings).where(eq(notification_settings.user_id, userId));
    await queueMail(tx, "account_deleted", user.email, {});
    await enqueue(tx, "refreshSiteCounts", { reason: "member deleted" }, `member-deleted-${userId}`);
  });
}

export async function getNotification(db: Db, userId: number): Promise<NotificationInput> {
  const row = await db.select().from(notification_settings).where(eq(notification_settings.user_id, userId)).get();
  return { matching: (row?.matching as NotificationInput["matching"]) ?? "instant", newsletter: row?.newsletter ?? true };
}

export async function setNotification(db: Db, userId: number, input: NotificationInput): Promise<NotificationInput> {
  await db
    .insert(notification_settings)
    .values({ user_id: userId, ...input })
    .onConflictDoUpdate({ target: notification_settings.user_id, set: { ...input, updated_at: new Date() } });
  return input;
}
