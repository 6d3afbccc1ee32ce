import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LOGIN_FAILED, LOGIN_LINK_SENT } from "@/server/accounts/auth";
import { PASSWORD_CHANGE_REQUIRED } from "@/server/api/trpc";
import { hashPassword } from "@/server/auth/password";
import { bookmarks } from "@/server/db/schema";
import { codeOf, errorOf, newEmail, useAccountSuite } from "../../helpers/accounts";
import { createAdmin, createUser } from "../../helpers/factories";
import { linkIn } from "../../helpers/smtp-sink";
import { insertListing } from "../contacts/fixtures";

/**
 * The intent (src/lib/intent.ts) is kept on the login paths that do not end in a plain login:
 * the one-time login link mailed to an account under attack carries it (re-checked: a same-site
 * `next` only), and a login held for a password change (weak password) or ending in the first
 * login of a staff-registered account carries it out once the password is set.
 */
const s = useAccountSuite();
const PASSWORD = "secret-pass"; // tests/helpers/factories.ts

const bookmarked = async (userId: number) =>
  (await s.db.select({ id: bookmarks.investment_id }).from(bookmarks).where(eq(bookmarks.user_id, userId)).all()).map((r) => r.id);

/** Twenty wrong guesses from twenty browsers: the address is under attack (login-under-attack.test.ts). */
async function attack(email: string, login = (pw: string) => s.browser().call((c) => c.public.auth.login({ email, password: pw }))) {
  for (let i = 0; i < 20; i++) expect((await errorOf(login(`guess-${i}`))).fieldErrors).toEqual({ email: [LOGIN_FAILED] });
}

describe("the one-time login link of an account under attack carries the intent", () => {
  it("the link has the intent; opening it and carrying it out bookmarks the listing and goes back to it", async () => {
    const user = await createUser(s.db, { email: newEmail("attacked-intent") });
    const listing = await insertListing(s.db, { name: "ログインリンク江坂" });
    await attack(user.email);
    const mark = s.sink.mark();
    const owner = s.browser();
    const intent = { next: `/investments/${listing}`, bookmark: listing };
    expect((await errorOf(owner.call((c) => c.public.auth.login({ email: user.email, password: PASSWORD, intent })))).fieldErrors).toEqual({
      email: [LOGIN_LINK_SENT],
    });
    const mail = await s.sink.waitFor((m) => m.to.includes(user.email) && m.subject.includes("ログイン用URL"), undefined, mark);
    const link = linkIn(mail, "/login/link");
    expect(link.searchParams.get("next")).toBe(`/investments/${listing}`);
    expect(link.searchParams.get("bookmark")).toBe(String(listing));

    expect(await owner.call((c) => c.public.auth.loginLink({ token: link.searchParams.get("token")! }))).toEqual({ status: "ok" });
    const r = await owner.call((c) => c.member.intent.carryOut({ next: link.searchParams.get("next"), bookmark: Number(link.searchParams.get("bookmark")) }));
    expect(r).toMatchObject({ next: `/investments/${listing}`, bookmarked: listing, notice: "お気に入りに追加しました。" });
    expect(await bookmarked(user.id)).toEqual([listing]);
  });

  it("a next off the site never reaches the link (no open redirect through the mail); the ids stay plain", async () => {
    const user = await createUser(s.db, { email: newEmail("attacked-redir") });
    await attack(user.email);
    for (const next of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "/\t/evil.example", "javascript:alert(1)"]) {
      const mark = s.sink.mark();
      await errorOf(s.browser().call((c) => c.public.auth.login({ email: user.email, password: PASSWORD, intent: { next, save: true, bookmark: 9 } })));
      const link = linkIn(await s.sink.waitFor((m) => m.to.includes(user.email) && m.subject.includes("ログイン用URL"), undefined, mark), "/login/link");
      expect(link.origin).toBe("http://localhost:3000");
      expect(link.pathname).toBe("/login/link");
      expect(link.searchParams.get("next")).toBeNull();
      expect(link.searchParams.get("save")).toBeNull();
      expect(link.searchParams.get("bookmark")).toBe("9");
    }
  });

  it("a wrong password under attack mails nothing, intent or not; staff links never carry a member's intent", async () => {
    const user = await createUser(s.db, { email: newEmail("attacked-wrong") });
    await attack(user.email);
    const mark = s.sink.mark();
    await errorOf(s.browser().call((c) => c.public.auth.login({ email: user.email, password: "wrong", intent: { next: "/investments", save: true } })));

    const admin = await createAdmin(s.db, { email: newEmail("attacked-staff") });
    await attack(admin.email, (pw) => s.browser().call((c) => c.public.auth.adminLogin({ email: admin.email, password: pw })));
    await errorOf(
      s.browser().call((c) => c.public.auth.adminLogin({ email: admin.email, password: "admin-pass", intent: { next: "/investments", bookmark: 3 } })),
    );
    const link = linkIn(await s.sink.waitFor((m) => m.to.includes(admin.email) && m.subject.includes("ログイン用URL"), undefined, mark), "/login/link");
    expect([...link.searchParams.keys()]).toEqual(["token"]);
    // The staff mail was sent after the member's wrong guess was handled: nothing went to the member.
    expect(s.sink.messages.slice(mark).filter((m) => m.to.includes(user.email))).toEqual([]);
  });
});

describe("a login held for a password change carries the intent out once the password is changed", () => {
  it("refused while held (nothing done), done after the change", async () => {
    const user = await createUser(s.db, { email: newEmail("weak-intent"), password_hash: await hashPassword("123456") });
    const listing = await insertListing(s.db);
    const b = s.browser();
    expect(await b.call((c) => c.public.auth.login({ email: user.email, password: "123456" }))).toEqual({ status: "change_password" });
    const intent = { next: "/investments/page/1?ty=2&hp=8000", save: true, bookmark: listing };
    expect(await codeOf(b.call((c) => c.member.intent.carryOut(intent)))).toBe("FORBIDDEN");
    expect((await errorOf(b.call((c) => c.member.intent.carryOut(intent)))).message).toBe(PASSWORD_CHANGE_REQUIRED);
    expect(await bookmarked(user.id)).toEqual([]);

    await b.call((c) => c.member.account.changePassword({ current_password: "123456", password: "Stronger-2026", password_confirmation: "Stronger-2026" }));
    const r = await b.call((c) => c.member.intent.carryOut(intent));
    expect(r.next).toBe("/investments/page/1?ty=2&hp=8000");
    expect(r.notice).toBe("検索条件「一棟アパート 8,000万円以下」を保存しました。新着・値下げ物件をメールでお知らせします。お気に入りに追加しました。");
    expect(await bookmarked(user.id)).toEqual([listing]);
  });

  it("a staff-registered member's first login, then the intent", async () => {
    const user = await createUser(s.db, {
      email: newEmail("first-intent"),
      status: "provisional",
      must_reset_password: true,
      password_expires_at: new Date(Date.now() + 86400_000),
    });
    const listing = await insertListing(s.db);
    const b = s.browser();
    expect(
      await b.call((c) => c.public.auth.login({ email: user.email, password: PASSWORD, intent: { next: `/investments/${listing}`, compare: listing } })),
    ).toEqual({
      status: "first_login",
    });
    expect(await codeOf(b.call((c) => c.member.intent.carryOut({ compare: listing })))).toBe("UNAUTHORIZED");
    await b.call((c) =>
      c.public.auth.firstLogin({ email: user.email, current_password: PASSWORD, password: "M1ne-now-2026", password_confirmation: "M1ne-now-2026" }),
    );
    const r = await b.call((c) => c.member.intent.carryOut({ next: `/investments/${listing}`, compare: listing }));
    expect(r).toMatchObject({ next: `/investments/${listing}`, compare: listing, notice: "お気に入りに追加しました。" });
    expect(await bookmarked(user.id)).toEqual([listing]);
  });
});
