/**
 * The one cookie parser of the server: the app (sessions, XSRF) and the
 * production server's page cache read cookies through it, so they can never
 * disagree about whether a request carries a session. No imports: the
 * production server loads it outside Next's bundle.
 */
export const SESSION_COOKIE = {
  user: "kir_session",
  admin: "kir_admin_session",
} as const;

/** The first value of cookie `name` (names compare exactly, whitespace around them ignored), or null. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eqIdx = part.indexOf("=");
    if (eqIdx < 0) continue;
    if (part.slice(0, eqIdx).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eqIdx + 1).trim());
    } catch {
      return null; // a malformed cookie is no cookie
    }
  }
  return null;
}

/** Whether the request carries a member or admin session cookie (valid or not). */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return readCookie(cookieHeader, SESSION_COOKIE.user) !== null || readCookie(cookieHeader, SESSION_COOKIE.admin) !== null;
}
