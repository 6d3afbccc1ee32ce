/**
 * Unsubscribe links that work without logging in (特定電子メール法: every
 * matching mail and newsletter carries one). The token is the member id and
 * the kind of mail, signed with HMAC-SHA256 under APP_SECRET; it does not
 * expire (an old mail's link must still work) and can do one thing only:
 * switch that kind of mail off for that member.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/server/db";
import { notification_settings, users } from "@/server/db/schema";
import { env } from "@/server/env";

export type UnsubscribeKind = "matching" | "newsletter";
const KIND_CODES: Record<UnsubscribeKind, string> = { matching: "m", newsletter: "n" };
const KIND_BY_CODE: Record<string, UnsubscribeKind> = { m: "matching", n: "newsletter" };

export const UNSUBSCRIBE_KIND_NAMES: Record<UnsubscribeKind, string> = {
  matching: "新着・値下げ物件のお知らせ（マッチング通知）",
  newsletter: "メールマガジン",
};

function sign(body: string): string {
  return createHmac("sha256", env().APP_SECRET).update(`unsubscribe:${body}`).digest("base64url");
}

export function unsubscribeToken(userId: number, kind: UnsubscribeKind): string {
  const body = `${userId}.${KIND_CODES[kind]}`;
  return `${body}.${sign(body)}`;
}

export function unsubscribeUrl(userId: number, kind: UnsubscribeKind): string {
  return `${env().APP_URL}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId, kind))}`;
}

/** The member and kind of a genuine token; null for anything forged, altered or malformed. */
export function verifyUnsubscribeToken(token: string | null | undefined): { userId: number; kind: UnsubscribeKind } | null {
  if (!token || token.length > 200) return null;
  const m = /^(\d{1,12})\.([mn])\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, id, code, sig] = m as unknown as [string, string, string, string];
  const expected = Buffer.from(sign(`${id}.${code}`));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const kind = KIND_BY_CODE[code];
  return kind ? { userId: Number(id), kind } : null;
}

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
