import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DUPLICATE_EMAIL_MESSAGE, UNACCEPTABLE_EMAIL_MESSAGE } from "@/lib/email";
import { hashToken } from "@/server/auth/session";
import { email_verifications, notification_settings, users } from "@/server/db/schema";
import { TOKEN_INVALID } from "@/server/accounts/auth";
import { codeOf, errorOf, newEmail, outboxCount, useAccountSuite, validRegistration, type RegisterData } from "../../helpers/accounts";
import { linkIn, tokenIn } from "../../helpers/smtp-sink";

/** Sign-up (spec §7 /sanctum/signup) → mailed link → registration (/sanctum/register), through the real mail path. */
const s = useAccountSuite();

const SIGNUP_SUBJECT = "会員登録のご案内";
const EXISTS_SUBJECT = "会員登録について";

async function signupAndReadToken(email: string): Promise<string> {
  const mark = s.sink.mark();
  const b = s.browser();
  expect(await b.call((c) => c.public.auth.signup({ email }))).toEqual({ status: true });
  const mail = await s.sink.waitFor((m) => m.to.includes(email) && m.subject.includes(SIGNUP_SUBJECT), undefined, mark);
  return tokenIn(mail, "/signup/register");
}

async function userCount(): Promise<number> {
  return (await s.db.select({ n: count() }).from(users).get())?.n ?? 0;
}

describe("sign-up and registration", () => {
  it("mails a registration link; following it with valid data registers and logs the member in", async () => {
    const email = newEmail("signup");
    const b = s.browser();
    expect(await b.call((c) => c.public.auth.signup({ email }))).toEqual({ status: true });
    expect(b.lastSetCookies).toEqual([]);

    const mail = await s.sink.waitFor((m) => m.to.includes(email) && m.subject.includes(SIGNUP_SUBJECT));
    expect(mail.envelopeTo).toEqual([email]);
    const link = linkIn(mail, "/signup/register");
    expect(link.origin).toBe("http://localhost:3000");
    expect(mail.html).toContain(link.searchParams.get("token"));
    const token = tokenIn(mail, "/signup/register");

    // The registration page is opened in the same browser; it is a visitor until registration completes.
    expect(await b.call((c) => c.public.session.state())).toEqual({ isLogin: false, isUserLogin: false, isAdminLogin: false });
    expect(await b.call((c) => c.public.auth.register(validRegistration(token)))).toEqual({ status: true });
    expect(b.userToken).toMatch(/^[a-z2-7]{32}$/);
    const sessionCookie = b.lastSetCookies.find((v) => v.startsWith("kir_session="));
    expect(sessionCookie).toMatch(/HttpOnly/);
    expect(sessionCookie).toMatch(/SameSite=Lax/);

    const info = await b.call((c) => c.member.account.info());
    expect(info).toMatchObject({ email, names: { last: "山田", first: "太郎" }, status: "active", must_reset_password: false });
    expect(await b.call((c) => c.public.session.state())).toEqual({ isLogin: true, isUserLogin: true, isAdminLogin: false });

    const profile = await b.call((c) => c.member.account.profile());
    expect(profile).toMatchObject({
      email,
      kanas: { last: "ヤマダ", first: "タロウ" },
      zip: "530-0001",
      pref: "大阪府",
      tel: "06-1234-5678",
      job: "employee",
      salary: "500_700",
      money: "1000",
      contact: { method: ["email"], time: "anytime" },
    });

    const row = await s.db.select().from(users).where(eq(users.email, email)).get();
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.email_verified_at).toBeInstanceOf(Date);
    expect(await s.db.select().from(notification_settings).where(eq(notification_settings.user_id, row!.id)).get()).toBeTruthy();

    // The new password logs in from another browser.
    const other = s.browser();
    expect(await other.call((c) => c.public.auth.login({ email, password: "Pass-w0rd!" }))).toEqual({ status: "ok" });
  });

  it("a registered address gets the 'already registered' mail and the same answer (no enumeration)", async () => {
    const email = newEmail("dup");
    const token = await signupAndReadToken(email);
    await s.browser().call((c) => c.public.auth.register(validRegistration(token)));
    const before = await userCount();

    const fresh = newEmail("fresh");
    const answerNew = await s.browser().call((c) => c.public.auth.signup({ email: fresh }));
    const answerExisting = await s.browser().call((c) => c.public.auth.signup({ email }));
    expect(answerExisting).toEqual(answerNew);

    const notice = await s.sink.waitFor((m) => m.to.includes(email) && m.subject.includes(EXISTS_SUBJECT));
    expect(notice.text).toContain("すでに会員登録済み");
    expect(linkIn(notice, "/login").pathname).toBe("/login");
    expect(linkIn(notice, "/forgot-password").pathname).toBe("/forgot-password");
    expect(notice.text).not.toMatch(/token=/);
    await s.sink.waitFor((m) => m.to.includes(fresh) && m.subject.includes(SIGNUP_SUBJECT));
    // No second registration link went to the existing member.
    expect(s.sink.to(email).filter((m) => m.subject.includes(SIGNUP_SUBJECT))).toHaveLength(1);
    expect(await userCount()).toBe(before);
  });

  it("the address is normalised (case, full-width) before the lookup, so the existing member is still recognised", async () => {
    const email = newEmail("case");
    const token = await signupAndReadToken(email);
    await s.browser().call((c) => c.public.auth.register(validRegistration(token)));
    expect(await s.browser().call((c) => c.public.auth.signup({ email: `  ${email.toUpperCase()} ` }))).toEqual({ status: true });
    await s.sink.waitFor((m) => m.to.includes(email) && m.subject.includes(EXISTS_SUBJECT));
  });

  it("a reused link gives the token error and creates nothing", async () => {
    const email = newEmail("reuse");
    const token = await signupAndReadToken(email);
    await s.browser().call((c) => c.public.auth.register(validRegistration(token)));
    const before = await userCount();

    const b = s.browser();
    const err = await errorOf(b.call((c) => c.public.auth.register(validRegistration(token, { names: { last: "別人", first: "次郎" } }))));
    expect(err.code).toBe("BAD_REQUEST");
    expect(err.httpStatus).toBe(400);
    expect(err.fieldErrors).toEqual({ token: [TOKEN_INVALID] });
    expect(b.lastSetCookies).toEqual([]);
    expect(await userCount()).toBe(before);
  });

  it("an expired link gives the token error and creates nothing", async () => {
    const email = newEmail("expired");
    const token = await signupAndReadToken(email);
    await s.db
      .update(email_verifications)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(email_verifications.id, hashToken(token)));
    const before = await userCount();

    const b = s.browser();
    const err = await errorOf(b.call((c) => c.public.auth.register(validRegistration(token))));
    expect(err.fieldErrors).toEqual({ token: [TOKEN_INVALID] });
    expect(b.jar.size).toBe(0);
    expect(await userCount()).toBe(before);
    expect(await s.db.select().from(users).where(eq(users.email, email)).get()).toBeUndefined();
  });

  it("a made-up token gives the token error", async () => {
    const err = await errorOf(s.browser().call((c) => c.public.auth.register(validRegistration("a".repeat(32)))));
    expect(err.fieldErrors).toEqual({ token: [TOKEN_INVALID] });
  });

  it("an unacceptable address gives ご登録できないメールアドレスです and sends nothing", async () => {
    for (const email of ["x@mailinator.com", "someone@yopmail.com", "user@shop.invalid"]) {
      const mailsBefore = await outboxCount(s.db);
      const err = await errorOf(s.browser().call((c) => c.public.auth.signup({ email })));
      expect(err.code).toBe("BAD_REQUEST");
      expect(err.fieldErrors).toEqual({ email: [UNACCEPTABLE_EMAIL_MESSAGE] });
      expect(await outboxCount(s.db)).toBe(mailsBefore);
    }
  });

  it("a malformed or missing address gives the field's Japanese error", async () => {
    expect((await errorOf(s.browser().call((c) => c.public.auth.signup({ email: "" })))).fieldErrors).toEqual({
      email: ["メールアドレスを入力してください"],
    });
    expect((await errorOf(s.browser().call((c) => c.public.auth.signup({ email: "not-an-address" })))).fieldErrors).toEqual({
      email: ["メールアドレスの形式が正しくありません"],
    });
  });

  it("registering an address that became a member after the link was sent is refused as a duplicate", async () => {
    const email = newEmail("race");
    const first = await signupAndReadToken(email);
    const second = await signupAndReadToken(email);
    await s.browser().call((c) => c.public.auth.register(validRegistration(first)));
    const err = await errorOf(s.browser().call((c) => c.public.auth.register(validRegistration(second))));
    expect(err.fieldErrors).toEqual({ email: [DUPLICATE_EMAIL_MESSAGE] });
    expect(await s.db.select({ n: count() }).from(users).where(eq(users.email, email)).get()).toEqual({ n: 1 });
  });
});

describe("registration field errors (spec §5), keyed by dotted path, storing nothing", () => {
  const cases: Array<[string, (r: RegisterData) => RegisterData, Record<string, string[]>]> = [
    ["names.last empty", (r) => ({ ...r, names: { ...r.names, last: "  " } }), { "names.last": ["姓を入力してください"] }],
    ["kanas.first in hiragana", (r) => ({ ...r, kanas: { ...r.kanas, first: "たろう" } }), { "kanas.first": ["メイは全角カタカナで入力してください"] }],
    ["tel too short", (r) => ({ ...r, tel: "06-1234" }), { tel: ["電話番号は10文字以上で入力してください"] }],
    ["password under 8", (r) => ({ ...r, password: "abc1234", password_confirmation: "abc1234" }), { password: ["パスワードは8文字以上で入力してください"] }],
    [
      "password with full-width characters",
      (r) => ({ ...r, password: "ｐａｓｓｗｏｒｄ１", password_confirmation: "ｐａｓｓｗｏｒｄ１" }),
      { password: ["パスワードに使用できない文字が含まれています"] },
    ],
    ["confirmation mismatch", (r) => ({ ...r, password_confirmation: "Pass-w0rd?" }), { password_confirmation: ["パスワード（確認）が一致しません"] }],
    ["job other without job_other", (r) => ({ ...r, job: "other", job_other: "" }), { job_other: ["職業（その他）を入力してください"] }],
    ["money 0", (r) => ({ ...r, money: "0" }), { money: ["自己資金（万円）は1以上で入力してください"] }],
    // Issue 15 item 5: the inquiry forms' rule, now the same rule at registration.
    [
      "FAX as contact method without a FAX number",
      (r) => ({ ...r, fax: "", contact: { ...r.contact, method: ["email", "fax"] } }),
      { fax: ["FAX番号を入力してください"] },
    ],
  ];

  it.each(cases)("%s", async (_name, mutate, expected) => {
    const email = newEmail("field");
    const token = await signupAndReadToken(email);
    const before = await userCount();
    const b = s.browser();
    const err = await errorOf(b.call((c) => c.public.auth.register(mutate(validRegistration(token)))));
    expect(err.code).toBe("BAD_REQUEST");
    expect(err.fieldErrors).toEqual(expected);
    expect(b.jar.size).toBe(0);
    expect(await userCount()).toBe(before);
    // The link was not consumed: the member can correct the form and register with it.
    const link = await s.db
      .select()
      .from(email_verifications)
      .where(eq(email_verifications.id, hashToken(token)))
      .get();
    expect(link?.used_at).toBeNull();
  });

  it("after a rejected form the same link still registers", async () => {
    const email = newEmail("retry");
    const token = await signupAndReadToken(email);
    await errorOf(s.browser().call((c) => c.public.auth.register(validRegistration(token, { money: "0" }))));
    const b = s.browser();
    expect(await b.call((c) => c.public.auth.register(validRegistration(token)))).toEqual({ status: true });
    expect(await codeOf(b.call((c) => c.member.account.info()))).toBe("OK");
  });
});

describe("passwords are not truncated or capped differently between forms", () => {
  it("a 100-character password only logs in in full (no 72-byte truncation)", async () => {
    const email = newEmail("long");
    const long = "Aa1!".repeat(25);
    const token = await signupAndReadToken(email);
    await s.browser().call((c) => c.public.auth.register(validRegistration(token, { password: long, password_confirmation: long })));
    expect((await errorOf(s.browser().call((c) => c.public.auth.login({ email, password: `${long.slice(0, 99)}X` })))).code).toBe("BAD_REQUEST");
    expect((await errorOf(s.browser().call((c) => c.public.auth.login({ email, password: long.slice(0, 72) })))).code).toBe("BAD_REQUEST");
    expect(await s.browser().call((c) => c.public.auth.login({ email, password: long }))).toEqual({ status: "ok" });
  });

  // BUG (src/schemas/account.ts / src/schemas/common.ts): password() used by register, resetPassword,
  // firstLogin and changePassword has no maximum length, while loginInput caps the password at 200
  // characters. A member who registers with a longer password is created, then can never log in.
  it("BUG: a password accepted at registration (250 characters) must also be accepted at login", async () => {
    const email = newEmail("verylong");
    const long = "Zz9-".repeat(63).slice(0, 250);
    const token = await signupAndReadToken(email);
    const registration = s.browser().call((c) => c.public.auth.register(validRegistration(token, { password: long, password_confirmation: long })));
    const registered = await registration.then(
      () => true,
      () => false,
    );
    if (!registered) return; // refusing it at registration (a cap shared by every form) would be fine too
    expect(await s.browser().call((c) => c.public.auth.login({ email, password: long }))).toEqual({ status: "ok" });
  });
});

describe("mailed tokens only work for their own purpose", () => {
  it("a sign-up token is not an e-mail change or reset token, and is not used up by trying", async () => {
    const email = newEmail("purpose");
    const token = await signupAndReadToken(email);
    expect((await errorOf(s.browser().call((c) => c.public.auth.confirmEmail({ token })))).fieldErrors).toEqual({ token: [TOKEN_INVALID] });
    expect(
      (await errorOf(s.browser().call((c) => c.public.auth.resetPassword({ token, password: "Abcdef-12", password_confirmation: "Abcdef-12" })))).fieldErrors,
    ).toEqual({ token: [TOKEN_INVALID] });
    expect(await s.browser().call((c) => c.public.auth.register(validRegistration(token)))).toEqual({ status: true });
  });
});
