import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TOO_MANY_MESSAGE } from "@/server/auth/rate-limit";
import { hashToken, SESSION_COOKIE, SESSION_TTL_MS } from "@/server/auth/session";
import { admin_sessions, user_sessions, users } from "@/server/db/schema";
import { LOGIN_FAILED } from "@/server/accounts/auth";
import { codeOf, errorOf, parseSetCookie, sessionCount, useAccountSuite, type Browser } from "../../helpers/accounts";
import { createAdmin, createUser } from "../../helpers/factories";

/** Login, throttling, logout and the member/admin separation, with real cookies, Redis limits and sessions. */
const s = useAccountSuite({ mail: false });

const MEMBER_PASSWORD = "secret-pass"; // tests/helpers/factories.ts
const ADMIN_PASSWORD = "admin-pass";

async function loginMember(b: Browser, email: string, password = MEMBER_PASSWORD) {
  return b.call((c) => c.public.auth.login({ email, password }));
}

describe("member login", () => {
  it("sets an httpOnly, SameSite=Lax session cookie whose token is stored only as a hash", async () => {
    const user = await createUser(s.db);
    const b = s.browser();
    expect(await loginMember(b, user.email)).toEqual({ status: "ok" });
    expect(b.lastSetCookies).toHaveLength(1);
    const cookie = parseSetCookie(b.lastSetCookies[0]!);
    expect(cookie.name).toBe(SESSION_COOKIE.user);
    expect(cookie.attributes).toMatchObject({ path: "/", httponly: true, samesite: "Lax" });
    expect(cookie.attributes.secure).toBeUndefined(); // plain-http localhost
    const expires = Date.parse(String(cookie.attributes.expires));
    expect(Math.abs(expires - (Date.now() + SESSION_TTL_MS))).toBeLessThan(60_000);

    const rows = await s.db.select().from(user_sessions).where(eq(user_sessions.user_id, user.id));
    expect(rows.map((r) => r.id)).toEqual([hashToken(cookie.value)]);
    expect(rows[0]).toMatchObject({ ip: b.ip, user_agent: b.userAgent });
    expect((await s.db.select().from(users).where(eq(users.id, user.id)).get())?.last_login_at).toBeInstanceOf(Date);
    expect(await b.call((c) => c.member.account.info())).toMatchObject({ _id: user.id, email: user.email });
  });

  it("accepts the address in another case or in full-width characters", async () => {
    const user = await createUser(s.db);
    expect(await loginMember(s.browser(), user.email.toUpperCase())).toEqual({ status: "ok" });
  });

  it("a wrong password and an unknown address give the same error, and no cookie", async () => {
    const user = await createUser(s.db);
    const b = s.browser();
    const wrong = await errorOf(loginMember(b, user.email, "not-the-password"));
    const unknown = await errorOf(loginMember(b, "nobody-here@example.com", "not-the-password"));
    expect(wrong).toEqual(unknown);
    expect(wrong).toMatchObject({ code: "BAD_REQUEST", httpStatus: 400, message: LOGIN_FAILED, fieldErrors: { email: [LOGIN_FAILED] } });
    expect(b.setCookies).toEqual([]);
    expect(await sessionCount(s.db, "user", user.id)).toBe(0);
  });

  it("a suspended member cannot log in, even with the right password", async () => {
    const user = await createUser(s.db, { status: "suspended" });
    const b = s.browser();
    const err = await errorOf(loginMember(b, user.email));
    expect(err.fieldErrors).toEqual({ email: [LOGIN_FAILED] });
    expect(b.setCookies).toEqual([]);
    expect(await sessionCount(s.db, "user", user.id)).toBe(0);
  });

  it("a soft-deleted member cannot log in", async () => {
    const user = await createUser(s.db, { deleted_at: new Date() });
    expect((await errorOf(loginMember(s.browser(), user.email))).fieldErrors).toEqual({ email: [LOGIN_FAILED] });
  });

  it("an administrator's credentials do not log in as a member", async () => {
    const admin = await createAdmin(s.db);
    const err = await errorOf(s.browser().call((c) => c.public.auth.login({ email: admin.email, password: ADMIN_PASSWORD })));
    expect(err.fieldErrors).toEqual({ email: [LOGIN_FAILED] });
  });
});

describe("login throttling (Redis, per address + IP)", () => {
  it("after 5 failures the 6th attempt is TOO_MANY_REQUESTS even with the right password", async () => {
    const user = await createUser(s.db);
    const b = s.browser();
    for (let i = 0; i < 5; i++) {
      expect((await errorOf(loginMember(b, user.email, `wrong-${i}`))).fieldErrors).toEqual({ email: [LOGIN_FAILED] });
    }
    const err = await errorOf(loginMember(b, user.email));
    expect(err.code).toBe("TOO_MANY_REQUESTS");
    expect(err.httpStatus).toBe(429);
    expect(err.message).toBe(TOO_MANY_MESSAGE);
    expect(err.retryAfter).toBeGreaterThan(0);
    expect(err.retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(b.setCookies).toEqual([]);
    expect(await sessionCount(s.db, "user", user.id)).toBe(0);

    // The block is for that address from that IP: the member can still log in from elsewhere…
    expect(await loginMember(s.browser(), user.email)).toEqual({ status: "ok" });
    // …and another address from the throttled IP is not affected.
    const other = await createUser(s.db);
    expect(await loginMember(b, other.email)).toEqual({ status: "ok" });
  });

  it("a successful login clears the failure count", async () => {
    const user = await createUser(s.db);
    const b = s.browser();
    for (let i = 0; i < 4; i++) await errorOf(loginMember(b, user.email, `wrong-${i}`));
    expect(await loginMember(b, user.email)).toEqual({ status: "ok" });
    // Without the reset these would be failures 5–8 and the last attempt would be throttled.
    for (let i = 0; i < 4; i++) {
      expect((await errorOf(loginMember(b, user.email, `again-${i}`))).code).toBe("BAD_REQUEST");
    }
    expect(await loginMember(b, user.email)).toEqual({ status: "ok" });
  });

  it("failures for an unknown address are throttled the same way (no enumeration through the limiter)", async () => {
    const b = s.browser();
    for (let i = 0; i < 5; i++) await errorOf(loginMember(b, "ghost@example.com", `wrong-${i}`));
    expect((await errorOf(loginMember(b, "ghost@example.com", "wrong-6"))).code).toBe("TOO_MANY_REQUESTS");
  });

  it("admin login is throttled too", async () => {
    const admin = await createAdmin(s.db);
    const b = s.browser();
    for (let i = 0; i < 5; i++) await errorOf(b.call((c) => c.public.auth.adminLogin({ email: admin.email, password: `wrong-${i}` })));
    const err = await errorOf(b.call((c) => c.public.auth.adminLogin({ email: admin.email, password: ADMIN_PASSWORD })));
    expect(err.code).toBe("TOO_MANY_REQUESTS");
    expect(err.retryAfter).toBeGreaterThan(0);
    expect(await sessionCount(s.db, "admin", admin.id)).toBe(0);
  });
});

describe("other per-IP limits (Redis)", () => {
  it("sign-up: the 6th request within the hour from one IP is TOO_MANY_REQUESTS; other IPs are unaffected", async () => {
    const b = s.browser();
    for (let i = 0; i < 5; i++) expect(await b.call((c) => c.public.auth.signup({ email: `limit-${i}-${b.ip}@example.com` }))).toEqual({ status: true });
    const err = await errorOf(b.call((c) => c.public.auth.signup({ email: `limit-6-${b.ip}@example.com` })));
    expect(err).toMatchObject({ code: "TOO_MANY_REQUESTS", httpStatus: 429, message: TOO_MANY_MESSAGE });
    expect(err.retryAfter).toBeGreaterThan(0);
    expect(await s.browser().call((c) => c.public.auth.signup({ email: "limit-other-ip@example.com" }))).toEqual({ status: true });
  });

  it("forgot-password: the 6th request within the hour from one IP is TOO_MANY_REQUESTS (member and admin counted apart)", async () => {
    const b = s.browser();
    for (let i = 0; i < 5; i++) await b.call((c) => c.public.auth.forgotPassword({ email: `forgot-${i}@example.com` }));
    const err = await errorOf(b.call((c) => c.public.auth.forgotPassword({ email: "forgot-6@example.com" })));
    expect(err.code).toBe("TOO_MANY_REQUESTS");
    expect(err.retryAfter).toBeGreaterThan(0);
    expect(await b.call((c) => c.public.auth.adminForgotPassword({ email: "admin-forgot@example.com" }))).toEqual({ status: true });
  });
});

describe("logout", () => {
  it("member logout ends the session: the old cookie no longer works", async () => {
    const user = await createUser(s.db);
    const b = s.browser();
    await loginMember(b, user.email);
    const stolen = b.clone(); // the same cookie, kept elsewhere
    expect(await codeOf(stolen.call((c) => c.member.account.info()))).toBe("OK");

    expect(await b.call((c) => c.public.auth.logout())).toEqual({ status: true });
    expect(parseSetCookie(b.lastSetCookies[0]!)).toMatchObject({ name: SESSION_COOKIE.user, value: "", attributes: { "max-age": "0" } });
    expect(b.userToken).toBeUndefined();
    expect(await codeOf(b.call((c) => c.member.account.info()))).toBe("UNAUTHORIZED");
    expect(await codeOf(stolen.call((c) => c.member.account.info()))).toBe("UNAUTHORIZED");
    expect(await sessionCount(s.db, "user", user.id)).toBe(0);
  });

  it("logout ends only that browser's session", async () => {
    const user = await createUser(s.db);
    const phone = s.browser();
    const laptop = s.browser();
    await loginMember(phone, user.email);
    await loginMember(laptop, user.email);
    await phone.call((c) => c.public.auth.logout());
    expect(await codeOf(phone.call((c) => c.member.account.info()))).toBe("UNAUTHORIZED");
    expect(await codeOf(laptop.call((c) => c.member.account.info()))).toBe("OK");
  });

  it("logout without a session still answers and clears the cookie", async () => {
    const b = s.browser();
    expect(await b.call((c) => c.public.auth.logout())).toEqual({ status: true });
    expect(b.lastSetCookies[0]).toMatch(/^kir_session=;/);
  });

  it("admin logout ends the admin session: the old cookie no longer works", async () => {
    const admin = await createAdmin(s.db);
    const b = s.browser();
    expect(await b.call((c) => c.public.auth.adminLogin({ email: admin.email, password: ADMIN_PASSWORD }))).toEqual({ status: "ok" });
    expect(parseSetCookie(b.lastSetCookies[0]!).name).toBe(SESSION_COOKIE.admin);
    const rows = await s.db.select().from(admin_sessions).where(eq(admin_sessions.admin_id, admin.id));
    expect(rows.map((r) => r.id)).toEqual([hashToken(b.adminToken!)]);
    const stolen = b.clone();
    expect(await b.call((c) => c.admin.account.info())).toMatchObject({ _id: admin.id, email: admin.email });

    expect(await b.call((c) => c.public.auth.adminLogout())).toEqual({ status: true });
    expect(b.adminToken).toBeUndefined();
    expect(await codeOf(b.call((c) => c.admin.account.info()))).toBe("UNAUTHORIZED");
    expect(await codeOf(stolen.call((c) => c.admin.account.info()))).toBe("UNAUTHORIZED");
    expect(await sessionCount(s.db, "admin", admin.id)).toBe(0);
  });
});

describe("member and admin sessions", () => {
  it("coexist in one browser, and each logout ends only its own", async () => {
    const user = await createUser(s.db);
    const admin = await createAdmin(s.db);
    const b = s.browser();
    await loginMember(b, user.email);
    await b.call((c) => c.public.auth.adminLogin({ email: admin.email, password: ADMIN_PASSWORD }));
    expect(b.jar.size).toBe(2);
    expect(await b.call((c) => c.public.session.state())).toEqual({ isLogin: true, isUserLogin: true, isAdminLogin: true });
    expect((await b.call((c) => c.member.account.info()))._id).toBe(user.id);
    expect((await b.call((c) => c.admin.account.info()))._id).toBe(admin.id);

    await b.call((c) => c.public.auth.logout());
    expect(await b.call((c) => c.public.session.state())).toEqual({ isLogin: true, isUserLogin: false, isAdminLogin: true });
    expect((await b.call((c) => c.admin.account.info()))._id).toBe(admin.id);

    await loginMember(b, user.email);
    await b.call((c) => c.public.auth.adminLogout());
    expect(await b.call((c) => c.public.session.state())).toEqual({ isLogin: true, isUserLogin: true, isAdminLogin: false });
    expect((await b.call((c) => c.member.account.info()))._id).toBe(user.id);
  });

  it("a logged-in member calling admin procedures gets FORBIDDEN", async () => {
    const user = await createUser(s.db);
    const b = s.browser();
    await loginMember(b, user.email);
    expect(await codeOf(b.call((c) => c.admin.account.info()))).toBe("FORBIDDEN");
  });

  it("a logged-in admin calling member procedures gets FORBIDDEN (an admin is not a member)", async () => {
    const admin = await createAdmin(s.db);
    const b = s.browser();
    await b.call((c) => c.public.auth.adminLogin({ email: admin.email, password: ADMIN_PASSWORD }));
    expect(await codeOf(b.call((c) => c.member.account.info()))).toBe("FORBIDDEN");
    expect(
      await codeOf(b.call((c) => c.member.account.changePassword({ current_password: ADMIN_PASSWORD, password: "xxxxxx1", password_confirmation: "xxxxxx1" }))),
    ).toBe("FORBIDDEN");
    expect(await codeOf(b.call((c) => c.member.account.notification()))).toBe("FORBIDDEN");
  });

  it("a member's token presented as the admin cookie is no admin session", async () => {
    const user = await createUser(s.db);
    const b = s.browser();
    await loginMember(b, user.email);
    const forged = s.browser();
    forged.jar.set(SESSION_COOKIE.admin, b.userToken!);
    expect(await codeOf(forged.call((c) => c.admin.account.info()))).toBe("UNAUTHORIZED");
  });

  it("a visitor gets UNAUTHORIZED from both tiers", async () => {
    const b = s.browser();
    expect(await codeOf(b.call((c) => c.member.account.info()))).toBe("UNAUTHORIZED");
    expect(await codeOf(b.call((c) => c.admin.account.info()))).toBe("UNAUTHORIZED");
  });

  it("suspending a logged-in member ends their access at once", async () => {
    const user = await createUser(s.db);
    const b = s.browser();
    await loginMember(b, user.email);
    await s.db.update(users).set({ status: "suspended" }).where(eq(users.id, user.id));
    expect(await codeOf(b.call((c) => c.member.account.info()))).toBe("UNAUTHORIZED");
    expect(await sessionCount(s.db, "user", user.id)).toBe(0);
  });
});
