import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outbox, users } from "@/server/db/schema";
import { createSession } from "@/server/auth/session";
import { Browser, codeOf, errorOf, newEmail, sessionCount, useAccountSuite, type Caller } from "../../helpers/accounts";
import { createUser } from "../../helpers/factories";
import { actors, expectRefused, type Actors } from "./helpers";

/** Admin member management (spec §6, §7 admin account calls). */
const s = useAccountSuite({ mail: false });
let a: Actors;
beforeAll(async () => {
  a = await actors(s.db);
});

const register = (email: string, over: Record<string, unknown> = {}) =>
  a.admin.call((c) =>
    c.admin.accounts.create({
      email,
      names: { last: "登録", first: "花子" },
      kanas: { last: "トウロク", first: "ハナコ" },
      type: "corporate",
      company: "株式会社テスト",
      tel: "06-1111-2222",
      ...over,
    } as never),
  );

describe("every account procedure refuses members and visitors", () => {
  const calls: [string, (c: Caller) => Promise<unknown>][] = [
    ["search", (c) => c.admin.accounts.search({})],
    ["byId", (c) => c.admin.accounts.byId({ id: 1 })],
    [
      "create",
      (c) => c.admin.accounts.create({ email: "x@example.com", names: { last: "a", first: "b" }, kanas: { last: "ア", first: "イ" }, type: "individual" }),
    ],
    ["setStatus", (c) => c.admin.accounts.setStatus({ id: 1, status: "active" })],
    ["setType", (c) => c.admin.accounts.setType({ id: 1, type: "agent" })],
    ["sendForgotPassword", (c) => c.admin.accounts.sendForgotPassword({ id: 1 })],
    ["endSessions", (c) => c.admin.accounts.endSessions({ id: 1 })],
    ["remove", (c) => c.admin.accounts.remove({ id: 1 })],
    ["deleted.search", (c) => c.admin.accounts.deleted.search({})],
    ["deleted.byId", (c) => c.admin.accounts.deleted.byId({ id: 1 })],
    ["deleted.remove", (c) => c.admin.accounts.deleted.remove({ id: 1 })],
  ];
  for (const [name, fn] of calls) it(name, () => expectRefused(a, fn));
});

describe("search", () => {
  it("filters by name, kana, email, phone, status, type and registration date, pages and sorts", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const u1 = await createUser(s.db, {
      email: `s1-${tag}@example.com`,
      last_name: "検索",
      first_name: "一郎",
      kana_last: "ケンサク",
      kana_first: "イチロウ",
      tel: "06-9999-0001",
      type: "agent",
    });
    const u2 = await createUser(s.db, {
      email: `s2-${tag}@example.com`,
      last_name: "検索",
      first_name: "二郎",
      kana_last: "ケンサク",
      kana_first: "ジロウ",
      status: "suspended",
    });
    const ids = async (q: Record<string, unknown>) => (await a.admin.call((c) => c.admin.accounts.search(q as never))).items.map((i) => i.id);
    expect(await ids({ name: "検索 一郎" })).toEqual([u1.id]);
    expect(await ids({ kana: "ケンサク", sort: "id", dir: "asc" })).toEqual([u1.id, u2.id]);
    expect(await ids({ email: `s2-${tag}` })).toEqual([u2.id]);
    expect(await ids({ tel: "0699990001" })).toEqual([u1.id]);
    expect(await ids({ kana: "ケンサク", status: "suspended" })).toEqual([u2.id]);
    expect(await ids({ kana: "ケンサク", type: "agent" })).toEqual([u1.id]);
    expect(await ids({ kana: "ケンサク", from: "2000-01-01", to: "2000-01-02" })).toEqual([]);
    const page = await a.admin.call((c) => c.admin.accounts.search({ kana: "ケンサク" }));
    expect(page).toMatchObject({ total: 2, page: 1, last: 1 });
    expect(JSON.stringify(page)).not.toContain("argon2");
    // a bad value is ignored rather than failing the list
    expect((await a.admin.call((c) => c.admin.accounts.search({ status: "nope", page: "x" } as never))).total).toBeGreaterThan(0);
  });
});

describe("register, view, status, type, mails, sessions", () => {
  it("registers a provisional member with a mailed initial password who then logs in through first login", async () => {
    const email = newEmail("staff-registered");
    const { id } = await register(email);
    const row = await s.db.select().from(users).where(eq(users.id, id)).get();
    expect(row).toMatchObject({ status: "provisional", must_reset_password: true, type: "corporate", company: "株式会社テスト" });
    expect(row!.password_expires_at!.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    const mail = (await s.db.select().from(outbox).where(eq(outbox.job, "sendMail")).all()).find((m) => (m.payload as { to: string }).to === email);
    const payload = mail!.payload as { template: string; data: { initialPassword: string; loginUrl: string } };
    expect(payload.template).toBe("first_login");
    expect(payload.data.loginUrl).toBe("http://localhost:3000/login/first");
    expect(payload.data.initialPassword).toMatch(/^[A-Za-z2-9]{12}$/);
    const b = s.browser();
    const r = await b.call((c) =>
      c.public.auth.firstLogin({
        email,
        current_password: payload.data.initialPassword,
        password: "New-pass-2026",
        password_confirmation: "New-pass-2026",
      } as never),
    );
    expect(r).toBeTruthy();
    expect((await s.db.select().from(users).where(eq(users.id, id)).get())?.status).toBe("active");
  });

  it("refuses a duplicate or unacceptable address with the field message", async () => {
    const email = newEmail("dup");
    await register(email);
    expect((await errorOf(register(email))).fieldErrors).toEqual({ email: ["このメールアドレスは既に登録されています"] });
    expect((await errorOf(register("someone@mailinator.com"))).fieldErrors).toEqual({ email: ["ご登録できないメールアドレスです"] });
    expect((await errorOf(register(newEmail(), { kanas: { last: "とうろく", first: "ハナコ" } }))).fieldErrors).toEqual({
      "kanas.last": ["セイは全角カタカナで入力してください"],
    });
  });

  it("shows one member with bookmarks, filters, matchings, inquiries and sessions, without secrets", async () => {
    const u = await createUser(s.db);
    await createSession(s.db, "user", u.id, { ip: "10.0.0.1", userAgent: "UA" });
    const d = await a.admin.call((c) => c.admin.accounts.byId({ id: u.id }));
    expect(d.profile).toMatchObject({ id: u.id, email: u.email });
    expect(d.profile).not.toHaveProperty("password_hash");
    expect(d.sessions).toHaveLength(1);
    expect(d.sessions[0]).not.toHaveProperty("id");
    expect(d).toMatchObject({ bookmarks: [], filters: [], matchings: [], contacts: [] });
    expect((await errorOf(a.admin.call((c) => c.admin.accounts.byId({ id: 99999999 })))).code).toBe("NOT_FOUND");
  });

  it("suspending ends the member's sessions; type changes", async () => {
    const u = await createUser(s.db);
    const m = new Browser(s.db);
    const { SESSION_COOKIE } = await import("@/server/auth/session");
    m.jar.set(SESSION_COOKIE.user, (await createSession(s.db, "user", u.id)).token);
    expect(await codeOf(m.call((c) => c.member.account.info()))).toBe("OK");
    await a.admin.call((c) => c.admin.accounts.setStatus({ id: u.id, status: "suspended" }));
    expect(await sessionCount(s.db, "user", u.id)).toBe(0);
    expect(await codeOf(m.call((c) => c.member.account.info()))).toBe("UNAUTHORIZED");
    await a.admin.call((c) => c.admin.accounts.setType({ id: u.id, type: "agent" }));
    expect(await s.db.select().from(users).where(eq(users.id, u.id)).get()).toMatchObject({ status: "suspended", type: "agent" });
    expect((await errorOf(a.admin.call((c) => c.admin.accounts.setStatus({ id: u.id, status: "bogus" } as never)))).fieldErrors).toEqual({
      status: ["ステータスは次のいずれかを指定してください: provisional, active, suspended"],
    });
  });

  it("sends the forgot-password mail (not to a suspended member) and ends all sessions on request", async () => {
    const u = await createUser(s.db);
    await createSession(s.db, "user", u.id);
    await createSession(s.db, "user", u.id);
    await a.admin.call((c) => c.admin.accounts.sendForgotPassword({ id: u.id }));
    const mails = (await s.db.select().from(outbox).where(eq(outbox.job, "sendMail")).all()).filter((m) => (m.payload as { to: string }).to === u.email);
    expect(mails.map((m) => (m.payload as { template: string }).template)).toEqual(["password_reset"]);
    expect(await a.admin.call((c) => c.admin.accounts.endSessions({ id: u.id }))).toEqual({ ended: 2 });
    expect(await sessionCount(s.db, "user", u.id)).toBe(0);
    await a.admin.call((c) => c.admin.accounts.setStatus({ id: u.id, status: "suspended" }));
    expect((await errorOf(a.admin.call((c) => c.admin.accounts.sendForgotPassword({ id: u.id })))).code).toBe("BAD_REQUEST");
  });
});

describe("delete → deleted list → permanent removal", () => {
  it("moves the member to the deleted list, shows them there, then removes them for good", async () => {
    const u = await createUser(s.db, { last_name: "削除" });
    await createSession(s.db, "user", u.id);
    await a.admin.call((c) => c.admin.accounts.remove({ id: u.id }));
    expect(await sessionCount(s.db, "user", u.id)).toBe(0);
    expect((await a.admin.call((c) => c.admin.accounts.search({ email: u.email }))).total).toBe(0);
    const del = await a.admin.call((c) => c.admin.accounts.deleted.search({ email: u.email }));
    expect(del.items.map((i) => i.id)).toEqual([u.id]);
    expect((await a.admin.call((c) => c.admin.accounts.deleted.byId({ id: u.id }))).profile.deleted_at).toBeInstanceOf(Date);
    expect((await errorOf(a.admin.call((c) => c.admin.accounts.byId({ id: u.id })))).code).toBe("NOT_FOUND");
    // a live account cannot be purged
    const live = await createUser(s.db);
    expect((await errorOf(a.admin.call((c) => c.admin.accounts.deleted.remove({ id: live.id })))).code).toBe("NOT_FOUND");
    await a.admin.call((c) => c.admin.accounts.deleted.remove({ id: u.id }));
    expect(
      await s.db
        .select()
        .from(users)
        .where(and(eq(users.id, u.id)))
        .get(),
    ).toBeUndefined();
  });
});
