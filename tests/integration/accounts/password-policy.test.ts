import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PASSWORD_CHANGE_REQUIRED } from "@/server/api/trpc";
import { hashPassword } from "@/server/auth/password";
import { PASSWORD_HAS_IDENTITY, PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from "@/server/auth/password-policy";
import { hashToken } from "@/server/auth/session";
import { admin_sessions, admins, email_verifications, password_resets, user_sessions, users } from "@/server/db/schema";
import { errorOf, newEmail, useAccountSuite, validRegistration, type Browser, type Caller } from "../../helpers/accounts";
import { createAdmin, createUser } from "../../helpers/factories";
import { tokenIn } from "../../helpers/smtp-sink";

/**
 * The password policy (ASVS 5.0 §6.2) on every path that sets a password, through the real
 * procedures, mail and database: each refuses the same weak passwords with the Japanese reason and
 * changes nothing; a login with a weak existing password gets in, held to the change screen.
 */
const s = useAccountSuite();
const ADMIN_BASE = "/_kanri-7f3c";

/** The weak passwords every path must refuse, with the reason shown (local: the account address's local part). */
function weakCases(email: string): [string, string][] {
  const local = email.split("@")[0]!;
  return [
    ["123456", PASSWORD_TOO_SHORT],
    ["password", PASSWORD_TOO_COMMON],
    ["qwerty", PASSWORD_TOO_SHORT],
    ["aaaaaa", PASSWORD_TOO_SHORT],
    ["Xq7#kd2", PASSWORD_TOO_SHORT],
    [`${local}-2026`, PASSWORD_HAS_IDENTITY],
  ];
}

/** Every weak password is refused on `field` with its reason, sets no cookie, and leaves `snapshot()` as it was. */
async function expectAllRefused(
  email: string,
  attempt: (b: Browser, password: string) => Promise<unknown>,
  snapshot: () => Promise<unknown>,
  field = "password",
) {
  const before = await snapshot();
  for (const [password, message] of weakCases(email)) {
    const b = s.browser();
    const e = await errorOf(attempt(b, password));
    expect(e.code, password).toBe("BAD_REQUEST");
    expect(e.fieldErrors, password).toEqual({ [field]: [message] });
    expect(b.setCookies, password).toEqual([]);
  }
  expect(await snapshot()).toEqual(before);
}

const userRow = (id: number) => s.db.select().from(users).where(eq(users.id, id)).get();
const adminRow = (id: number) => s.db.select().from(admins).where(eq(admins.id, id)).get();
const userSessions = (id: number) => s.db.select().from(user_sessions).where(eq(user_sessions.user_id, id)).all();
const adminSessions = (id: number) => s.db.select().from(admin_sessions).where(eq(admin_sessions.admin_id, id)).all();
const both = (password: string) => ({ password, password_confirmation: password });

async function mailedToken(email: string, subject: string, path: string, send: () => Promise<unknown>): Promise<string> {
  const mark = s.sink.mark();
  await send();
  const mail = await s.sink.waitFor((m) => m.to.includes(email) && m.subject.includes(subject), undefined, mark);
  return tokenIn(mail, path);
}

async function loggedIn(kind: "user" | "admin", email: string, password: string): Promise<Browser> {
  const b = s.browser();
  const r = await b.call((c) => (kind === "user" ? c.public.auth.login({ email, password }) : c.public.auth.adminLogin({ email, password })));
  expect(r.status).not.toBe("first_login");
  return b;
}

describe("every path that sets a password refuses weak ones with the reason, and changes nothing", () => {
  it("member sign-up (registration from the mailed link)", async () => {
    const email = newEmail("pp-signup");
    const token = await mailedToken(email, "会員登録のご案内", "/signup/register", () => s.browser().call((c) => c.public.auth.signup({ email })));
    await expectAllRefused(
      email,
      (b, p) => b.call((c) => c.public.auth.register(validRegistration(token, both(p)))),
      async () => ({
        users: await s.db.select().from(users).where(eq(users.email, email)).all(),
        link: await s.db
          .select()
          .from(email_verifications)
          .where(eq(email_verifications.id, hashToken(token)))
          .get(),
      }),
    );
    expect(await s.browser().call((c) => c.public.auth.register(validRegistration(token)))).toEqual({ status: true });
  });

  it("member password reset", async () => {
    const user = await createUser(s.db);
    const token = await mailedToken(user.email, "パスワード再設定のご案内", "/reset-password", () =>
      s.browser().call((c) => c.public.auth.forgotPassword({ email: user.email })),
    );
    await expectAllRefused(
      user.email,
      (b, p) => b.call((c) => c.public.auth.resetPassword({ token, ...both(p) })),
      async () => ({
        user: await userRow(user.id),
        link: await s.db
          .select()
          .from(password_resets)
          .where(eq(password_resets.id, hashToken(token)))
          .get(),
      }),
    );
    expect(await s.browser().call((c) => c.public.auth.resetPassword({ token, ...both("Re5et-mine-2026") }))).toEqual({ status: true });
  });

  it("staff password reset", async () => {
    const admin = await createAdmin(s.db);
    const token = await mailedToken(admin.email, "パスワード再設定のご案内", `${ADMIN_BASE}/reset-password`, () =>
      s.browser().call((c) => c.public.auth.adminForgotPassword({ email: admin.email })),
    );
    await expectAllRefused(
      admin.email,
      (b, p) => b.call((c) => c.public.auth.adminResetPassword({ token, ...both(p) })),
      async () => ({
        admin: await adminRow(admin.id),
        link: await s.db
          .select()
          .from(password_resets)
          .where(eq(password_resets.id, hashToken(token)))
          .get(),
      }),
    );
  });

  it("member first login (staff-registered account)", async () => {
    const user = await createUser(s.db, { status: "provisional", must_reset_password: true, password_expires_at: new Date(Date.now() + 86400_000) });
    await expectAllRefused(
      user.email,
      (b, p) => b.call((c) => c.public.auth.firstLogin({ email: user.email, current_password: "secret-pass", ...both(p) })),
      async () => ({ user: await userRow(user.id), sessions: await userSessions(user.id) }),
    );
  });

  it("staff first login (an invitation from before the set-password links)", async () => {
    const admin = await createAdmin(s.db, { must_reset_password: true, password_expires_at: new Date(Date.now() + 86400_000) });
    await expectAllRefused(
      admin.email,
      (b, p) => b.call((c) => c.public.auth.adminFirstLogin({ email: admin.email, current_password: "admin-pass", ...both(p) })),
      async () => ({ admin: await adminRow(admin.id), sessions: await adminSessions(admin.id) }),
    );
  });

  it("member password change (My Page, and POST /api/user/password through the same procedure)", async () => {
    const user = await createUser(s.db);
    const b = await loggedIn("user", user.email, "secret-pass");
    await expectAllRefused(
      user.email,
      (_, p) => b.call((c) => c.member.account.changePassword({ current_password: "secret-pass", ...both(p) })),
      async () => ({ user: await userRow(user.id), sessions: await userSessions(user.id) }),
    );
    expect(await b.call((c) => c.member.account.changePassword({ current_password: "secret-pass", ...both("M1ne-now-2026") }))).toEqual({ status: true });
  });

  it("staff password change (admin area, and POST /api/admin/user/password through the same procedure)", async () => {
    const admin = await createAdmin(s.db);
    const b = await loggedIn("admin", admin.email, "admin-pass");
    await expectAllRefused(
      admin.email,
      (_, p) => b.call((c) => c.admin.account.changePassword({ current_password: "admin-pass", ...both(p) })),
      async () => ({ admin: await adminRow(admin.id), sessions: await adminSessions(admin.id) }),
    );
    // a wrong current password is its own field error
    const wrong = await errorOf(b.call((c) => c.admin.account.changePassword({ current_password: "not-it-at-all", ...both("Adm1n-mine-2026") })));
    expect(wrong.fieldErrors).toEqual({ current_password: ["現在のパスワードが正しくありません"] });
    expect(await b.call((c) => c.admin.account.changePassword({ current_password: "admin-pass", ...both("Adm1n-mine-2026") }))).toEqual({ status: true });
    expect((await s.browser().call((c) => c.public.auth.adminLogin({ email: admin.email, password: "Adm1n-mine-2026" }))).status).toBe("ok");
  });
});

describe("an existing weak password: the login succeeds, held to the password change", () => {
  const memberCalls: [string, (c: Caller) => Promise<unknown>][] = [
    ["bookmarks", (c) => c.member.bookmarks.list()],
    ["profile", (c) => c.member.account.profile()],
    ["delete", (c) => c.member.account.delete({ password: "123456" })],
  ];

  it("member: status change_password, the session is flagged, only info and the change are open until it is changed", async () => {
    const user = await createUser(s.db, { password_hash: await hashPassword("123456") });
    const b = s.browser();
    expect(await b.call((c) => c.public.auth.login({ email: user.email, password: "123456" }))).toEqual({ status: "change_password" });
    expect(b.userToken).toBeDefined();
    expect((await userSessions(user.id)).map((r) => r.password_change_required)).toEqual([true]);
    expect(await b.call((c) => c.member.account.info())).toMatchObject({ _id: user.id, password_change_required: true });
    for (const [name, call] of memberCalls) {
      const e = await errorOf(b.call(call));
      expect(e, name).toMatchObject({ code: "FORBIDDEN", message: PASSWORD_CHANGE_REQUIRED });
    }
    expect(await userRow(user.id)).toMatchObject({ deleted_at: null });

    expect(await b.call((c) => c.member.account.changePassword({ current_password: "123456", ...both("Str0nger-2026") }))).toEqual({ status: true });
    expect(await b.call((c) => c.member.account.info())).toMatchObject({ password_change_required: false });
    expect(await b.call((c) => c.member.bookmarks.list())).toBeDefined();
    expect(await s.browser().call((c) => c.public.auth.login({ email: user.email, password: "Str0nger-2026" }))).toEqual({ status: "ok" });
  });

  it("member: a common or address-made password is flagged the same way; a good one is not", async () => {
    const common = await createUser(s.db, { password_hash: await hashPassword("password") });
    expect(await s.browser().call((c) => c.public.auth.login({ email: common.email, password: "password" }))).toEqual({ status: "change_password" });
    const local = `pp-own-${crypto.randomUUID().slice(0, 6)}`;
    const own = await createUser(s.db, { email: `${local}@example.com`, password_hash: await hashPassword(`${local}!`) });
    expect(await s.browser().call((c) => c.public.auth.login({ email: own.email, password: `${local}!` }))).toEqual({ status: "change_password" });
    const good = await createUser(s.db);
    expect(await s.browser().call((c) => c.public.auth.login({ email: good.email, password: "secret-pass" }))).toEqual({ status: "ok" });
    expect((await userSessions(good.id)).map((r) => r.password_change_required)).toEqual([false]);
  });

  it("staff: the same, with the admin area held to its password page", async () => {
    const admin = await createAdmin(s.db, { password_hash: await hashPassword("qwerty") });
    const b = s.browser();
    expect(await b.call((c) => c.public.auth.adminLogin({ email: admin.email, password: "qwerty" }))).toEqual({ status: "change_password" });
    expect((await adminSessions(admin.id)).map((r) => r.password_change_required)).toEqual([true]);
    expect(await b.call((c) => c.admin.account.info())).toMatchObject({ _id: admin.id, password_change_required: true });
    const e = await errorOf(b.call((c) => c.admin.staff.list()));
    expect(e).toMatchObject({ code: "FORBIDDEN", message: PASSWORD_CHANGE_REQUIRED });
    // logging out is always possible
    expect(await b.clone().call((c) => c.public.auth.adminLogout())).toEqual({ status: true });

    const b2 = s.browser();
    await b2.call((c) => c.public.auth.adminLogin({ email: admin.email, password: "qwerty" }));
    await b2.call((c) => c.admin.account.changePassword({ current_password: "qwerty", ...both("Adm1n-strong-26") }));
    expect(await b2.call((c) => c.admin.account.info())).toMatchObject({ password_change_required: false });
    expect(Array.isArray(await b2.call((c) => c.admin.staff.list()))).toBe(true);
  });
});
