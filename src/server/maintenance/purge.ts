import { and, isNotNull, lt, or } from "drizzle-orm";
import type { Db } from "@/server/db";
import { admin_sessions, email_verifications, outbox, password_resets, user_sessions } from "@/server/db/schema";

const DAY_MS = 86_400_000;

/**
 * Removes what has expired: sessions, sign-up / e-mail change links and
 * password tokens (expired, or used more than a day ago), and outbox rows
 * relayed more than 30 days ago (BullMQ keeps its own copies a week).
 */
export async function purgeExpired(db: Db, now = new Date()) {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const monthAgo = new Date(now.getTime() - 30 * DAY_MS);
  return db.transaction(async (tx) => {
    const userSessions = await tx.delete(user_sessions).where(lt(user_sessions.expires_at, now)).returning({ id: user_sessions.id });
    const adminSessions = await tx.delete(admin_sessions).where(lt(admin_sessions.expires_at, now)).returning({ id: admin_sessions.id });
    const verifications = await tx
      .delete(email_verifications)
      .where(or(lt(email_verifications.expires_at, now), and(isNotNull(email_verifications.used_at), lt(email_verifications.used_at, dayAgo))))
      .returning({ id: email_verifications.id });
    const resets = await tx
      .delete(password_resets)
      .where(or(lt(password_resets.expires_at, now), and(isNotNull(password_resets.used_at), lt(password_resets.used_at, dayAgo))))
      .returning({ id: password_resets.id });
    const relayed = await tx
      .delete(outbox)
      .where(and(isNotNull(outbox.relayed_at), lt(outbox.relayed_at, monthAgo)))
      .returning({ id: outbox.id });
    return {
      userSessions: userSessions.length,
      adminSessions: adminSessions.length,
      emailVerifications: verifications.length,
      passwordResets: resets.length,
      outbox: relayed.length,
    };
  });
}
