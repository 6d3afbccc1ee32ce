import type { Db } from "@/server/db";
import { readCookie, SESSION_COOKIE, sessionCookie, validateSessionToken, type Session, type SessionAdmin, type SessionUser } from "@/server/auth/session";
import { declareAudience } from "@/server/request/audience";
import { clientAddress } from "@/server/request/client-ip";
import { dbForAccounts } from "@/server/db/read-your-writes";

/**
 * What every procedure sees. Both sessions are resolved: a browser may be a
 * member and an admin at once (spec §4 isLogin), and the tiers decide which counts.
 */
export type Context = {
  db: Db;
  headers: Headers;
  ip: string | null;
  user: SessionUser | null;
  userSession: Session | null;
  admin: SessionAdmin | null;
  adminSession: Session | null;
  /** Collects Set-Cookie values; route handlers copy them onto the response. */
  setCookie: (value: string) => void;
};

export type CreateContextOptions = {
  db: Db;
  headers: Headers;
  /** Where renewed or new session cookies go (undefined in RSC, which cannot set cookies). */
  setCookie?: (value: string) => void;
};

/** The client's address for per-IP limits: the socket's peer, or behind TRUSTED_PROXIES what they forwarded (client-ip.ts). */
export function clientIp(headers: Headers): string | null {
  return clientAddress(headers);
}

export async function createContext({ db, headers, setCookie }: CreateContextOptions): Promise<Context> {
  const cookie = headers.get("cookie");
  const set = setCookie ?? (() => undefined);
  const userToken = readCookie(cookie, SESSION_COOKIE.user);
  const adminToken = readCookie(cookie, SESSION_COOKIE.admin);
  // The audience is decided here: the visitors' page cache stores only what this declares a visitor's render.
  declareAudience(userToken !== null || adminToken !== null);
  const [u, a] = await Promise.all([
    userToken ? validateSessionToken(db, "user", userToken) : null,
    adminToken ? validateSessionToken(db, "admin", adminToken) : null,
  ]);
  if (u?.renewed && userToken) set(sessionCookie("user", userToken, u.session.expiresAt));
  if (a?.renewed && adminToken) set(sessionCookie("admin", adminToken, a.session.expiresAt));
  // On an embedded replica a signed-in account reads the primary until the local copy has its last write.
  const user = u?.account ?? null;
  const admin = a?.account ?? null;
  const readDb = user || admin ? await dbForAccounts(db, { user: user?.id, admin: admin?.id }) : db;
  return {
    db: readDb,
    headers,
    ip: clientIp(headers),
    user,
    userSession: u?.session ?? null,
    admin,
    adminSession: a?.session ?? null,
    setCookie: set,
  };
}
