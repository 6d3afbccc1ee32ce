import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "@/server/db/schema";
import { callerFor } from "../helpers/context";
import { createTestDb } from "../helpers/db";
import { createAdmin, createUser } from "../helpers/factories";

let t: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "OK";
  } catch (e) {
    if (e instanceof TRPCError) return e.code;
    throw e;
  }
}

describe("procedure tiers through createCaller", () => {
  it("a visitor reaches public procedures only", async () => {
    const { caller } = await callerFor(t.db);
    expect(await caller.public.session.state()).toEqual({ isLogin: false, isUserLogin: false, isAdminLogin: false });
    const counts = await caller.public.options.get();
    expect(counts).toEqual({ members: 0, investment: { members: 0, public: 0 } });
    expect(await codeOf(caller.member.account.info())).toBe("UNAUTHORIZED");
    expect(await codeOf(caller.admin.account.info())).toBe("UNAUTHORIZED");
  });

  it("a member reaches member procedures and is refused admin ones", async () => {
    const user = await createUser(t.db, { last_name: "佐藤", first_name: "花子" });
    const { caller } = await callerFor(t.db, { userId: user.id });
    expect(await caller.public.session.state()).toEqual({ isLogin: true, isUserLogin: true, isAdminLogin: false });
    const info = await caller.member.account.info();
    expect(info).toMatchObject({ _id: user.id, email: user.email, names: { last: "佐藤", first: "花子" } });
    expect(JSON.stringify(info)).not.toContain("argon2");
    expect(await codeOf(caller.admin.account.info())).toBe("FORBIDDEN");
  });

  it("an admin reaches admin procedures and is not treated as a member", async () => {
    const admin = await createAdmin(t.db, { name: "管理 一郎" });
    const { caller } = await callerFor(t.db, { adminId: admin.id });
    expect(await caller.public.session.state()).toEqual({ isLogin: true, isUserLogin: false, isAdminLogin: true });
    expect(await caller.admin.account.info()).toMatchObject({ _id: admin.id, name: "管理 一郎" });
    expect(await codeOf(caller.member.account.info())).toBe("FORBIDDEN");
  });

  it("one browser may hold both sessions", async () => {
    const user = await createUser(t.db);
    const admin = await createAdmin(t.db);
    const { caller } = await callerFor(t.db, { userId: user.id, adminId: admin.id });
    expect(await caller.public.session.state()).toEqual({ isLogin: true, isUserLogin: true, isAdminLogin: true });
    expect((await caller.member.account.info())._id).toBe(user.id);
    expect((await caller.admin.account.info())._id).toBe(admin.id);
  });

  it("a suspended member loses access at once", async () => {
    const user = await createUser(t.db);
    const { cookieHeader } = await callerFor(t.db, { userId: user.id });
    await t.db.update(users).set({ status: "suspended" }).where(eq(users.id, user.id));
    const { createContext } = await import("@/server/api/context");
    const { createCaller } = await import("@/server/api/root");
    const caller = createCaller(await createContext({ db: t.db, headers: new Headers({ cookie: cookieHeader }) }));
    expect(await codeOf(caller.member.account.info())).toBe("UNAUTHORIZED");
  });

  it("a forged or malformed session cookie is a visitor", async () => {
    const { createContext } = await import("@/server/api/context");
    const { createCaller } = await import("@/server/api/root");
    for (const cookie of ["kir_session=abc", "kir_session=" + "a".repeat(32), "kir_admin_session=%%%"]) {
      const caller = createCaller(await createContext({ db: t.db, headers: new Headers({ cookie }) }));
      expect(await caller.public.session.state()).toEqual({ isLogin: false, isUserLogin: false, isAdminLogin: false });
    }
  });
});
