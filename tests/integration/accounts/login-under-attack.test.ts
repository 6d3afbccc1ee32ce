import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashPassword } from "@/server/auth/password";
import { outbox } from "@/server/db/schema";
import { LOGIN_FAILED, LOGIN_LINK_SENT, TOKEN_INVALID } from "@/server/accounts/auth";
import { codeOf, errorOf, newEmail, sessionCount, useAccountSuite } from "../../helpers/accounts";
import { createAdmin, createUser } from "../../helpers/factories";
import { tokenIn } from "../../helpers/smtp-sink";

/**
 * Twenty wrong passwords for one address, from twenty IPs, must not lock the
 * owner out: the right password is never refused, the account only asks for
 * a mailed one-time link, and a guesser cannot tell a right guess from a wrong one.
 */
const s = useAccountSuite();
const PASSWORD = "secret-pass"; // tests/helpers/factories.ts
const ADMIN_PASSWORD = "admin-pass";
const ADMIN_BASE = "/_kanri-7f3c";

const memberLogin = (email: string, password: string) => s.browser().call((c) => c.public.auth.login({ email, password }));
const adminLogin = (email: string, password: string) => s.browser().call((c) => c.public.auth.adminLogin({ email, password }));

async function attack(login: (email: string, password: string) => Promise<unknown>, email: string, n = 20): Promise<void> {
  // Each guess from a new browser (new IP): the per-IP limit never applies, only the per-account one.
  for (let i = 0; i < n; i++) expect((await errorOf(login(email, `guess-${i}`))).fieldErrors).toEqual({ email: [LOGIN_FAILED] });
}

describe("member login under a distributed guessing attack", () => {
  it("the right password is not refused: it mails a one-time login link that logs the owner in", async () => {
    const user = await createUser(s.db, { email: newEmail("attacked") });
    await attack(memberLogin, user.email);

    // The owner, from anywhere: not 429, no session yet, a link by mail.
    const mark = s.sink.mark();
    const owner = s.browser();
    const answer = await errorOf(owner.call((c) => c.public.auth.login({ email: user.email, password: PASSWORD })));
    expect(answer).toMatchObject({ code: "BAD_REQUEST", httpStatus: 400, fieldErrors: { email: [LOGIN_LINK_SENT] } });
    expect(owner.setCookies).toEqual([]);
    const mail = await s.sink.waitFor((m) => m.to.includes(user.email) && m.subject.includes("ログイン用URL"), undefined, mark);
    const token = tokenIn(mail, "/login/link");

    // The guesser's wrong password gets the very same answer, and no mail is sent for it.
    const guess = await errorOf(memberLogin(user.email, "guess-more"));
    expect(guess).toEqual(answer);

    // The link logs in once.
    expect(await owner.call((c) => c.public.auth.loginLink({ token }))).toEqual({ status: "ok" });
    expect(await owner.call((c) => c.member.account.info())).toMatchObject({ _id: user.id });
    expect((await errorOf(s.browser().call((c) => c.public.auth.loginLink({ token })))).fieldErrors).toEqual({ token: [TOKEN_INVALID] });
    expect(await sessionCount(s.db, "user", user.id)).toBe(1);
    expect(s.sink.messages.slice(mark).filter((m) => m.to.includes(user.email))).toHaveLength(1);
    // A member link does not open the admin side.
    expect((await errorOf(s.browser().call((c) => c.public.auth.adminLoginLink({ token })))).fieldErrors).toEqual({ token: [TOKEN_INVALID] });
  });

  it("right and wrong passwords do the same work under attack (one queued job each)", async () => {
    const user = await createUser(s.db, { email: newEmail("attacked") });
    await attack(memberLogin, user.email);
    // Only the request's own job is counted: the worker meanwhile queues the link's mail for the right one.
    const requests = async () => (await s.db.select().from(outbox).where(eq(outbox.job, "loginLinkRequest")).all()).length;
    for (const password of [PASSWORD, "wrong-one"]) {
      const before = await requests();
      expect((await errorOf(memberLogin(user.email, password))).fieldErrors).toEqual({ email: [LOGIN_LINK_SENT] });
      expect(await requests()).toBe(before + 1);
    }
  });

  it("other accounts are untouched, and a suspended member gets no link", async () => {
    const attacked = await createUser(s.db, { email: newEmail("attacked"), status: "suspended" });
    const other = await createUser(s.db, { email: newEmail("bystander") });
    await attack(memberLogin, attacked.email);
    expect(await memberLogin(other.email, PASSWORD)).toEqual({ status: "ok" });
    const mark = s.sink.mark();
    expect((await errorOf(memberLogin(attacked.email, PASSWORD))).fieldErrors).toEqual({ email: [LOGIN_LINK_SENT] });
    // The bystander's next login is mailed nothing and the suspended member's job has run by the time this one is sent.
    await s.browser().call((c) => c.public.auth.forgotPassword({ email: other.email }));
    await s.sink.waitFor((m) => m.to.includes(other.email), undefined, mark);
    expect(s.sink.messages.slice(mark).filter((m) => m.to.includes(attacked.email))).toEqual([]);
  });
});

describe("admin login under attack", () => {
  it("the right password mails an admin-area login link", async () => {
    const admin = await createAdmin(s.db, { email: newEmail("admin-attacked") });
    await attack(adminLogin, admin.email);
    const mark = s.sink.mark();
    expect((await errorOf(adminLogin(admin.email, ADMIN_PASSWORD))).fieldErrors).toEqual({ email: [LOGIN_LINK_SENT] });
    const token = tokenIn(await s.sink.waitFor((m) => m.to.includes(admin.email), undefined, mark), `${ADMIN_BASE}/login/link`);
    const b = s.browser();
    expect(await b.call((c) => c.public.auth.adminLoginLink({ token }))).toEqual({ status: "ok" });
    expect((await b.call((c) => c.admin.account.info()))._id).toBe(admin.id);
  });
});

describe("first login under attack", () => {
  it("the right initial password mails a reset link instead; the reset leaves a usable account", async () => {
    const INITIAL = "Init1al-Pw";
    const user = await createUser(s.db, {
      email: newEmail("first-attacked"),
      status: "provisional",
      password_hash: await hashPassword(INITIAL),
      must_reset_password: true,
      password_expires_at: new Date(Date.now() + 24 * 3600 * 1000),
    });
    const first = (current_password: string) =>
      s.browser().call((c) => c.public.auth.firstLogin({ email: user.email, current_password, password: "M1ne-now", password_confirmation: "M1ne-now" }));
    await attack((_email, pw) => first(pw), user.email);
    const mark = s.sink.mark();
    const answer = await errorOf(first(INITIAL));
    expect(answer.fieldErrors).toEqual({ email: [LOGIN_LINK_SENT] });
    expect(await errorOf(first("another-guess"))).toEqual(answer);
    const token = tokenIn(await s.sink.waitFor((m) => m.to.includes(user.email) && m.subject.includes("パスワード再設定"), undefined, mark), "/reset-password");
    expect(await s.browser().call((c) => c.public.auth.resetPassword({ token, password: "Re5et-mine", password_confirmation: "Re5et-mine" }))).toEqual({
      status: true,
    });
    // Still under attack: the login mails a link, which logs the owner in.
    const mark2 = s.sink.mark();
    expect((await errorOf(memberLogin(user.email, "Re5et-mine"))).fieldErrors).toEqual({ email: [LOGIN_LINK_SENT] });
    const link = tokenIn(await s.sink.waitFor((m) => m.to.includes(user.email) && m.subject.includes("ログイン用URL"), undefined, mark2), "/login/link");
    const b = s.browser();
    expect(await b.call((c) => c.public.auth.loginLink({ token: link }))).toEqual({ status: "ok" });
    expect(await codeOf(b.call((c) => c.member.account.info()))).toBe("OK");
  });
});
