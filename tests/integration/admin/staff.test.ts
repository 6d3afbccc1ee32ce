import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_HAS_IDENTITY, PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from "@/server/auth/password-policy";
import { createSession, hashToken, SESSION_COOKIE } from "@/server/auth/session";
import { admins, password_resets } from "@/server/db/schema";
import { LOGIN_FAILED, TOKEN_INVALID } from "@/server/accounts/auth";
import { CANNOT_DISABLE_LAST, CANNOT_DISABLE_SELF, STAFF_INVITE_INVALID } from "@/server/accounts/admin/staff";
import { Browser, codeOf, errorOf, newEmail, sessionCount, useAccountSuite, type Caller } from "../../helpers/accounts";
import { createTestDb } from "../../helpers/db";
import { createAdmin } from "../../helpers/factories";
import { linkIn, tokenIn, type ReceivedMail } from "../../helpers/smtp-sink";
import { actors, expectRefused, type Actors } from "./helpers";

/** Staff accounts from the admin area: invite → mailed one-time set-password link, list, disable (sessions end at once), re-enable. */
const s = useAccountSuite();
const ADMIN_BASE = "/_kanri-7f3c"; // env default ADMIN_BASE_PATH
const INVITE_SUBJECT = "スタッフアカウントのご案内";
let a: Actors;
beforeAll(async () => {
  a = await actors(s.db);
});

async function adminBrowser(adminId: number): Promise<Browser> {
  const b = new Browser(s.db);
  b.jar.set(SESSION_COOKIE.admin, (await createSession(s.db, "admin", adminId)).token);
  return b;
}

/** Invites through the procedure and returns the mail that arrived at the SMTP sink, with the link's token. */
async function invite(email: string, name = "招待 太郎"): Promise<{ id: number; mail: ReceivedMail; token: string }> {
  const mark = s.sink.mark();
  const { id } = await a.admin.call((c) => c.admin.staff.invite({ email, name }));
  const mail = await s.sink.waitFor((m) => m.to.includes(email) && m.subject.includes(INVITE_SUBJECT), undefined, mark);
  return { id, mail, token: tokenIn(mail, `${ADMIN_BASE}/invite`) };
}

async function accept(token: string, password = "Staff-pass-2026") {
  const b = s.browser();
  await b.call((c) => c.public.auth.adminAcceptInvite({ token, password, password_confirmation: password }));
  return b;
}

const inviteRow = (token: string) =>
  s.db
    .select()
    .from(password_resets)
    .where(eq(password_resets.id, hashToken(token)))
    .get();

describe("every staff procedure refuses members and visitors", () => {
  const calls: [string, (c: Caller) => Promise<unknown>][] = [
    ["list", (c) => c.admin.staff.list()],
    ["invite", (c) => c.admin.staff.invite({ email: "x@example.com", name: "x" })],
    ["disable", (c) => c.admin.staff.disable({ id: 1 })],
    ["enable", (c) => c.admin.staff.enable({ id: 1 })],
  ];
  for (const [name, fn] of calls) it(name, () => expectRefused(a, fn));
});

describe("invite", () => {
  it("mails a one-time set-password link and no password; the link sets the password once and logs the invitee in", async () => {
    const email = newEmail("staff-invite");
    const { id, mail, token } = await invite(email, "新人 花子");
    const row = await s.db.select().from(admins).where(eq(admins.id, id)).get();
    expect(row).toMatchObject({ email, name: "新人 花子", must_reset_password: true, invited_by: a.adminId, disabled_at: null, password_expires_at: null });
    expect(mail.text).toContain("新人 花子 様");
    expect(mail.text).toContain("24時間");
    expect(mail.text).not.toMatch(/パスワード[：:]/);
    expect(linkIn(mail, "/invite").pathname).toBe(`${ADMIN_BASE}/invite`);
    // Stored like every mailed token: only its SHA-256, for 24 hours, purpose invite.
    const stored = await inviteRow(token);
    expect(stored).toMatchObject({ account_kind: "admin", account_id: id, purpose: "invite", used_at: null });
    expect(stored!.expires_at.getTime() - stored!.created_at.getTime()).toBeGreaterThan(24 * 3600 * 1000 - 5000);
    expect(stored!.expires_at.getTime() - stored!.created_at.getTime()).toBeLessThanOrEqual(24 * 3600 * 1000 + 5000);

    const list = await a.admin.call((c) => c.admin.staff.list());
    expect(list.find((r) => r.id === id)).toMatchObject({ state: "invited", invited_by_name: "管理 花子", email });
    expect(JSON.stringify(list)).not.toMatch(/argon2|password_hash/);

    expect(await s.browser().call((c) => c.public.auth.adminInviteState({ token }))).toEqual({ email, name: "新人 花子" });
    const b = await accept(token);
    expect(await codeOf(b.call((c) => c.admin.account.info()))).toBe("OK");
    expect((await a.admin.call((c) => c.admin.staff.list())).find((r) => r.id === id)?.state).toBe("active");
    expect(await s.browser().call((c) => c.public.auth.adminLogin({ email, password: "Staff-pass-2026" }))).toEqual({ status: "ok" });

    // Single use: the second time the link is refused with the Japanese reason, and the page says so.
    const again = await errorOf(accept(token, "Other-pass-2027"));
    expect(again.fieldErrors).toEqual({ token: [STAFF_INVITE_INVALID] });
    expect(await s.browser().call((c) => c.public.auth.adminInviteState({ token }))).toBeNull();
    expect(await s.browser().call((c) => c.public.auth.adminLogin({ email, password: "Staff-pass-2026" }))).toEqual({ status: "ok" });
  });

  it("the link no longer works after 24 hours", async () => {
    const email = newEmail("staff-late");
    const { id, token } = await invite(email);
    // 24 hours and a second after it was issued:
    const stored = await inviteRow(token);
    await s.db
      .update(password_resets)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(password_resets.id, stored!.id));
    expect(await s.browser().call((c) => c.public.auth.adminInviteState({ token }))).toBeNull();
    expect((await errorOf(accept(token))).fieldErrors).toEqual({ token: [STAFF_INVITE_INVALID] });
    expect(await s.db.select().from(admins).where(eq(admins.id, id)).get()).toMatchObject({ must_reset_password: true });
    expect(await sessionCount(s.db, "admin", id)).toBe(0);
  });

  it("a weak password is refused with the reason and changes nothing; the link stays usable", async () => {
    const email = newEmail("staff-weak");
    const { id, token } = await invite(email, "Taro Yamada");
    const before = await s.db.select().from(admins).where(eq(admins.id, id)).get();
    const local = email.split("@")[0]!;
    const cases: [string, string][] = [
      ["123456", PASSWORD_TOO_SHORT],
      ["password", PASSWORD_TOO_COMMON],
      ["qwerty", PASSWORD_TOO_SHORT],
      ["aaaaaa", PASSWORD_TOO_SHORT],
      ["Xq7#kd2", PASSWORD_TOO_SHORT],
      [`${local}!`, PASSWORD_HAS_IDENTITY],
      ["yamada-2026", PASSWORD_HAS_IDENTITY],
    ];
    for (const [password, message] of cases) {
      const b = s.browser();
      const e = await errorOf(b.call((c) => c.public.auth.adminAcceptInvite({ token, password, password_confirmation: password })));
      expect(e.fieldErrors, password).toEqual({ password: [message] });
      expect(b.setCookies).toEqual([]);
    }
    expect(await s.db.select().from(admins).where(eq(admins.id, id)).get()).toEqual(before);
    expect((await inviteRow(token))?.used_at).toBeNull();
    expect(await codeOf(accept(token))).toBe("OK");
  });

  it("inviting a pending address again mails a fresh link and voids the old one", async () => {
    const email = newEmail("staff-again");
    const first = await invite(email);
    const second = await invite(email, "再招待 次郎");
    expect(second.id).toBe(first.id);
    expect((await errorOf(accept(first.token))).fieldErrors).toEqual({ token: [STAFF_INVITE_INVALID] });
    expect(await s.browser().call((c) => c.public.auth.adminInviteState({ token: second.token }))).toEqual({ email, name: "再招待 次郎" });
    expect(await codeOf(accept(second.token))).toBe("OK");
  });

  it("refuses a bad or taken address and a blank name with field messages, creating nothing", async () => {
    const email = newEmail("staff-dup");
    const { token } = await invite(email);
    await accept(token);
    const before = (await s.db.select().from(admins).all()).length;
    expect((await errorOf(a.admin.call((c) => c.admin.staff.invite({ email, name: "二重" })))).fieldErrors).toEqual({
      email: ["このメールアドレスは既に登録されています"],
    });
    const bad = await errorOf(a.admin.call((c) => c.admin.staff.invite({ email: "not-an-address", name: " " })));
    expect(bad.code).toBe("BAD_REQUEST");
    expect(Object.keys(bad.fieldErrors ?? {}).sort()).toEqual(["email", "name"]);
    expect(bad.fieldErrors?.name).toEqual(["氏名を入力してください"]);
    expect((await s.db.select().from(admins).all()).length).toBe(before);
  });
});

describe("disable", () => {
  it("ends the staff member's sessions at once, refuses login, first login and reset links, and is recorded", async () => {
    const target = await createAdmin(s.db, { email: newEmail("staff-off") });
    const b = await adminBrowser(target.id);
    expect(await codeOf(b.call((c) => c.admin.account.info()))).toBe("OK");
    // a reset link issued before the disabling must not bring the account back
    const mark = s.sink.mark();
    await s.browser().call((c) => c.public.auth.adminForgotPassword({ email: target.email }));
    const resetMail = await s.sink.waitFor((m) => m.to.includes(target.email), undefined, mark);
    const token = tokenIn(resetMail, `${ADMIN_BASE}/reset-password`);

    expect(await a.admin.call((c) => c.admin.staff.disable({ id: target.id }))).toEqual({ status: true });
    expect(await sessionCount(s.db, "admin", target.id)).toBe(0);
    expect(await codeOf(b.call((c) => c.admin.account.info()))).toBe("UNAUTHORIZED");
    expect((await errorOf(s.browser().call((c) => c.public.auth.adminLogin({ email: target.email, password: "admin-pass" })))).fieldErrors).toEqual({
      email: [LOGIN_FAILED],
    });
    const reset = await errorOf(
      s.browser().call((c) => c.public.auth.adminResetPassword({ token, password: "Another-2026", password_confirmation: "Another-2026" })),
    );
    expect(reset.fieldErrors).toEqual({ token: [TOKEN_INVALID] });
    expect(
      await s.db
        .select()
        .from(password_resets)
        .where(and(eq(password_resets.account_kind, "admin"), eq(password_resets.account_id, target.id)))
        .all(),
    ).toEqual([]);
    // no new reset mail for a disabled account
    const mark2 = s.sink.mark();
    await s.browser().call((c) => c.public.auth.adminForgotPassword({ email: target.email }));
    await expect(s.sink.waitFor((m) => m.to.includes(target.email), 1500, mark2)).rejects.toThrow();

    const row = await s.db.select().from(admins).where(eq(admins.id, target.id)).get();
    expect(row?.disabled_by).toBe(a.adminId);
    expect((await a.admin.call((c) => c.admin.staff.list())).find((r) => r.id === target.id)).toMatchObject({
      state: "disabled",
      disabled_by_name: "管理 花子",
    });

    // re-enabled: the same password works again
    await a.admin.call((c) => c.admin.staff.enable({ id: target.id }));
    expect(await s.browser().call((c) => c.public.auth.adminLogin({ email: target.email, password: "admin-pass" }))).toMatchObject({ status: "ok" });
  });

  it("an invited account disabled before setting its password cannot use the link", async () => {
    const email = newEmail("staff-invited-off");
    const { id, token } = await invite(email);
    await a.admin.call((c) => c.admin.staff.disable({ id }));
    expect((await errorOf(accept(token))).fieldErrors).toEqual({ token: [STAFF_INVITE_INVALID] });
    // re-enabled, the old link is still gone (disabling deleted it): the inviter sends a new one
    await a.admin.call((c) => c.admin.staff.enable({ id }));
    expect((await errorOf(accept(token))).fieldErrors).toEqual({ token: [STAFF_INVITE_INVALID] });
    expect(await codeOf(accept((await invite(email)).token))).toBe("OK");
  });

  it("refuses disabling yourself, and an unknown id", async () => {
    const e = await errorOf(a.admin.call((c) => c.admin.staff.disable({ id: a.adminId })));
    expect(e).toMatchObject({ code: "BAD_REQUEST", message: CANNOT_DISABLE_SELF });
    expect(await codeOf(a.admin.call((c) => c.admin.account.info()))).toBe("OK");
    expect((await errorOf(a.admin.call((c) => c.admin.staff.disable({ id: 99999999 })))).code).toBe("NOT_FOUND");
    expect((await errorOf(a.admin.call((c) => c.admin.staff.disable({ id: "x" } as never)))).fieldErrors).toHaveProperty("id");
  });
});

describe("the last active staff account", () => {
  // A database of its own: exactly two active staff accounts (and one pending invite, which does not count).
  let own: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    own = await createTestDb();
  });
  afterAll(() => own.cleanup());

  it("two staff disabling each other at the same moment: one succeeds, one active account always remains", async () => {
    const one = await createAdmin(own.db);
    const two = await createAdmin(own.db);
    await createAdmin(own.db, { must_reset_password: true });
    const browserOf = async (id: number) => {
      const b = new Browser(own.db);
      b.jar.set(SESSION_COOKIE.admin, (await createSession(own.db, "admin", id)).token);
      return b;
    };
    const [b1, b2] = [await browserOf(one.id), await browserOf(two.id)];
    // Either side may lose the race: both outcomes are read the same way (code and message).
    const outcome = (p: Promise<unknown>) =>
      errorOf(p).then(
        (e) => `${e.code}:${e.message}`,
        () => "OK",
      );
    const results = await Promise.all([
      outcome(b1.call((c) => c.admin.staff.disable({ id: two.id }))),
      outcome(b2.call((c) => c.admin.staff.disable({ id: one.id }))),
    ]);
    const active = await own.db
      .select({ id: admins.id })
      .from(admins)
      .where(and(isNull(admins.disabled_at), eq(admins.must_reset_password, false)))
      .all();
    expect(active).toHaveLength(1);
    expect(results.filter((r) => r === "OK")).toHaveLength(1);
    // the loser was either already logged out or refused with the reason
    expect(results.find((r) => r !== "OK")).toMatch(new RegExp(`^(UNAUTHORIZED|BAD_REQUEST:${CANNOT_DISABLE_LAST})`));
  });
});
