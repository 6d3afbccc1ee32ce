import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "@/server/db/schema";
import { codeOf, newEmail, useAccountSuite } from "../../helpers/accounts";
import { createAdmin } from "../../helpers/factories";
import { tokenIn } from "../../helpers/smtp-sink";

/**
 * A member registered by staff (provisional, initial password pending) who
 * uses forgot-password before the first login: the reset through the mailed
 * link must leave an account that logs in.
 */
const s = useAccountSuite();

async function staffRegistered(): Promise<{ id: number; email: string }> {
  const admin = await createAdmin(s.db);
  const a = s.browser();
  await a.call((c) => c.public.auth.adminLogin({ email: admin.email, password: "admin-pass" }));
  const email = newEmail("staff-reg");
  const { id } = await a.call((c) =>
    c.admin.accounts.create({
      email,
      names: { last: "登録", first: "花子" },
      kanas: { last: "トウロク", first: "ハナコ" },
      type: "individual",
      company: "",
      tel: "06-1111-2222",
    }),
  );
  return { id, email };
}

async function resetThroughMail(email: string, password: string): Promise<void> {
  const mark = s.sink.mark();
  await s.browser().call((c) => c.public.auth.forgotPassword({ email }));
  const token = tokenIn(await s.sink.waitFor((m) => m.to.includes(email) && m.subject.includes("パスワード再設定"), undefined, mark), "/reset-password");
  expect(await s.browser().call((c) => c.public.auth.resetPassword({ token, password, password_confirmation: password }))).toEqual({ status: true });
}

describe("staff-registered member resets before the first login", () => {
  it("the new password logs in and the account is active", async () => {
    const { id, email } = await staffRegistered();
    expect((await s.db.select().from(users).where(eq(users.id, id)).get())?.status).toBe("provisional");
    await resetThroughMail(email, "Re5et-mine");
    const b = s.browser();
    expect(await b.call((c) => c.public.auth.login({ email, password: "Re5et-mine" }))).toEqual({ status: "ok" });
    expect(await b.call((c) => c.member.account.info())).toMatchObject({ _id: id, status: "active", must_reset_password: false });
    const row = await s.db.select().from(users).where(eq(users.id, id)).get();
    expect(row?.email_verified_at).toBeInstanceOf(Date);
  });

  it("a member suspended by staff stays suspended after a reset", async () => {
    const { id, email } = await staffRegistered();
    await s.db.update(users).set({ status: "active" }).where(eq(users.id, id));
    const mark = s.sink.mark();
    await s.browser().call((c) => c.public.auth.forgotPassword({ email }));
    const token = tokenIn(await s.sink.waitFor((m) => m.to.includes(email) && m.subject.includes("パスワード再設定"), undefined, mark), "/reset-password");
    await s.db.update(users).set({ status: "suspended" }).where(eq(users.id, id));
    await s.browser().call((c) => c.public.auth.resetPassword({ token, password: "Re5et-mine", password_confirmation: "Re5et-mine" }));
    expect((await s.db.select().from(users).where(eq(users.id, id)).get())?.status).toBe("suspended");
    const b = s.browser();
    expect(await codeOf(b.call((c) => c.public.auth.login({ email, password: "Re5et-mine" })))).toBe("BAD_REQUEST");
  });
});
