/**
 * Staff (administrator) accounts from the admin area: invite, list, disable,
 * re-enable. An invited staff member gets the same first-login flow as a
 * staff-registered member (random initial password, valid
 * INITIAL_PASSWORD_DAYS days, replaced at first login). Every change is
 * recorded on the row (invited_by, disabled_at, disabled_by) and logged as an
 * audit line with the acting staff member.
 */
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { INITIAL_PASSWORD_DAYS } from "@/lib/constants/account";
import { DUPLICATE_EMAIL_MESSAGE, isAcceptableEmail, UNACCEPTABLE_EMAIL_MESSAGE } from "@/lib/email";
import type { StaffRow } from "@/schemas/admin/staff";
import type { inviteStaffInput } from "@/schemas/admin/staff";
import type { z } from "@/schemas/zod";
import { AppError, fieldInvalid } from "@/server/errors";
import { hashPassword } from "@/server/auth/password";
import type { Db } from "@/server/db";
import { admin_sessions, admins, password_resets } from "@/server/db/schema";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { initialPasswordExpiry } from "@/server/accounts/auth";
import { queueMail } from "@/server/accounts/mail";
import { generateInitialPassword } from "./accounts";

export const STAFF_NOT_FOUND = "スタッフが見つかりません";
export const CANNOT_DISABLE_SELF = "自分自身のアカウントは無効にできません";
export const CANNOT_DISABLE_LAST = "有効なスタッフが他にいないため、このアカウントは無効にできません";

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

/** Invites a staff member: the account can do nothing until its first login replaces the mailed initial password. */
export async function inviteStaff(db: Db, actor: { id: number; name: string; email: string }, input: z.output<typeof inviteStaffInput>): Promise<{ id: number }> {
  if (!isAcceptableEmail(input.email)) throw fieldInvalid("email", UNACCEPTABLE_EMAIL_MESSAGE);
  const initialPassword = generateInitialPassword();
  const password_hash = await hashPassword(initialPassword);
  const created = await db.transaction(async (tx) => {
    // A disabled account keeps its address: re-enable it instead of inviting it again.
    const existing = await tx.select({ id: admins.id }).from(admins).where(eq(admins.email, input.email)).get();
    if (existing) throw fieldInvalid("email", DUPLICATE_EMAIL_MESSAGE);
    const [row] = await tx
      .insert(admins)
      .values({
        email: input.email,
        name: input.name,
        password_hash,
        must_reset_password: true,
        password_expires_at: initialPasswordExpiry(),
        invited_by: actor.id,
      })
      .returning({ id: admins.id });
    if (!row) throw new Error("admin insert returned nothing");
    const loginUrl = `${env().APP_URL}${env().ADMIN_BASE_PATH}/login/first?email=${encodeURIComponent(input.email)}`;
    await queueMail(tx, "staff_invite", input.email, {
      loginUrl,
      email: input.email,
      initialPassword,
      days: INITIAL_PASSWORD_DAYS,
      name: input.name,
      invitedBy: actor.name || actor.email,
    });
    return { id: row.id };
  });
  logger.info("audit.staff_invited", { actorId: actor.id, staffId: created.id, email: input.email });
  return created;
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
