import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { eq } from "drizzle-orm";
import { primaryOf, type Db } from "@/server/db";
import { admin_sessions, admins, user_sessions, users } from "@/server/db/schema";
import { env } from "@/server/env";
import { SESSION_COOKIE } from "./cookie";

/**
 * Sessions as Lucia's guide describes them (lucia v3 itself is end-of-life),
 * on oslo's maintained @oslojs packages: a 160-bit random token goes in an
 * httpOnly cookie, only its SHA-256 is stored. Members and admins have
 * separate tables and cookies, so one browser can hold both.
 *
 * Lifetimes (ASVS 5.0 §7.3): a member's session lasts 30 days and is renewed
 * when less than 15 days remain. A staff session ends after 2 hours without
 * use (idle) and 12 hours after login however much it is used (absolute): its
 * expiry is min(last use + 2 h, login + 12 h), moved forward at most once a minute.
 */
export type AccountKind = "user" | "admin";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const RENEW_BEFORE_MS = 15 * 24 * 60 * 60 * 1000;
export const ADMIN_IDLE_MS = 2 * 60 * 60 * 1000;
export const ADMIN_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** A staff session's expiry is written at most this often (each write is a database round trip). */
const ADMIN_RENEW_STEP_MS = 60 * 1000;

/** When a session used at `now` (created at `createdAt`) expires. */
function nextExpiry(kind: AccountKind, createdAt: Date, now: number): Date {
  if (kind === "user") return new Date(now + SESSION_TTL_MS);
  return new Date(Math.min(now + ADMIN_IDLE_MS, createdAt.getTime() + ADMIN_ABSOLUTE_MS));
}

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
/** passwordChangeRequired: logged in with a password that fails the policy; only changing it (or logging out) is allowed. */
export type Session = { id: string; accountId: number; expiresAt: Date; passwordChangeRequired: boolean };

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
  options: { now?: Date; passwordChangeRequired?: boolean } = {},
): Promise<{ token: string; session: Session }> {
  const token = generateSessionToken();
  const id = hashToken(token);
  const now = options.now ?? new Date();
  const expiresAt = nextExpiry(kind, now, now.getTime());
  const passwordChangeRequired = options.passwordChangeRequired ?? false;
  const common = {
    id,
    expires_at: expiresAt,
    created_at: now,
    password_change_required: passwordChangeRequired,
    ip: meta.ip ?? null,
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
  };
  if (kind === "user") await db.insert(user_sessions).values({ ...common, user_id: accountId });
  else await db.insert(admin_sessions).values({ ...common, admin_id: accountId });
  return { token, session: { id, accountId, expiresAt, passwordChangeRequired } };
}

type Validated<K extends AccountKind> = { session: Session; account: K extends "user" ? SessionUser : SessionAdmin; renewed: boolean } | null;

type SessionRow = { expires_at: Date; created_at: Date; password_change_required: boolean };

/** `now` is for tests of the lifetimes; `caughtUp` stops the one replica catch-up from repeating. */
export async function validateSessionToken<K extends AccountKind>(
  db: Db,
  kind: K,
  token: string,
  options: { now?: Date; caughtUp?: boolean } = {},
): Promise<Validated<K>> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const id = hashToken(token);
  const now = (options.now ?? new Date()).getTime();
  let row: { s: SessionRow; accountId: number; account: SessionUser | SessionAdmin; active: boolean } | undefined;
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
        s: r.s,
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
      row = { s: r.s, accountId: aid, account: { id: aid, email, name, must_reset_password }, active: r.a.disabled_at === null };
    }
  }
  // On an embedded replica the session may be a moment-old login on another node: look again on the primary.
  if (!row) {
    const primary = options.caughtUp ? null : primaryOf(db);
    return primary ? validateSessionToken(primary, kind, token, { ...options, caughtUp: true }) : null;
  }
  // The absolute bound is checked on its own too: a staff session from before these limits carried a 30-day expiry.
  const pastAbsolute = kind === "admin" && row.s.created_at.getTime() + ADMIN_ABSOLUTE_MS <= now;
  if (!row.active || row.s.expires_at.getTime() <= now || pastAbsolute) {
    await invalidateSession(db, kind, id);
    return null;
  }
  let expiresAt = row.s.expires_at;
  let renewed = false;
  const next = nextExpiry(kind, row.s.created_at, now);
  const due = kind === "user" ? expiresAt.getTime() - now < RENEW_BEFORE_MS : Math.abs(next.getTime() - expiresAt.getTime()) >= ADMIN_RENEW_STEP_MS;
  if (due) {
    expiresAt = next;
    renewed = true;
    if (kind === "user") await db.update(user_sessions).set({ expires_at: expiresAt }).where(eq(user_sessions.id, id));
    else await db.update(admin_sessions).set({ expires_at: expiresAt }).where(eq(admin_sessions.id, id));
  }
  const session: Session = { id, accountId: row.accountId, expiresAt, passwordChangeRequired: row.s.password_change_required };
  return { session, account: row.account, renewed } as Validated<K>;
}

export async function invalidateSession(db: Db, kind: AccountKind, sessionId: string): Promise<void> {
  if (kind === "user") await db.delete(user_sessions).where(eq(user_sessions.id, sessionId));
  else await db.delete(admin_sessions).where(eq(admin_sessions.id, sessionId));
}

/** The password was changed in this session: it is no longer held to the change screen. */
export async function clearPasswordChangeRequired(db: Db, kind: AccountKind, sessionId: string): Promise<void> {
  if (kind === "user") await db.update(user_sessions).set({ password_change_required: false }).where(eq(user_sessions.id, sessionId));
  else await db.update(admin_sessions).set({ password_change_required: false }).where(eq(admin_sessions.id, sessionId));
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

/** Set-Cookie value: httpOnly, SameSite=Lax, Secure outside plain-http localhost. */
export function sessionCookie(kind: AccountKind, token: string, expiresAt: Date): string {
  const secure = env().APP_URL.startsWith("https://") ? "; Secure" : "";
  return `${SESSION_COOKIE[kind]}=${token}; Path=/; HttpOnly; SameSite=Lax; Expires=${expiresAt.toUTCString()}${secure}`;
}

export function blankSessionCookie(kind: AccountKind): string {
  const secure = env().APP_URL.startsWith("https://") ? "; Secure" : "";
  return `${SESSION_COOKIE[kind]}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}
