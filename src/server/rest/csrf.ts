import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readCookie } from "@/server/auth/session";
import { env } from "@/server/env";

/**
 * Laravel Sanctum's XSRF flow for the REST adapter: GET /sanctum/csrf-cookie
 * sets a script-readable XSRF-TOKEN cookie; every state-changing request must
 * echo it in X-XSRF-TOKEN. The token is an HMAC (keyed with APP_SECRET) of a
 * random per-browser secret kept in an httpOnly cookie, so it is bound to that
 * browser and cannot be forged from another site, which can read neither.
 */
export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_SECRET_COOKIE = "kir_xsrf";
const TTL_SECONDS = 2 * 60 * 60;

const secure = () => (env().APP_URL.startsWith("https://") ? "; Secure" : "");
const tokenFor = (secret: string) => createHmac("sha256", env().APP_SECRET).update(`xsrf:${secret}`).digest("base64url");

/** The Set-Cookie headers of /sanctum/csrf-cookie (the secret is reused when the browser already has one). */
export function issueXsrfCookies(cookieHeader: string | null): string[] {
  const existing = readCookie(cookieHeader, XSRF_SECRET_COOKIE);
  const secret = existing && /^[A-Za-z0-9_-]{32,64}$/.test(existing) ? existing : randomBytes(24).toString("base64url");
  return [
    `${XSRF_SECRET_COOKIE}=${secret}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${TTL_SECONDS}${secure()}`,
    `${XSRF_COOKIE}=${encodeURIComponent(tokenFor(secret))}; Path=/; SameSite=Lax; Max-Age=${TTL_SECONDS}${secure()}`,
  ];
}

export function xsrfValid(headers: Headers): boolean {
  const secret = readCookie(headers.get("cookie"), XSRF_SECRET_COOKIE);
  const sent = headers.get("x-xsrf-token");
  if (!secret || !sent) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(sent);
  } catch {
    return false;
  }
  const a = Buffer.from(tokenFor(secret));
  const b = Buffer.from(decoded);
  return a.length === b.length && timingSafeEqual(a, b);
}
