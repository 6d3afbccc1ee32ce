/**
 * Unsubscribing from a link (the token: mail/unsubscribe-token.ts): what a
 * token would switch off, and switching it off.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/server/db";
import { notification_settings, users } from "@/server/db/schema";
import { verifyUnsubscribeToken, type UnsubscribeKind } from "@/server/mail/unsubscribe-token";

export type UnsubscribeState =
  | { status: "invalid" }
  | { status: "gone"; kind: UnsubscribeKind }
  /** active: on now; already: off already; done: switched off by this call */
  | { status: "active" | "already" | "done"; kind: UnsubscribeKind; email: string };

/** What the token would switch off, for the confirmation page (changes nothing). */
export async function inspectUnsubscribe(db: Db, token: string | null | undefined): Promise<UnsubscribeState> {
  const t = verifyUnsubscribeToken(token);
  if (!t) return { status: "invalid" };
  const user = await db
    .select({ email: users.email, matching: notification_settings.matching, newsletter: notification_settings.newsletter })
    .from(users)
    .leftJoin(notification_settings, eq(notification_settings.user_id, users.id))
    .where(and(eq(users.id, t.userId), isNull(users.deleted_at)))
    .get();
  if (!user) return { status: "gone", kind: t.kind };
  const on = t.kind === "matching" ? (user.matching ?? "instant") !== "off" : (user.newsletter ?? true);
  return { status: on ? "active" : "already", kind: t.kind, email: user.email };
}

/** Switches the kind of mail off for the token's member. Idempotent; a deleted member is simply "gone". */
export async function applyUnsubscribe(db: Db, token: string | null | undefined): Promise<UnsubscribeState> {
  const state = await inspectUnsubscribe(db, token);
  if (state.status !== "active") return state;
  const t = verifyUnsubscribeToken(token)!;
  const set = t.kind === "matching" ? { matching: "off" } : { newsletter: false };
  await db
    .insert(notification_settings)
    .values({ user_id: t.userId, ...set })
    .onConflictDoUpdate({ target: notification_settings.user_id, set: { ...set, updated_at: new Date() } });
  return { ...state, status: "done" };
}
