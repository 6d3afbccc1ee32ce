import { and, eq, gt, isNull } from "drizzle-orm";
import { generateSessionToken, hashToken, type AccountKind } from "@/server/auth/session";
import type { Db } from "@/server/db";
import { email_verifications, password_resets } from "@/server/db/schema";

/**
 * Single-use, expiring tokens for mailed links. The raw token only ever goes
 * into the mail; the database keeps its SHA-256, like session ids.
 */
type Tx = Pick<Db, "insert" | "update" | "select">;

export async function issueEmailToken(
  tx: Tx,
  purpose: "signup" | "email_change",
  email: string,
  ttlMs: number,
  userId: number | null = null,
): Promise<string> {
  const token = generateSessionToken();
  await tx.insert(email_verifications).values({ id: hashToken(token), purpose, email, user_id: userId, expires_at: new Date(Date.now() + ttlMs) });
  return token;
}

/** Marks the token used and returns its row, or null when unknown, used or expired. */
export async function consumeEmailToken(tx: Tx, purpose: "signup" | "email_change", token: string) {
  const now = new Date();
  const [row] = await tx
    .update(email_verifications)
    .set({ used_at: now })
    .where(
      and(
        eq(email_verifications.id, hashToken(token)),
        eq(email_verifications.purpose, purpose),
        isNull(email_verifications.used_at),
        gt(email_verifications.expires_at, now),
      ),
    )
    .returning();
  return row ?? null;
}

export async function issueResetToken(tx: Tx, kind: AccountKind, accountId: number, ttlMs: number): Promise<string> {
  const token = generateSessionToken();
  await tx.insert(password_resets).values({
    id: hashToken(token),
    account_kind: kind,
    account_id: accountId,
    purpose: "reset",
    expires_at: new Date(Date.now() + ttlMs),
  });
  return token;
}

export async function consumeResetToken(tx: Tx, kind: AccountKind, token: string) {
  const now = new Date();
  const [row] = await tx
    .update(password_resets)
    .set({ used_at: now })
    .where(
      and(
        eq(password_resets.id, hashToken(token)),
        eq(password_resets.account_kind, kind),
        isNull(password_resets.used_at),
        gt(password_resets.expires_at, now),
      ),
    )
    .returning();
  return row ?? null;
}
