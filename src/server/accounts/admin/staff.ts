/**
 * Staff (administrator) accounts from the admin area: invite, list, disable,
 * re-enable, and a staff member's own password change. An invited staff
 * member is mailed a one-time set-password link (STAFF_INVITE_HOURS, stored
 * hashed like every mailed token), never a password: the account has an
 * unusable random password until the invitee sets one through the link.
 * Every change is recorded on the row (invited_by, disabled_at, disabled_by)
 * and logged as an audit line with the acting staff member.
 */
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { STAFF_INVITE_HOURS } from "@/lib/constants/account";
import { DUPLICATE_EMAIL_MESSAGE, isAcceptableEmail, UNACCEPTABLE_EMAIL_MESSAGE } from "@/lib/email";
import type { ChangePasswordInput, ResetPasswordInput } from "@/schemas/account";
import type { StaffRow } from "@/schemas/admin/staff";
import type { inviteStaffInput } from "@/schemas/admin/staff";
import type { z } from "@/schemas/zod";
import { AppError, fieldInvalid } from "@/server/errors";
import { hashPassword, verifyPassword } from "@/server/auth/password";
import { assertPasswordPolicy } from "@/server/auth/password-policy";
import { assertNotLimited, penalize, resetLimit } from "@/server/auth/rate-limit";
import { clearPasswordChangeRequired, createSession, invalidateAllSessions } from "@/server/auth/session";
import type { Db } from "@/server/db";
import { admin_sessions, admins, password_resets } from "@/server/db/schema";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { passwordIdentity } from "@/server/accounts/auth";
import { queueMail } from "@/server/jobs/mail";
import { consumeResetToken, findResetToken, issueResetToken, voidAccountTokens } from "@/server/accounts/tokens";

export const STAFF_NOT_FOUND = "スタッフが見つかりません";
export const CANNOT_DISABLE_SELF = "自分自身のアカウントは無効にできません";
export const CANNOT_DISABLE_LAST = "有効なスタッフが他にいないため、このアカウントは無効にできません";
export const STAFF_INVITE_INVALID = `この招待URLは使用済みか、有効期限（${STAFF_INVITE_HOURS}時間）が切れています。スタッフの管理者に再度の招待を依頼してください。`;
export const STAFF_WRONG_PASSWORD = "現在のパスワードが正しくありません";

const notFound = () => new AppError("NOT_FOUND", STAFF_NOT_FOUND);
const refused = (message: string) => new AppError("INVALID", message);

/** Every staff account, active ones first, without secrets. */
export async function listStaff(db: Db): Promise<StaffRow[]> {
  const inviter = alias(admins, "inviter");
  const disabler = alias(admins, "disabler");
  const rows = await db
    .select({
      id: admins.id,
      email: admins.email,
      name: admins.name,
      must_reset_password: admins.must_reset_password,
      created_at: admins.created_at,
      last_login_at: admins.last_login_at,
      disabled_at: admins.disabled_at,
      invited_by_name: inviter.name,
      disabled_by_name: disabler.name,
    })
    .from(admins)
    .leftJoin(inviter, eq(inviter.id, admins.invited_by))
    .leftJoin(disabler, eq(disabler.id, admins.disabled_by))
    .orderBy(sql`${admins.disabled_at} IS NOT NULL`, asc(admins.id))
    .all();
  return rows.map(({ must_reset_password, ...r }) => ({
    ...r,
    state: r.disabled_at ? "disabled" : must_reset_password ? "invited" : "active",
  }));
}

/**
 * Invites a staff member: the account can do nothing until the invitee sets a password through the
 * mailed link. Inviting an address whose invitation is still pending (link expired or lost) mails a
 * fresh link and voids the old one; any other existing address is a duplicate (a disabled account is
 * re-enabled instead).
 */
export async function inviteStaff(
  db: Db,
  actor: { id: number; name: string; email: string },
  input: z.output<typeof inviteStaffInput>,
): Promise<{ id: number }> {
  if (!isAcceptableEmail(input.email)) throw fieldInvalid("email", UNACCEPTABLE_EMAIL_MESSAGE);
  // Nobody knows this password: the account stays unusable until the link sets a real one.
  const password_hash = await hashPassword(crypto.randomUUID());
  const created = await db.transaction(async (tx) => {
    const existing = await tx.select().from(admins).where(eq(admins.email, input.email)).get();
    if (existing && (existing.disabled_at || !existing.must_reset_password)) throw fieldInvalid("email", DUPLICATE_EMAIL_MESSAGE);
    let id: number;
    if (existing) {
      await tx.update(admins).set({ name: input.name, invited_by: actor.id, password_expires_at: null }).where(eq(admins.id, existing.id));
      await voidAccountTokens(tx, "admin", existing.id);
      id = existing.id;
    } else {
      const [row] = await tx
        .insert(admins)
        .values({ email: input.email, name: input.name, password_hash, must_reset_password: true, invited_by: actor.id })
        .returning({ id: admins.id });
      if (!row) throw new Error("admin insert returned nothing");
      id = row.id;
    }
    const token = await issueResetToken(tx, "admin", id, STAFF_INVITE_HOURS * 3600 * 1000, "invite");
    await queueMail(tx, "staff_invite", input.email, {
      url: `${env().APP_URL}${env().ADMIN_BASE_PATH}/invite?token=${token}`,
      email: input.email,
      hours: STAFF_INVITE_HOURS,
      name: input.name,
      invitedBy: actor.name || actor.email,
    });
    return { id };
  });
  logger.info("audit.staff_invited", { actorId: actor.id, staffId: created.id, email: input.email });
  return created;
}

/** The invited account behind a usable invitation link, or null (unknown, used, expired, account disabled or already set up). */
async function invitedAccount(db: Pick<Db, "select">, token: string) {
  const link = await findResetToken(db, "admin", token, "invite");
  if (!link) return null;
  const account = await db.select().from(admins).where(eq(admins.id, link.account_id)).get();
  if (!account || account.disabled_at || !account.must_reset_password) return null;
  return account;
}

/** What the set-password page shows for a link: whom it is for, or null when it can no longer be used. */
export async function staffInviteState(db: Db, token: string): Promise<{ email: string; name: string } | null> {
  const account = await invitedAccount(db, token);
  return account ? { email: account.email, name: account.name } : null;
}

/**
 * The invitee sets a password through the mailed link (single use): the link proves the mailbox, so
 * the account becomes active and is logged in. A password that fails the policy changes nothing and
 * leaves the link usable.
 */
export async function acceptStaffInvite(
  db: Db,
  input: ResetPasswordInput,
  meta: { ip: string | null; userAgent: string | null },
): Promise<{ accountId: number; token: string; expiresAt: Date }> {
  // The link is looked up before argon2, as for resets: a bogus token costs a lookup, not a hash.
  const account = await invitedAccount(db, input.token);
  if (!account) throw fieldInvalid("token", STAFF_INVITE_INVALID);
  await assertPasswordPolicy(input.password, passwordIdentity(account));
  const password_hash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const link = await consumeResetToken(tx, "admin", input.token, "invite");
    if (!link || link.account_id !== account.id) throw fieldInvalid("token", STAFF_INVITE_INVALID);
    const [row] = await tx
      .update(admins)
      .set({ password_hash, must_reset_password: false, password_expires_at: null })
      .where(and(eq(admins.id, account.id), isNull(admins.disabled_at), eq(admins.must_reset_password, true)))
      .returning({ id: admins.id });
    if (!row) throw fieldInvalid("token", STAFF_INVITE_INVALID);
    await voidAccountTokens(tx, "admin", account.id);
  });
  const { token, session } = await createSession(db, "admin", account.id, meta);
  await db.update(admins).set({ last_login_at: new Date() }).where(eq(admins.id, account.id));
  logger.info("audit.staff_invite_accepted", { staffId: account.id });
  return { accountId: account.id, token, expiresAt: session.expiresAt };
}

/**
 * A staff member changes their own password (the admin area's パスワード変更, also where a session
 * held by a weak password is sent). The current password is re-checked, throttled per account so a
 * stolen session cannot brute-force it; other sessions end, this one stays.
 */
export async function changeStaffPassword(db: Db, adminId: number, currentSessionId: string, input: ChangePasswordInput): Promise<void> {
  const key = `admin|${adminId}`;
  await assertNotLimited("passwordCheck", key);
  const account = await db.select().from(admins).where(eq(admins.id, adminId)).get();
  if (!account || !(await verifyPassword(account.password_hash, input.current_password))) {
    await penalize("passwordCheck", key);
    throw fieldInvalid("current_password", STAFF_WRONG_PASSWORD);
  }
  await resetLimit("passwordCheck", key);
  await assertPasswordPolicy(input.password, passwordIdentity(account));
  const password_hash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(admins).set({ password_hash, must_reset_password: false, password_expires_at: null }).where(eq(admins.id, adminId));
    await voidAccountTokens(tx, "admin", adminId);
    await queueMail(tx, "password_changed", account.email, {});
  });
  await invalidateAllSessions(db, "admin", adminId, currentSessionId);
  await clearPasswordChangeRequired(db, "admin", currentSessionId);
  logger.info("audit.staff_password_changed", { staffId: adminId });
}

/**
 * Disables a staff account: its sessions and pending reset links end in the
 * same transaction, and login, first login and password reset refuse it from
 * then on. Nobody disables themselves, and the last active account (not
 * disabled, first login done) stays: the check and the change are one
 * statement, so two staff disabling each other at once cannot both succeed.
 */
export async function disableStaff(db: Db, actorId: number, id: number): Promise<void> {
  if (id === actorId) throw refused(CANNOT_DISABLE_SELF);
  await db.transaction(async (tx) => {
    const target = await tx.select({ id: admins.id, disabled_at: admins.disabled_at }).from(admins).where(eq(admins.id, id)).get();
    if (!target) throw notFound();
    if (target.disabled_at) return;
    const others = tx
      .select({ n: sql<number>`count(*)` })
      .from(admins)
      .where(and(ne(admins.id, id), isNull(admins.disabled_at), eq(admins.must_reset_password, false)));
    const [row] = await tx
      .update(admins)
      .set({ disabled_at: new Date(), disabled_by: actorId })
      .where(and(eq(admins.id, id), isNull(admins.disabled_at), sql`(${others}) > 0`))
      .returning({ id: admins.id });
    if (!row) throw refused(CANNOT_DISABLE_LAST);
    await tx.delete(admin_sessions).where(eq(admin_sessions.admin_id, id));
    await tx.delete(password_resets).where(and(eq(password_resets.account_kind, "admin"), eq(password_resets.account_id, id)));
  });
  logger.info("audit.staff_disabled", { actorId, staffId: id });
}

/** Re-enables a disabled staff account (its password is unchanged; it logs in again as before). */
export async function enableStaff(db: Db, actorId: number, id: number): Promise<void> {
  const target = await db.select({ id: admins.id }).from(admins).where(eq(admins.id, id)).get();
  if (!target) throw notFound();
  await db.update(admins).set({ disabled_at: null, disabled_by: null }).where(eq(admins.id, id));
  logger.info("audit.staff_enabled", { actorId, staffId: id });
}
