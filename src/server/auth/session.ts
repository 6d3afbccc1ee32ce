import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { eq, lt } from "drizzle-orm";
import { primaryOf, type Db } from "@/server/db";
import { admin_sessions, admins, user_sessions, users } from "@/server/db/schema";
import { env } from "@/server/env";
import { SESSION_COOKIE } from "./cookie";

/**
 * Sessions as Lucia's guide describes them (lucia v3 itself is end-of-life),
 * on oslo's maintained @oslojs packages: a 160-bit random token goes in an
 * httpOnly cookie, only its SHA-256 is stored, sessions last 30 days and are
 * renewed when less than 15 days remain. Members and admins have separate
 * tables and cookies, so one browser can hold both.
 */
export type AccountKind = "user" | "admin";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const RENEW_BEFORE_MS = 15 * 24 * 60 * 60 * 1000;

export { SESSION_COOKIE, readCookie } from "./cookie";

export type SessionUser = {
  id: number;
  email: string;
  last_name: string;
  first_name: string;
  status: string;
  type: string;
  must_reset_password: boolean;
};
export type SessionAdmin = { id: number; email: string; name: string; must_reset_password: boolean };
export type Session = { id: string; accountId: number; expiresAt: Date };

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export async function createSession(
  db: Db,
  kind: AccountKind,
  accountId: number,
  meta: { ip?: string | null; userAgent?: string | null } = {},
): Promise<{ token: string; session: Session }> {
  const token = generateSessionToken();
  const id = hashToken(token);
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const common = { id, expires_at: expiresAt, ip: meta.ip ?? null, user_agent: meta.userAgent?.slice(0, 300) ?? null };
  if (kind === "user") await db.insert(user_sessions).values({ ...common, user_id: accountId });
  else await db.insert(admin_sessions).values({ ...common, admin_id: accountId });
  return { token, session: { id, accountId, expiresAt } };
}

type Validated<K extends AccountKind> =
  | { session: Session; account: K extends "user" ? SessionUser : SessionAdmin; renewed: boolean }
  | null;

export async function validateSessionToken<K extends AccountKind>(db: Db, kind: K, token: string, caughtUp = false): Promise<Validated<K>> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const id = hashToken(token);
  const now = Date.now();
  let row: { expires_at: Date; accountId: number; account: SessionUser | SessionAdmin; active: boolean } | undefined;
  if (kind === "user") {
    const r = await db
      .select({ s: user_sessions, u: users })
      .from(user_sessions)
      .innerJoin(users, eq(users.id, user_sessions.user_id))
      .where(eq(user_sessions.id, id))
      .get();
    if (r) {
      const { id: uid, email, last_name, first_name, status, type, must_reset_password } = r.u;
      row = {
        expires_at: r.s.expires_at,
        accountId: uid,
        account: { id: uid, email, last_name, first_name, status, type, must_reset_password },
        // A suspended or deleted member loses access at once.
        active: r.u.status === "active" && r.u.deleted_at === null,
      };
    }
  } else {
    const r = await db
      .select({ s: admin_sessions, a: admins })
      .from(admin_sessions)
      .innerJoin(admins, eq(admins.id, admin_sessions.admin_id))
      .where(eq(admin_sessions.id, id))
      .get();
    if (r) {
      const { id: aid, email, name, must_reset_password } = r.a;
      // A disabled staff account loses access at once (disableStaff also deletes its sessions).
      row = { expires_at: r.s.expires_at, accountId: aid, account: { id: aid, email, name, must_reset_password }, active: r.a.disabled_at === null };
    }
  }
  // On an embedded replica the session may be a moment-old login on another node: look again on the primary.
  if (!row) {
    const primary = caughtUp ? null : primaryOf(db);
    return primary ? validateSessionToken(primary, kind, token, true) : null;
  }
  if (!row.active || row.expires_at.getTime() <= now) {
    await invalidateSession(db, kind, id);
    return null;
  }
  let expiresAt = row.expires_at;
  let renewed = false;
  if (expiresAt.getTime() - now < RENEW_BEFORE_MS) {
    expiresAt = new Date(now + SESSION_TTL_MS);
    renewed = true;
    if (kind === "user") await db.update(user_sessions).set({ expires_at: expiresAt }).where(eq(user_sessions.id, id));
    else await db.update(admin_sessions).set({ expires_at: expiresAt }).where(eq(admin_sessions.id, id));
  }
  return { session: { id, accountId: row.accountId, expiresAt }, account: row.account, renewed } as Validated<K>;
}

export async function invalidateSession(db: Db, kind: AccountKind, sessionId: string): Promise<void> {
  if (kind === "user") await db.delete(user_sessions).where(eq(user_sessions.id, sessionId));
  else await db.delete(admin_sessions).where(eq(admin_sessions.id, sessionId));
}

/** Ends every session of an account, optionally keeping the current one (password change). */
export async function invalidateAllSessions(db: Db, kind: AccountKind, accountId: number, exceptSessionId?: string): Promise<void> {
  if (kind === "user") {
    const rows = await db.select({ id: user_sessions.id }).from(user_sessions).where(eq(user_sessions.user_id, accountId));
    for (const r of rows) if (r.id !== exceptSessionId) await db.delete(user_sessions).where(eq(user_sessions.id, r.id));
  } else {
    const rows = await db.select({ id: admin_sessions.id }).from(admin_sessions).where(eq(admin_sessions.admin_id, accountId));
    for (const r of rows) if (r.id !== exceptSessionId) await db.delete(admin_sessions).where(eq(admin_sessions.id, r.id));
  }
}

export async function purgeExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db.delete(user_sessions).where(lt(user_sessions.expires_at, now));
  await db.delete(admin_sessions).where(lt(admin_sessions.expires_at, now));
}

/** Set-Cookie value: httpOnly, SameSite=Lax, Secure outside plain-http localhost. */
export function sessionCookie(kind: AccountKind, token: string, expiresAt: Date): string {
  const secure = env().APP_URL.startsWith("https://") ? "; Secure" : "";
  return `${SESSION_COOKIE[kind]}=${token}; Path=/; HttpOnly; SameSite=Lax; Expires=${expiresAt.toUTCString()}${secure}`;
}

export function blankSessionCookie(kind: AccountKind): string {
  const secure = env().APP_URL.startsWith("https://") ? "; Secure" : "";
  return `${SESSION_COOKIE[kind]}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}
