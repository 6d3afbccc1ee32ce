import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashPassword } from "@/server/auth/password";
import { hashToken } from "@/server/auth/session";
import { admins, password_resets, users } from "@/server/db/schema";
import { INITIAL_PASSWORD_EXPIRED, LOGIN_FAILED, TOKEN_INVALID } from "@/server/accounts/auth";
import { codeOf, errorOf, outboxCount, sessionCount, useAccountSuite, type Browser } from "../../helpers/accounts";
import { createAdmin, createUser } from "../../helpers/factories";
import { linkIn, tokenIn } from "../../helpers/smtp-sink";

/** Forgotten password (members and admins) and the first login of staff-registered accounts. */
const s = useAccountSuite();

const RESET_SUBJECT = "パスワード再設定のご案内";
const ADMIN_BASE = "/_kanri-7f3c"; // env default ADMIN_BASE_PATH

async function requestMemberReset(email: string): Promise<string> {
  const mark = s.sink.mark();
  expect(await s.browser().call((c) => c.public.auth.forgotPassword({ email }))).toEqual({ status: true });
  const mail = await s.sink.waitFor((m) => m.to.includes(email) && m.subject.includes(RESET_SUBJECT), undefined, mark);
  expect(linkIn(mail, "/reset-password").pathname).toBe("/reset-password");
  return tokenIn(mail, "/reset-password");
}

async function requestAdminReset(email: string): Promise<string> {
  const mark = s.sink.mark();
  expect(await s.browser().call((c) => c.public.auth.adminForgotPassword({ email }))).toEqual({ status: true });
  const mail = await s.sink.waitFor((m) => m.to.includes(email) && m.subject.includes(RESET_SUBJECT), undefined, mark);
  expect(linkIn(mail, "/reset-password").pathname).toBe(`${ADMIN_BASE}/reset-password`);
  return tokenIn(mail, `${ADMIN_BASE}/reset-password`);
}

const loginMember = (b: Browser, email: string, password: string) => b.call((c) => c.public.auth.login({ email, password }));
const loginAdmin = (b: Browser, email: string, password: string) => b.call((c) => c.public.auth.adminLogin({ email, password }));

describe("member: forgot and reset password", () => {
  it("mails a link; resetting with its token ends every session and the new password logs in", async () => {
    const user = await createUser(s.db);
    const phone = s.browser();
    const laptop = s.browser();
    await loginMember(phone, user.email, "secret-pass");
    await loginMember(laptop, user.email, "secret-pass");
    expect(await sessionCount(s.db, "user", user.id)).toBe(2);

    const token = await requestMemberReset(user.email);
    const stored = await s.db
      .select()
      .from(password_resets)
      .where(eq(password_resets.id, hashToken(token)))
      .get();
    expect(stored).toMatchObject({ account_kind: "user", account_id: user.id, used_at: null });

    const mark = s.sink.mark();
    const b = s.browser();
    expect(await b.call((c) => c.public.auth.resetPassword({ token, password: "n3w-Secret", password_confirmation: "n3w-Secret" }))).toEqual({ status: true });
    expect(b.setCookies).toEqual([]); // a reset does not log in by itself

    expect(await codeOf(phone.call((c) => c.member.account.info()))).toBe("UNAUTHORIZED");
    expect(await codeOf(laptop.call((c) => c.member.account.info()))).toBe("UNAUTHORIZED");
    expect(await sessionCount(s.db, "user", user.id)).toBe(0);

    expect((await errorOf(loginMember(s.browser(), user.email, "secret-pass"))).fieldErrors).toEqual({ email: [LOGIN_FAILED] });
    const fresh = s.browser();
    expect(await loginMember(fresh, user.email, "n3w-Secret")).toEqual({ status: "ok" });
    expect(await codeOf(fresh.call((c) => c.member.account.info()))).toBe("OK");

    // The member is told that the password changed.
    const notice = await s.sink.waitFor((m) => m.to.includes(user.email) && m.subject.includes("パスワード"), undefined, mark);
    expect(notice.subject).not.toContain(RESET_SUBJECT);
  });

  it("the token cannot be reused", async () => {
    const user = await createUser(s.db);
    const token = await requestMemberReset(user.email);
    await s.browser().call((c) => c.public.auth.resetPassword({ token, password: "first-new", password_confirmation: "first-new" }));
    const err = await errorOf(s.browser().call((c) => c.public.auth.resetPassword({ token, password: "second-new", password_confirmation: "second-new" })));
    expect(err.fieldErrors).toEqual({ token: [TOKEN_INVALID] });
    expect(await loginMember(s.browser(), user.email, "first-new")).toEqual({ status: "ok" });
    expect((await errorOf(loginMember(s.browser(), user.email, "second-new"))).code).toBe("BAD_REQUEST");
  });

  it("an expired token fails and the password stays", async () => {
    const user = await createUser(s.db);
    const token = await requestMemberReset(user.email);
    await s.db
      .update(password_resets)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(password_resets.id, hashToken(token)));
    const err = await errorOf(s.browser().call((c) => c.public.auth.resetPassword({ token, password: "n3w-Secret", password_confirmation: "n3w-Secret" })));
    expect(err.fieldErrors).toEqual({ token: [TOKEN_INVALID] });
    expect(await loginMember(s.browser(), user.email, "secret-pass")).toEqual({ status: "ok" });
  });

  it("the new password is validated like any other (spec §5)", async () => {
    const user = await createUser(s.db);
    const token = await requestMemberReset(user.email);
    const short = await errorOf(s.browser().call((c) => c.public.auth.resetPassword({ token, password: "abc", password_confirmation: "abc" })));
    expect(short.fieldErrors).toEqual({ password: ["パスワードは8文字以上で入力してください"] });
    const mismatch = await errorOf(s.browser().call((c) => c.public.auth.resetPassword({ token, password: "Abcdef-19", password_confirmation: "Abcdef-18" })));
    expect(mismatch.fieldErrors).toEqual({ password_confirmation: ["パスワード（確認）が一致しません"] });
    // The token survived the rejected forms.
    expect(await s.browser().call((c) => c.public.auth.resetPassword({ token, password: "Abcdef-19", password_confirmation: "Abcdef-19" }))).toEqual({
      status: true,
    });
  });

  // Changed on purpose (issue 16, item 9): every request now queues one job (the lookup runs in the
  // worker), so the outbox grows by one for a known and an unknown address alike.
  it("an unknown address gets the same answer and no mail", async () => {
    const user = await createUser(s.db);
    const before = await outboxCount(s.db);
    const mark = s.sink.mark();
    const answer = await s.browser().call((c) => c.public.auth.forgotPassword({ email: "nobody-at-all@example.com" }));
    expect(answer).toEqual({ status: true });
    expect(await outboxCount(s.db)).toBe(before + 1);
    // A known address requested afterwards is delivered; nothing went to the unknown one.
    await requestMemberReset(user.email);
    expect(s.sink.messages.slice(mark).filter((m) => m.to.includes("nobody-at-all@example.com"))).toEqual([]);
  });

  it("a suspended member gets the same answer and no mail", async () => {
    const user = await createUser(s.db, { status: "suspended" });
    const before = await outboxCount(s.db);
    expect(await s.browser().call((c) => c.public.auth.forgotPassword({ email: user.email }))).toEqual({ status: true });
    expect(await outboxCount(s.db)).toBe(before + 1); // the request job, as for anyone
    // A later request of an active member is mailed; by then the suspended one's job has run: no link, no mail.
    const active = await createUser(s.db);
    await requestMemberReset(active.email);
    expect(await s.db.select().from(password_resets).where(eq(password_resets.account_id, user.id)).all()).toEqual([]);
    expect(s.sink.messages.filter((m) => m.to.includes(user.email))).toEqual([]);
  });

  it("a member's reset token does not work on the admin reset", async () => {
    const user = await createUser(s.db);
    const token = await requestMemberReset(user.email);
    const err = await errorOf(
      s.browser().call((c) => c.public.auth.adminResetPassword({ token, password: "n3w-Secret", password_confirmation: "n3w-Secret" })),
    );
    expect(err.fieldErrors).toEqual({ token: [TOKEN_INVALID] });
    // Still usable where it belongs.
    expect(await s.browser().call((c) => c.public.auth.resetPassword({ token, password: "n3w-Secret", password_confirmation: "n3w-Secret" }))).toEqual({
      status: true,
    });
  });
});

describe("admin: forgot and reset password", () => {
  it("mails an admin-area link; the reset ends admin sessions and the new password logs in", async () => {
    const admin = await createAdmin(s.db);
    const b = s.browser();
    await loginAdmin(b, admin.email, "admin-pass");
    const other = s.browser();
    await loginAdmin(other, admin.email, "admin-pass");

    const token = await requestAdminReset(admin.email);
    expect(await s.browser().call((c) => c.public.auth.adminResetPassword({ token, password: "adm1n-New", password_confirmation: "adm1n-New" }))).toEqual({
      status: true,
    });
    expect(await codeOf(b.call((c) => c.admin.account.info()))).toBe("UNAUTHORIZED");
    expect(await codeOf(other.call((c) => c.admin.account.info()))).toBe("UNAUTHORIZED");
    expect(await sessionCount(s.db, "admin", admin.id)).toBe(0);

    expect((await errorOf(loginAdmin(s.browser(), admin.email, "admin-pass"))).fieldErrors).toEqual({ email: [LOGIN_FAILED] });
    const fresh = s.browser();
    expect(await loginAdmin(fresh, admin.email, "adm1n-New")).toEqual({ status: "ok" });
    expect((await fresh.call((c) => c.admin.account.info()))._id).toBe(admin.id);

    const reuse = await errorOf(
      s.browser().call((c) => c.public.auth.adminResetPassword({ token, password: "again-New", password_confirmation: "again-New" })),
    );
    expect(reuse.fieldErrors).toEqual({ token: [TOKEN_INVALID] });
  });

  it("an expired admin token fails", async () => {
    const admin = await createAdmin(s.db);
    const token = await requestAdminReset(admin.email);
    await s.db
      .update(password_resets)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(password_resets.id, hashToken(token)));
    const err = await errorOf(s.browser().call((c) => c.public.auth.adminResetPassword({ token, password: "adm1n-New", password_confirmation: "adm1n-New" })));
    expect(err.fieldErrors).toEqual({ token: [TOKEN_INVALID] });
    expect(await loginAdmin(s.browser(), admin.email, "admin-pass")).toEqual({ status: "ok" });
  });

  it("an admin token does not work on the member reset", async () => {
    const admin = await createAdmin(s.db);
    const token = await requestAdminReset(admin.email);
    const err = await errorOf(s.browser().call((c) => c.public.auth.resetPassword({ token, password: "adm1n-New", password_confirmation: "adm1n-New" })));
    expect(err.fieldErrors).toEqual({ token: [TOKEN_INVALID] });
  });

  it("an unknown admin address (or a member's address) gets the same answer and no mail", async () => {
    const member = await createUser(s.db);
    const before = await outboxCount(s.db);
    expect(await s.browser().call((c) => c.public.auth.adminForgotPassword({ email: "no-admin@example.com" }))).toEqual({ status: true });
    expect(await s.browser().call((c) => c.public.auth.adminForgotPassword({ email: member.email }))).toEqual({ status: true });
    expect(await outboxCount(s.db)).toBe(before + 2); // one request job each, as for a real admin
    const admin = await createAdmin(s.db);
    await requestAdminReset(admin.email);
    expect(s.sink.messages.filter((m) => m.to.includes("no-admin@example.com") || m.to.includes(member.email))).toEqual([]);
  });
});

describe("first login of staff-registered accounts", () => {
  const INITIAL = "Init1al-Pw";

  async function staffRegisteredUser(expiresInMs: number) {
    return createUser(s.db, {
      password_hash: await hashPassword(INITIAL),
      must_reset_password: true,
      password_expires_at: new Date(Date.now() + expiresInMs),
    });
  }

  it("login with the initial password answers first_login and sets no cookie", async () => {
    const user = await staffRegisteredUser(24 * 3600 * 1000);
    const b = s.browser();
    expect(await loginMember(b, user.email, INITIAL)).toEqual({ status: "first_login" });
    expect(b.setCookies).toEqual([]);
    expect(await sessionCount(s.db, "user", user.id)).toBe(0);
    expect(await codeOf(b.call((c) => c.member.account.info()))).toBe("UNAUTHORIZED");
  });

  it("firstLogin with the initial password sets the new one and logs in", async () => {
    const user = await staffRegisteredUser(24 * 3600 * 1000);
    const b = s.browser();
    const r = await b.call((c) =>
      c.public.auth.firstLogin({ email: user.email, current_password: INITIAL, password: "M1ne-now", password_confirmation: "M1ne-now" }),
    );
    expect(r).toEqual({ status: "ok" });
    expect(b.userToken).toBeDefined();
    expect(await b.call((c) => c.member.account.info())).toMatchObject({ _id: user.id, must_reset_password: false, status: "active" });

    const row = await s.db.select().from(users).where(eq(users.id, user.id)).get();
    expect(row).toMatchObject({ must_reset_password: false, password_expires_at: null });
    expect((await errorOf(loginMember(s.browser(), user.email, INITIAL))).fieldErrors).toEqual({ email: [LOGIN_FAILED] });
    expect(await loginMember(s.browser(), user.email, "M1ne-now")).toEqual({ status: "ok" });
    // Done once: the first-login form no longer applies.
    expect(
      (
        await errorOf(
          s
            .browser()
            .call((c) =>
              c.public.auth.firstLogin({ email: user.email, current_password: "M1ne-now", password: "Other-1234", password_confirmation: "Other-1234" }),
            ),
        )
      ).fieldErrors,
    ).toEqual({ email: [LOGIN_FAILED] });
  });

  it("firstLogin with a wrong initial password is the login error and changes nothing", async () => {
    const user = await staffRegisteredUser(24 * 3600 * 1000);
    const b = s.browser();
    const err = await errorOf(
      b.call((c) => c.public.auth.firstLogin({ email: user.email, current_password: "wrong-one", password: "M1ne-now", password_confirmation: "M1ne-now" })),
    );
    expect(err.fieldErrors).toEqual({ email: [LOGIN_FAILED] });
    expect(b.setCookies).toEqual([]);
    expect(await loginMember(s.browser(), user.email, INITIAL)).toEqual({ status: "first_login" });
  });

  it("an expired initial password gives the expiry message (login and firstLogin)", async () => {
    const user = await staffRegisteredUser(-1000);
    const b = s.browser();
    expect((await errorOf(loginMember(b, user.email, INITIAL))).fieldErrors).toEqual({ password: [INITIAL_PASSWORD_EXPIRED] });
    const err = await errorOf(
      b.call((c) => c.public.auth.firstLogin({ email: user.email, current_password: INITIAL, password: "M1ne-now", password_confirmation: "M1ne-now" })),
    );
    expect(err.fieldErrors).toEqual({ current_password: [INITIAL_PASSWORD_EXPIRED] });
    expect(b.setCookies).toEqual([]);
    expect(await sessionCount(s.db, "user", user.id)).toBe(0);
    expect((await s.db.select().from(users).where(eq(users.id, user.id)).get())?.must_reset_password).toBe(true);
  });

  // BUG (src/server/accounts/auth.ts, firstLogin): the account's status is never checked, and a
  // successful first login sets status "active". A staff-registered member whom an admin suspended before
  // their first login lifts the suspension themselves with the mailed initial password. login() refuses
  // the same member (status must be "active"), so firstLogin should refuse too.
  it("BUG: a suspended staff-registered member cannot lift the suspension through firstLogin", async () => {
    const user = await staffRegisteredUser(24 * 3600 * 1000);
    await s.db.update(users).set({ status: "suspended" }).where(eq(users.id, user.id));
    expect((await errorOf(loginMember(s.browser(), user.email, INITIAL))).fieldErrors).toEqual({ email: [LOGIN_FAILED] });

    const b = s.browser();
    const outcome = await b
      .call((c) => c.public.auth.firstLogin({ email: user.email, current_password: INITIAL, password: "M1ne-now", password_confirmation: "M1ne-now" }))
      .then(
        (r) => r,
        (e: unknown) => e,
      );
    expect((await s.db.select().from(users).where(eq(users.id, user.id)).get())?.status).toBe("suspended");
    expect(outcome).not.toEqual({ status: "ok" });
    expect(b.setCookies).toEqual([]);
    expect(await sessionCount(s.db, "user", user.id)).toBe(0);
  });

  // BUG (src/server/accounts/auth.ts, firstLogin): a wrong initial password is neither counted
  // (no penalize("loginFailure", email|ip)) nor checked against the lock-out (no assertNotLimited), so the
  // per-address+IP login limit that guards login() does not guard this second password check: guesses at
  // the initial password continue without limit, even for an address already locked out of login.
  it("BUG: wrong initial passwords on firstLogin are throttled like failed logins", async () => {
    const user = await staffRegisteredUser(24 * 3600 * 1000);
    const b = s.browser();
    for (let i = 0; i < 5; i++) {
      const err = await errorOf(
        b.call((c) => c.public.auth.firstLogin({ email: user.email, current_password: `guess-${i}`, password: "M1ne-now", password_confirmation: "M1ne-now" })),
      );
      expect(err.fieldErrors).toEqual({ email: [LOGIN_FAILED] });
    }
    const sixth = await errorOf(
      b.call((c) => c.public.auth.firstLogin({ email: user.email, current_password: "guess-6", password: "M1ne-now", password_confirmation: "M1ne-now" })),
    );
    expect(sixth.code).toBe("TOO_MANY_REQUESTS");
  });

  it("admins: adminLogin answers first_login; adminFirstLogin sets the new password and logs in", async () => {
    const admin = await createAdmin(s.db, {
      password_hash: await hashPassword(INITIAL),
      must_reset_password: true,
      password_expires_at: new Date(Date.now() + 3600 * 1000),
    });
    const b = s.browser();
    expect(await loginAdmin(b, admin.email, INITIAL)).toEqual({ status: "first_login" });
    expect(b.setCookies).toEqual([]);
    expect(
      await b.call((c) =>
        c.public.auth.adminFirstLogin({ email: admin.email, current_password: INITIAL, password: "Adm1n-mine", password_confirmation: "Adm1n-mine" }),
      ),
    ).toEqual({ status: "ok" });
    expect(await b.call((c) => c.admin.account.info())).toMatchObject({ _id: admin.id, must_reset_password: false });
    expect((await s.db.select().from(admins).where(eq(admins.id, admin.id)).get())?.must_reset_password).toBe(false);
  });
});
