/**
 * Member management for staff (spec §6 "Admin", §7 admin account calls):
 * search, view, register (first-login flow), status and type, forgot-password
 * mail, sessions, soft delete → deleted list → permanent removal, CSV.
 */
import { randomInt } from "node:crypto";
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import { INITIAL_PASSWORD_DAYS, type MemberStatus, type MemberType } from "@/lib/constants/account";
import { DUPLICATE_EMAIL_MESSAGE, isAcceptableEmail, UNACCEPTABLE_EMAIL_MESSAGE } from "@/lib/email";
import { lastPage } from "@/lib/pagination";
import { ACCOUNTS_EXPORT_MAX, ACCOUNTS_PAGE_SIZE, type AccountSearch, type RegisterMemberInput } from "@/schemas/admin/accounts";
import type { z } from "@/schemas/zod";
import type { registerMemberInput } from "@/schemas/admin/accounts";
import { AppError, fieldInvalid } from "@/server/errors";
import { hashPassword } from "@/server/auth/password";
import { invalidateAllSessions } from "@/server/auth/session";
import type { Db } from "@/server/db";
import { contacts, notification_settings, password_resets, user_sessions, users } from "@/server/db/schema";
import { env } from "@/server/env";
import { enqueue } from "@/server/jobs/outbox";
import { forgotPassword, initialPasswordExpiry } from "@/server/accounts/auth";
import { queueMail } from "@/server/jobs/mail";
import { bookmarkRows, listFilters, matchingRows } from "@/server/members";

export const ACCOUNT_NOT_FOUND = "会員が見つかりません";
const notFound = () => new AppError("NOT_FOUND", ACCOUNT_NOT_FOUND);

const JST_OFFSET = "+09:00";
const DAY = 24 * 3600 * 1000;
const jstStart = (iso: string) => new Date(`${iso}T00:00:00${JST_OFFSET}`);

/** LIKE pattern with the user's text taken literally. */
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchWhere(q: AccountSearch, deleted: boolean): SQL | undefined {
  const u = users;
  const conds: (SQL | undefined)[] = [deleted ? isNotNull(u.deleted_at) : isNull(u.deleted_at)];
  if (q.name) {
    const n = q.name.replace(/[\s\u3000]+/g, "");
    conds.push(sql`(${u.last_name} || ${u.first_name}) LIKE ${like(n)} ESCAPE '\\'`);
  }
  if (q.kana) {
    const k = q.kana.replace(/[\s\u3000]+/g, "");
    conds.push(sql`(${u.kana_last} || ${u.kana_first}) LIKE ${like(k)} ESCAPE '\\'`);
  }
  if (q.email) conds.push(sql`${u.email} LIKE ${like(q.email.toLowerCase())} ESCAPE '\\'`);
  if (q.tel) {
    const digits = q.tel.normalize("NFKC").replace(/\D/g, "");
    if (digits) conds.push(sql`replace(coalesce(${u.tel}, ''), '-', '') LIKE ${like(digits)} ESCAPE '\\'`);
  }
  if (q.status) conds.push(eq(u.status, q.status));
  if (q.type) conds.push(eq(u.type, q.type));
  if (q.from) conds.push(gte(u.created_at, jstStart(q.from)));
  if (q.to) conds.push(lt(u.created_at, new Date(jstStart(q.to).getTime() + DAY)));
  return and(...conds);
}

function searchOrder(q: AccountSearch, deleted: boolean): SQL[] {
  const u = users;
  const dir = q.dir === "asc" ? asc : desc;
  switch (q.sort) {
    case "kana":
      return [dir(u.kana_last), dir(u.kana_first), desc(u.id)];
    case "email":
      return [dir(u.email), desc(u.id)];
    case "last_login_at":
      return [q.dir === "asc" ? sql`${u.last_login_at} ASC NULLS LAST` : sql`${u.last_login_at} DESC NULLS LAST`, desc(u.id)];
    case "id":
      return [dir(u.id)];
    case "created_at":
      return [dir(u.created_at), dir(u.id)];
    default:
      return deleted ? [desc(u.deleted_at), desc(u.id)] : [desc(u.created_at), desc(u.id)];
  }
}

export const accountListColumns = {
  id: users.id,
  email: users.email,
  status: users.status,
  type: users.type,
  last_name: users.last_name,
  first_name: users.first_name,
  kana_last: users.kana_last,
  kana_first: users.kana_first,
  company: users.company,
  tel: users.tel,
  pref: users.pref,
  city: users.city,
  created_at: users.created_at,
  last_login_at: users.last_login_at,
  deleted_at: users.deleted_at,
  deleted_reason: users.deleted_reason,
};

export interface AccountPage<T> {
  items: T[];
  total: number;
  page: number;
  last: number;
  pageSize: number;
}

export async function searchAccounts(db: Db, q: AccountSearch, opts: { deleted?: boolean } = {}) {
  const deleted = opts.deleted ?? false;
  const where = searchWhere(q, deleted);
  const total = (await db.select({ n: count() }).from(users).where(where).get())?.n ?? 0;
  const last = lastPage(total, ACCOUNTS_PAGE_SIZE);
  const page = Math.min(last, Math.max(1, q.page ?? 1));
  const items = await db
    .select(accountListColumns)
    .from(users)
    .where(where)
    .orderBy(...searchOrder(q, deleted))
    .limit(ACCOUNTS_PAGE_SIZE)
    .offset((page - 1) * ACCOUNTS_PAGE_SIZE)
    .all();
  return { items, total, page, last, pageSize: ACCOUNTS_PAGE_SIZE };
}

/** Every row of a search (all pages), for the CSV export. */
export async function exportAccounts(db: Db, q: AccountSearch) {
  return db
    .select({
      ...accountListColumns,
      zip: users.zip,
      address: users.address,
      fax: users.fax,
      job: users.job,
      salary: users.salary,
      money: users.money,
    })
    .from(users)
    .where(searchWhere(q, false))
    .orderBy(...searchOrder(q, false))
    .limit(ACCOUNTS_EXPORT_MAX)
    .all();
}

async function accountRow(db: Db, id: number, deleted: boolean) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.id, id), deleted ? isNotNull(users.deleted_at) : isNull(users.deleted_at)))
    .get();
}

/**
 * One member with everything staff need to help them: profile, bookmarks,
 * saved conditions, matchings, inquiries and active sessions. Secrets
 * (password hash, session ids) never leave this function.
 */
export async function getAccountDetail(db: Db, id: number, opts: { deleted?: boolean } = {}) {
  const row = await accountRow(db, id, opts.deleted ?? false);
  if (!row) throw notFound();
  const { password_hash: _hash, ...profile } = row;
  const now = new Date();
  const [bookmarkList, filterRows, matchingList, contactRows, sessionRows, notification] = await Promise.all([
    // The member's own queries, with every listing (staff see hidden ones too).
    bookmarkRows(db, id, "admin", 200),
    listFilters(db, id),
    matchingRows(db, id, "admin", { limit: 100 }),
    db
      .select({ id: contacts.id, kind: contacts.kind, status: contacts.status, snapshot: contacts.investment_snapshot, created_at: contacts.created_at })
      .from(contacts)
      .where(eq(contacts.user_id, id))
      .orderBy(desc(contacts.created_at))
      .limit(100)
      .all(),
    db
      .select({ created_at: user_sessions.created_at, expires_at: user_sessions.expires_at, ip: user_sessions.ip, user_agent: user_sessions.user_agent })
      .from(user_sessions)
      .where(and(eq(user_sessions.user_id, id), gte(user_sessions.expires_at, now)))
      .orderBy(desc(user_sessions.created_at))
      .all(),
    db.select().from(notification_settings).where(eq(notification_settings.user_id, id)).get(),
  ]);
  return {
    profile,
    bookmarks: bookmarkList,
    filters: filterRows.map((f) => ({ id: f._id, name: f.name, query: f.query, created_at: f.created_at })).reverse(),
    matchings: matchingList.map(({ _id, listing: _listing, ...m }) => ({ id: _id, ...m })),
    contacts: contactRows,
    sessions: sessionRows,
    notification: notification ? { matching: notification.matching, newsletter: notification.newsletter } : null,
  };
}

/** A random initial password: 12 characters without look-alikes (0/O, 1/l/I), always with a digit. */
export function generateInitialPassword(length = 12): string {
  const letters = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  const digits = "23456789";
  const all = letters + digits;
  const chars = Array.from({ length }, () => all[randomInt(all.length)]!);
  chars[randomInt(length)] = digits[randomInt(digits.length)]!;
  return chars.join("");
}

/**
 * Staff register a member: status provisional, a random initial password that
 * must be replaced at first login (valid INITIAL_PASSWORD_DAYS days), mailed
 * with the first_login template in the same transaction.
 */
export async function registerMember(db: Db, input: z.output<typeof registerMemberInput>): Promise<{ id: number }> {
  if (!isAcceptableEmail(input.email)) throw fieldInvalid("email", UNACCEPTABLE_EMAIL_MESSAGE);
  const initialPassword = generateInitialPassword();
  const password_hash = await hashPassword(initialPassword);
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, input.email), isNull(users.deleted_at)))
      .get();
    if (existing) throw fieldInvalid("email", DUPLICATE_EMAIL_MESSAGE);
    const [row] = await tx
      .insert(users)
      .values({
        email: input.email,
        password_hash,
        status: "provisional",
        type: input.type,
        last_name: input.names.last,
        first_name: input.names.first,
        kana_last: input.kanas.last,
        kana_first: input.kanas.first,
        company: input.company || null,
        tel: input.tel ?? null,
        must_reset_password: true,
        password_expires_at: initialPasswordExpiry(),
      })
      .returning({ id: users.id });
    if (!row) throw new Error("user insert returned nothing");
    await tx.insert(notification_settings).values({ user_id: row.id });
    await queueMail(tx, "first_login", input.email, {
      loginUrl: `${env().APP_URL}/login/first`,
      email: input.email,
      initialPassword,
      days: INITIAL_PASSWORD_DAYS,
    });
    return { id: row.id };
  });
}
export type { RegisterMemberInput };

/** Status change; suspending ends every session of the member at once. */
export async function setAccountStatus(db: Db, id: number, status: MemberStatus): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ status })
      .where(and(eq(users.id, id), isNull(users.deleted_at)))
      .returning({ id: users.id });
    if (!row) throw notFound();
    if (status === "suspended") await tx.delete(user_sessions).where(eq(user_sessions.user_id, id));
    await enqueue(tx, "refreshSiteCounts", { reason: "member status" }, `member-status-${id}-${Date.now()}`);
  });
}

export async function setAccountType(db: Db, id: number, type: MemberType): Promise<void> {
  const [row] = await db
    .update(users)
    .set({ type })
    .where(and(eq(users.id, id), isNull(users.deleted_at)))
    .returning({ id: users.id });
  if (!row) throw notFound();
}

/** The member's forgot-password mail, as if they had asked (a suspended member gets none). */
export async function sendForgotPassword(db: Db, id: number): Promise<void> {
  const row = await accountRow(db, id, false);
  if (!row) throw notFound();
  if (row.status === "suspended") {
    throw new AppError("INVALID", "停止中の会員にはパスワード再設定メールを送信できません");
  }
  await forgotPassword(db, "user", row.email);
}

/** Ends every session of the member (they must log in again). */
export async function endAccountSessions(db: Db, id: number): Promise<{ ended: number }> {
  const row = await accountRow(db, id, false);
  if (!row) throw notFound();
  const n = (await db.select({ n: count() }).from(user_sessions).where(eq(user_sessions.user_id, id)).get())?.n ?? 0;
  await invalidateAllSessions(db, "user", id);
  return { ended: n };
}

/** DELETE /api/admin/account/{id}: moves the member to the deleted list and ends their sessions. */
export async function softDeleteAccount(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ deleted_at: new Date(), deleted_reason: "admin" })
      .where(and(eq(users.id, id), isNull(users.deleted_at)))
      .returning({ id: users.id });
    if (!row) throw notFound();
    await tx.delete(user_sessions).where(eq(user_sessions.user_id, id));
    await enqueue(tx, "refreshSiteCounts", { reason: "member deleted" }, `member-deleted-${id}`);
  });
}

/**
 * DELETE /api/admin/account/deleted/{id}: removes a deleted member for good.
 * Bookmarks, filters, matchings, sessions and tokens go with the row; their
 * inquiries stay (user_id set null), as inquiries are never lost.
 */
export async function purgeAccount(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), isNotNull(users.deleted_at)))
      .get();
    if (!row) throw notFound();
    await tx.delete(password_resets).where(and(eq(password_resets.account_kind, "user"), eq(password_resets.account_id, id)));
    await tx.delete(users).where(eq(users.id, id));
  });
}
