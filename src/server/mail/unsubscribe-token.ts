/**
 * Unsubscribe tokens (特定電子メール法: every matching mail and newsletter
 * carries a link that works without logging in). The token is the member id
 * and the kind of mail, signed with HMAC-SHA256 under APP_SECRET; it does not
 * expire (an old mail's link must still work) and can do one thing only:
 * switch that kind of mail off for that member (newsletters/unsubscribe.ts).
 * Mail infrastructure, so every mail-sending domain signs links the same way.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
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
