import { and, eq, gt, isNull } from "drizzle-orm";
import { generateSessionToken, hashToken, type AccountKind } from "@/server/auth/session";
import type { Db } from "@/server/db";
import { email_verifications, password_resets } from "@/server/db/schema";

/**
 * Single-use, expiring tokens for mailed links. The raw token only ever goes
 * into the mail; the database keeps its SHA-256, like session ids.
 */
type Tx = Pick<Db, "insert" | "update" | "select">;
type EmailPurpose = "signup" | "email_change";
/**
 * reset: the forgot-password link; login_link: the one-time login mailed while an account is under attack;
 * invite: the set-password link mailed to an invited staff member.
 */
export type ResetPurpose = "reset" | "login_link" | "invite";

export async function issueEmailToken(tx: Tx, purpose: EmailPurpose, email: string, ttlMs: number, userId: number | null = null): Promise<string> {
  const token = generateSessionToken();
  await tx.insert(email_verifications).values({ id: hashToken(token), purpose, email, user_id: userId, expires_at: new Date(Date.now() + ttlMs) });
  return token;
}

const openEmailToken = (purpose: EmailPurpose, token: string, now: Date) =>
  and(
    eq(email_verifications.id, hashToken(token)),
    eq(email_verifications.purpose, purpose),
    isNull(email_verifications.used_at),
    gt(email_verifications.expires_at, now),
  );

/** The row of a usable token without using it: lets callers refuse a bogus token before any costly work (argon2). */
export async function findEmailToken(tx: Pick<Db, "select">, purpose: EmailPurpose, token: string) {
  return (
    (await tx
      .select()
      .from(email_verifications)
      .where(openEmailToken(purpose, token, new Date()))
      .get()) ?? null
  );
}

/** Marks the token used and returns its row, or null when unknown, used or expired. */
export async function consumeEmailToken(tx: Tx, purpose: EmailPurpose, token: string) {
  const now = new Date();
  const [row] = await tx
    .update(email_verifications)
    .set({ used_at: now })
    .where(openEmailToken(purpose, token, now))
    .returning();
  return row ?? null;
}

export async function issueResetToken(tx: Tx, kind: AccountKind, accountId: number, ttlMs: number, purpose: ResetPurpose = "reset"): Promise<string> {
  const token = generateSessionToken();
  await tx.insert(password_resets).values({
    id: hashToken(token),
    account_kind: kind,
    account_id: accountId,
    purpose,
    expires_at: new Date(Date.now() + ttlMs),
  });
  return token;
}

const openResetToken = (kind: AccountKind, token: string, purpose: ResetPurpose, now: Date) =>
  and(
    eq(password_resets.id, hashToken(token)),
    eq(password_resets.account_kind, kind),
    eq(password_resets.purpose, purpose),
    isNull(password_resets.used_at),
    gt(password_resets.expires_at, now),
  );

export async function findResetToken(tx: Pick<Db, "select">, kind: AccountKind, token: string, purpose: ResetPurpose = "reset") {
  return (
    (await tx
      .select()
      .from(password_resets)
      .where(openResetToken(kind, token, purpose, new Date()))
      .get()) ?? null
  );
}

export async function consumeResetToken(tx: Tx, kind: AccountKind, token: string, purpose: ResetPurpose = "reset") {
  const now = new Date();
  const [row] = await tx
    .update(password_resets)
    .set({ used_at: now })
    .where(openResetToken(kind, token, purpose, now))
    .returning();
  return row ?? null;
}

/**
 * Voids every open mailed link of an account (reset and login links; for a
 * member also pending e-mail changes). Called whenever the password or the
 * address changes: a link mailed before must not outlive the credentials it was issued for.
 */
export async function voidAccountTokens(tx: Pick<Db, "update">, kind: AccountKind, accountId: number): Promise<void> {
  const now = new Date();
  await tx
    .update(password_resets)
    .set({ used_at: now })
    .where(and(eq(password_resets.account_kind, kind), eq(password_resets.account_id, accountId), isNull(password_resets.used_at)));
  if (kind === "user") {
    await tx
      .update(email_verifications)
      .set({ used_at: now })
      .where(and(eq(email_verifications.user_id, accountId), isNull(email_verifications.used_at)));
  }
}
