import { and, count, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DUPLICATE_EMAIL_MESSAGE, UNACCEPTABLE_EMAIL_MESSAGE } from "@/lib/email";
import { bookmarks, filters, investments, notification_settings, users } from "@/server/db/schema";
import { LOGIN_FAILED, TOKEN_INVALID } from "@/server/accounts/auth";
import { WRONG_PASSWORD } from "@/server/accounts/settings";
import { codeOf, errorOf, newEmail, outboxCount, sessionCount, useAccountSuite, validRegistration, type Browser } from "../../helpers/accounts";
import { createUser } from "../../helpers/factories";
import { linkIn, tokenIn } from "../../helpers/smtp-sink";

/** My Page account settings (spec §7 Member): e-mail, password, notifications, withdrawal. */
const s = useAccountSuite();

const PASSWORD = "secret-pass"; // tests/helpers/factories.ts

/** A member logged in through the real login procedure, in a browser of their own. */
async function loggedInMember(over: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(s.db, { email: newEmail("settings"), ...over });
  const b = s.browser();
  expect(await b.call((c) => c.public.auth.login({ email: user.email, password: PASSWORD }))).toEqual({ status: "ok" });
  return { user, b };
}

async function login(email: string, password: string): Promise<Browser> {
  const b = s.browser();
  expect(await b.call((c) => c.public.auth.login({ email, password }))).toEqual({ status: "ok" });
  return b;
}

describe("change e-mail", () => {
  it("a wrong password is a field error and nothing is mailed", async () => {
    const { b } = await loggedInMember();
    const before = await outboxCount(s.db);
    const err = await errorOf(b.call((c) => c.member.account.changeEmail({ email: newEmail("new"), password: "wrong-pass" })));
    expect(err.code).toBe("BAD_REQUEST");
    expect(err.fieldErrors).toEqual({ password: [WRONG_PASSWORD] });
    expect(await outboxCount(s.db)).toBe(before);
  });

  // Changed on purpose (issue 16, item 9): the member used to be told 既に登録されています, which let any
  // member test whether an address has an account. Now the answer is the ordinary one and the address's
  // owner gets a notice; nothing changes.
  it("an address another member uses: the ordinary answer, a notice to that address's owner, nothing changes", async () => {
    const other = await createUser(s.db, { email: newEmail("taken") });
    const { user, b } = await loggedInMember();
    const mark = s.sink.mark();
    expect(await b.call((c) => c.member.account.changeEmail({ email: other.email, password: PASSWORD }))).toEqual({ status: true });
    const notice = await s.sink.waitFor((m) => m.to.includes(other.email), undefined, mark);
    expect(notice.subject).toContain("メールアドレス変更について");
    expect(notice.text).toContain("すでに会員登録に使われている");
    expect(notice.text).not.toContain("/email/confirm");
    expect((await s.db.select().from(users).where(eq(users.id, user.id)).get())?.email).toBe(user.email);
  });

  it("an unacceptable address gives ご登録できないメールアドレスです", async () => {
    const { b } = await loggedInMember();
    const err = await errorOf(b.call((c) => c.member.account.changeEmail({ email: "x@mailinator.com", password: PASSWORD })));
    expect(err.fieldErrors).toEqual({ email: [UNACCEPTABLE_EMAIL_MESSAGE] });
  });

  it("an empty new address gives the labelled required message", async () => {
    const { b } = await loggedInMember();
    const err = await errorOf(b.call((c) => c.member.account.changeEmail({ email: "", password: PASSWORD })));
    expect(err.fieldErrors).toEqual({ email: ["新しいメールアドレスを入力してください"] });
  });

  it("a valid change mails the NEW address a link that confirmEmail accepts; the old address gets a notice", async () => {
    const { user, b } = await loggedInMember();
    const next = newEmail("moved");
    const mark = s.sink.mark();
    expect(await b.call((c) => c.member.account.changeEmail({ email: next, password: PASSWORD }))).toEqual({ status: true });

    const mail = await s.sink.waitFor((m) => m.to.includes(next) && m.subject.includes("メールアドレス変更の確認"), undefined, mark);
    expect(linkIn(mail, "/email/confirm").origin).toBe("http://localhost:3000");
    const token = tokenIn(mail, "/email/confirm");
    // Nothing changes until the link is opened.
    expect((await b.call((c) => c.member.account.info())).email).toBe(user.email);

    // The link works without a session (opened in the mail client's browser).
    expect(await s.browser().call((c) => c.public.auth.confirmEmail({ token }))).toEqual({ email: next });
    expect((await b.call((c) => c.member.account.info())).email).toBe(next);

    const notice = await s.sink.waitFor((m) => m.to.includes(user.email) && m.subject.includes("メールアドレスが変更されました"), undefined, mark);
    expect(notice.text).toContain(next);
    expect(s.sink.messages.slice(mark).filter((m) => m.to.includes(user.email) && m.subject.includes("変更の確認"))).toEqual([]);

    // The new address logs in; the old one no longer does.
    await login(next, PASSWORD);
    expect((await errorOf(s.browser().call((c) => c.public.auth.login({ email: user.email, password: PASSWORD })))).fieldErrors).toEqual({
      email: [LOGIN_FAILED],
    });
    // The link is single-use.
    expect((await errorOf(s.browser().call((c) => c.public.auth.confirmEmail({ token })))).fieldErrors).toEqual({ token: [TOKEN_INVALID] });
  });

  it("if someone else takes the address before the link is opened, confirmation is refused", async () => {
    const { user, b } = await loggedInMember();
    const next = newEmail("contested");
    const mark = s.sink.mark();
    await b.call((c) => c.member.account.changeEmail({ email: next, password: PASSWORD }));
    const token = tokenIn(await s.sink.waitFor((m) => m.to.includes(next), undefined, mark), "/email/confirm");
    await createUser(s.db, { email: next });
    expect((await errorOf(s.browser().call((c) => c.public.auth.confirmEmail({ token })))).fieldErrors).toEqual({ email: [DUPLICATE_EMAIL_MESSAGE] });
    expect((await b.call((c) => c.member.account.info())).email).toBe(user.email);
  });
});

describe("profile", () => {
  it("update changes the member's own profile; an invalid field is keyed by its path and changes nothing", async () => {
    const { b } = await loggedInMember();
    const { token: _t, password: _p, password_confirmation: _c, ...profile } = validRegistration("unused");
    expect(await b.call((c) => c.member.account.update({ ...profile, names: { last: "佐藤", first: "花子" }, tel: "０６−９８７６−５４３２" }))).toEqual({
      status: true,
    });
    expect(await b.call((c) => c.member.account.profile())).toMatchObject({ names: { last: "佐藤", first: "花子" }, tel: "06-9876-5432" });
    expect((await b.call((c) => c.member.account.info())).names).toEqual({ last: "佐藤", first: "花子" });

    const err = await errorOf(b.call((c) => c.member.account.update({ ...profile, kanas: { last: "さとう", first: "ハナコ" } })));
    expect(err.fieldErrors).toEqual({ "kanas.last": ["セイは全角カタカナで入力してください"] });
    expect((await b.call((c) => c.member.account.profile()))?.kanas).toEqual({ last: "ヤマダ", first: "タロウ" });
  });

  it("FAX as the contact method needs a FAX number, as on the inquiry forms (one rule); with one it is saved", async () => {
    const { b } = await loggedInMember();
    const { token: _t, password: _p, password_confirmation: _c, ...profile } = validRegistration("unused");
    const before = await b.call((c) => c.member.account.profile());
    const err = await errorOf(b.call((c) => c.member.account.update({ ...profile, fax: "", contact: { method: ["fax"], time: "anytime" } })));
    expect(err.fieldErrors).toEqual({ fax: ["FAX番号を入力してください"] });
    expect(await b.call((c) => c.member.account.profile())).toEqual(before);
    expect(await b.call((c) => c.member.account.update({ ...profile, fax: "06-1234-5679", contact: { method: ["fax"], time: "anytime" } }))).toEqual({
      status: true,
    });
    expect(await b.call((c) => c.member.account.profile())).toMatchObject({ fax: "06-1234-5679", contact: { method: ["fax"] } });
  });
});

describe("change password", () => {
  it("a wrong current password answers {status:false} and changes nothing", async () => {
    const { user, b } = await loggedInMember();
    expect(
      await b.call((c) => c.member.account.changePassword({ current_password: "not-it", password: "n3w-Pass", password_confirmation: "n3w-Pass" })),
    ).toEqual({ status: false });
    await login(user.email, PASSWORD);
    expect(await codeOf(b.call((c) => c.member.account.info()))).toBe("OK");
  });

  it("the right one answers {status:true}: other sessions end, the current one stays, the new password logs in", async () => {
    const { user, b } = await loggedInMember();
    const other = await login(user.email, PASSWORD);
    const mark = s.sink.mark();
    expect(
      await b.call((c) => c.member.account.changePassword({ current_password: PASSWORD, password: "n3w-Pass", password_confirmation: "n3w-Pass" })),
    ).toEqual({ status: true });
    expect(await codeOf(b.call((c) => c.member.account.info()))).toBe("OK");
    expect(await codeOf(other.call((c) => c.member.account.info()))).toBe("UNAUTHORIZED");
    expect(await sessionCount(s.db, "user", user.id)).toBe(1);

    expect((await errorOf(s.browser().call((c) => c.public.auth.login({ email: user.email, password: PASSWORD })))).code).toBe("BAD_REQUEST");
    await login(user.email, "n3w-Pass");
    await s.sink.waitFor((m) => m.to.includes(user.email) && m.subject.includes("パスワードが変更されました"), undefined, mark);
  });

  it("the new password and its confirmation are validated", async () => {
    const { b } = await loggedInMember();
    const err = await errorOf(
      b.call((c) => c.member.account.changePassword({ current_password: PASSWORD, password: "n3w-Pass", password_confirmation: "other" })),
    );
    expect(err.fieldErrors).toEqual({ password_confirmation: ["パスワード（確認）が一致しません"] });
  });
});

describe("notification settings", () => {
  it("round-trips through setNotification and notification", async () => {
    const { b } = await loggedInMember();
    expect(await b.call((c) => c.member.account.notification())).toEqual({ matching: "instant", newsletter: true });
    expect(await b.call((c) => c.member.account.setNotification({ matching: "daily", newsletter: false }))).toEqual({ matching: "daily", newsletter: false });
    expect(await b.call((c) => c.member.account.notification())).toEqual({ matching: "daily", newsletter: false });
    await b.call((c) => c.member.account.setNotification({ matching: "off", newsletter: true }));
    expect(await b.call((c) => c.member.account.notification())).toEqual({ matching: "off", newsletter: true });
  });

  it("rejects an unknown choice with a field error", async () => {
    const { b } = await loggedInMember();
    const err = await errorOf(b.call((c) => c.member.account.setNotification({ matching: "hourly" as "daily", newsletter: true })));
    expect(err.code).toBe("BAD_REQUEST");
    expect(Object.keys(err.fieldErrors ?? {})).toEqual(["matching"]);
  });

  it("each member sees only their own settings", async () => {
    const a = await loggedInMember();
    const other = await loggedInMember();
    await a.b.call((c) => c.member.account.setNotification({ matching: "off", newsletter: false }));
    expect(await other.b.call((c) => c.member.account.notification())).toEqual({ matching: "instant", newsletter: true });
  });
});

describe("delete account (withdrawal)", () => {
  async function addBookmarkAndFilter(userId: number) {
    const [inv] = await s.db
      .insert(investments)
      .values({ type_cd: 1, name: "テスト物件", pref_cd: 27, city_cd: "271271", district_cd: "梅田一丁目", price: 5000 })
      .returning({ id: investments.id });
    await s.db.insert(bookmarks).values({ user_id: userId, investment_id: inv!.id, price_at_bookmark: 5000 });
    await s.db.insert(filters).values({ user_id: userId, name: "大阪の一棟", query: { pref: [27] } });
  }

  it("a wrong password is a field error and nothing is removed", async () => {
    const { user, b } = await loggedInMember();
    await addBookmarkAndFilter(user.id);
    const err = await errorOf(b.call((c) => c.member.account.delete({ password: "wrong-pass" })));
    expect(err.fieldErrors).toEqual({ password: [WRONG_PASSWORD] });
    expect((await s.db.select().from(users).where(eq(users.id, user.id)).get())?.deleted_at).toBeNull();
    expect((await s.db.select({ n: count() }).from(bookmarks).where(eq(bookmarks.user_id, user.id)).get())?.n).toBe(1);
    expect(await codeOf(b.call((c) => c.member.account.info()))).toBe("OK");
  });

  it("the right password soft-deletes, removes bookmarks and filters, ends every session; the address can sign up again", async () => {
    const { user, b } = await loggedInMember();
    const other = await login(user.email, PASSWORD);
    await addBookmarkAndFilter(user.id);
    await b.call((c) => c.member.account.setNotification({ matching: "daily", newsletter: true }));
    const mark = s.sink.mark();

    expect(await b.call((c) => c.member.account.delete({ password: PASSWORD }))).toEqual({ status: true });
    expect(b.lastSetCookies.some((v) => /^kir_session=;.*Max-Age=0/.test(v))).toBe(true);
    expect(b.userToken).toBeUndefined();

    const row = await s.db.select().from(users).where(eq(users.id, user.id)).get();
    expect(row?.deleted_at).toBeInstanceOf(Date);
    expect(row?.deleted_reason).toBe("self");
    expect((await s.db.select({ n: count() }).from(bookmarks).where(eq(bookmarks.user_id, user.id)).get())?.n).toBe(0);
    expect((await s.db.select({ n: count() }).from(filters).where(eq(filters.user_id, user.id)).get())?.n).toBe(0);
    expect((await s.db.select({ n: count() }).from(notification_settings).where(eq(notification_settings.user_id, user.id)).get())?.n).toBe(0);
    expect(await sessionCount(s.db, "user", user.id)).toBe(0);
    expect(await codeOf(other.call((c) => c.member.account.info()))).toBe("UNAUTHORIZED");
    expect((await errorOf(s.browser().call((c) => c.public.auth.login({ email: user.email, password: PASSWORD })))).fieldErrors).toEqual({
      email: [LOGIN_FAILED],
    });
    await s.sink.waitFor((m) => m.to.includes(user.email) && m.subject.includes("退会手続きが完了しました"), undefined, mark);

    // Signing up again gets a fresh registration link (not the "already registered" mail) and a new account.
    const again = s.browser();
    expect(await again.call((c) => c.public.auth.signup({ email: user.email }))).toEqual({ status: true });
    const mail = await s.sink.waitFor((m) => m.to.includes(user.email) && m.subject.includes("会員登録のご案内"), undefined, mark);
    expect(s.sink.messages.slice(mark).filter((m) => m.to.includes(user.email) && m.subject.includes("会員登録について"))).toEqual([]);
    expect(await again.call((c) => c.public.auth.register(validRegistration(tokenIn(mail, "/signup/register"))))).toEqual({ status: true });
    const info = await again.call((c) => c.member.account.info());
    expect(info.email).toBe(user.email);
    expect(info._id).not.toBe(user.id);
    const live = await s.db
      .select()
      .from(users)
      .where(and(eq(users.email, user.email), isNull(users.deleted_at)));
    expect(live.map((u) => u.id)).toEqual([info._id]);
  });

  it("an e-mail change link requested before withdrawal no longer works after it", async () => {
    const { b } = await loggedInMember();
    const next = newEmail("after-delete");
    const mark = s.sink.mark();
    await b.call((c) => c.member.account.changeEmail({ email: next, password: PASSWORD }));
    const token = tokenIn(await s.sink.waitFor((m) => m.to.includes(next), undefined, mark), "/email/confirm");
    await b.call((c) => c.member.account.delete({ password: PASSWORD }));
    expect((await errorOf(s.browser().call((c) => c.public.auth.confirmEmail({ token })))).fieldErrors).toEqual({ token: [TOKEN_INVALID] });
  });
});
