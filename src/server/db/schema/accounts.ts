import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, timestamp, updatedAt } from "./_columns";

/**
 * Members (spec "users") and administrators are separate account tables with
 * separate session tables: a browser may hold both, and an admin is never a member.
 */
export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    password_hash: text("password_hash"),
    /** provisional | active | suspended (src/lib/constants/account.ts) */
    status: text("status").notNull().default("active"),
    /** individual | corporate | agent */
    type: text("type").notNull().default("individual"),
    last_name: text("last_name").notNull().default(""),
    first_name: text("first_name").notNull().default(""),
    kana_last: text("kana_last").notNull().default(""),
    kana_first: text("kana_first").notNull().default(""),
    company: text("company"),
    zip: text("zip"),
    pref: text("pref"),
    city: text("city"),
    address: text("address"),
    tel: text("tel"),
    fax: text("fax"),
    job: text("job"),
    job_other: text("job_other"),
    /** annual income band (form select value) */
    salary: text("salary"),
    /** own funds in 万円 */
    money: integer("money"),
    contact_method: text("contact_method", { mode: "json" }).$type<string[]>(),
    contact_time: text("contact_time"),
    /** Interests used for newsletter segments: area ids (re). */
    interest_areas: text("interest_areas", { mode: "json" }).$type<number[]>(),
    /** Set when an admin registered the account: the initial password must be replaced at first login. */
    must_reset_password: bool("must_reset_password").notNull().default(false),
    password_expires_at: timestamp("password_expires_at"),
    email_verified_at: timestamp("email_verified_at"),
    last_login_at: timestamp("last_login_at"),
    /** Drives "new matchings since your last visit" on My Page. */
    last_mypage_at: timestamp("last_mypage_at"),
    created_at: createdAt(),
    updated_at: updatedAt(),
    /** Soft delete: the account moves to the admin's deleted list before permanent removal. */
    deleted_at: timestamp("deleted_at"),
    deleted_reason: text("deleted_reason"),
  },
  (t) => [
    // A deleted address may register again, so uniqueness covers live accounts only.
    uniqueIndex("users_email_uq")
      .on(t.email)
      .where(sql`deleted_at IS NULL`),
    index("users_status_idx").on(t.status),
    index("users_created_at_idx").on(t.created_at),
    index("users_deleted_at_idx").on(t.deleted_at),
  ],
);

export const admins = sqliteTable(
  "admins",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    password_hash: text("password_hash").notNull(),
    must_reset_password: bool("must_reset_password").notNull().default(false),
    password_expires_at: timestamp("password_expires_at"),
    last_login_at: timestamp("last_login_at"),
    /** The staff member who invited this one from the admin area (null: created by scripts/admin-create.ts). */
    invited_by: integer("invited_by"),
    /** Set when a staff member disabled the account: no login, no session, no reset link until re-enabled. */
    disabled_at: timestamp("disabled_at"),
    disabled_by: integer("disabled_by"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("admins_email_uq").on(t.email)],
);

/** Lucia-style sessions: the id is the SHA-256 (hex) of the cookie token; the token itself is never stored. */
export const user_sessions = sqliteTable(
  "user_sessions",
  {
    id: text("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expires_at: timestamp("expires_at").notNull(),
    ip: text("ip"),
    user_agent: text("user_agent"),
    /** Logged in with a password that fails today's policy: held to the change-password screen. */
    password_change_required: bool("password_change_required").notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [index("user_sessions_user_id_idx").on(t.user_id), index("user_sessions_expires_at_idx").on(t.expires_at)],
);

export const admin_sessions = sqliteTable(
  "admin_sessions",
  {
    id: text("id").primaryKey(),
    admin_id: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    expires_at: timestamp("expires_at").notNull(),
    ip: text("ip"),
    user_agent: text("user_agent"),
    /** As for members; created_at also bounds the session's absolute lifetime (session.ts). */
    password_change_required: bool("password_change_required").notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [index("admin_sessions_admin_id_idx").on(t.admin_id), index("admin_sessions_expires_at_idx").on(t.expires_at)],
);

/**
 * Single-use links sent by mail to prove an address: sign-up (no account yet)
 * and change of e-mail (user_id set). Only the token's hash is stored.
 */
export const email_verifications = sqliteTable(
  "email_verifications",
  {
    id: text("id").primaryKey(),
    /** signup | email_change */
    purpose: text("purpose").notNull(),
    email: text("email").notNull(),
    user_id: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    expires_at: timestamp("expires_at").notNull(),
    used_at: timestamp("used_at"),
    created_at: createdAt(),
  },
  (t) => [index("email_verifications_email_idx").on(t.email), index("email_verifications_expires_at_idx").on(t.expires_at)],
);

/**
 * Password reset and first-login tokens for either account kind. No foreign key
 * (the owner is users or admins); the account services delete these with the
 * account, and the maintenance job purges expired rows.
 */
export const password_resets = sqliteTable(
  "password_resets",
  {
    id: text("id").primaryKey(),
    /** user | admin */
    account_kind: text("account_kind").notNull(),
    account_id: integer("account_id").notNull(),
    /** reset | login_link | invite (a staff member's set-password link) */
    purpose: text("purpose").notNull(),
    expires_at: timestamp("expires_at").notNull(),
    used_at: timestamp("used_at"),
    created_at: createdAt(),
  },
  (t) => [index("password_resets_account_idx").on(t.account_kind, t.account_id), index("password_resets_expires_at_idx").on(t.expires_at)],
);
