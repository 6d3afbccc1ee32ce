import { describe, expect, it } from "vitest";
import { TOKEN_INVALID } from "@/server/accounts/auth";
import { errorOf, newEmail, useAccountSuite } from "../../helpers/accounts";
import { createAdmin, createUser } from "../../helpers/factories";
import { tokenIn } from "../../helpers/smtp-sink";

/** A reset, a password change or an e-mail change voids every reset link mailed before it. */
const s = useAccountSuite();
const PASSWORD = "secret-pass"; // tests/helpers/factories.ts
const ADMIN_BASE = "/_kanri-7f3c";

async function resetLink(email: string, admin = false): Promise<string> {
  const mark = s.sink.mark();
  await s.browser().call((c) => (admin ? c.public.auth.adminForgotPassword({ email }) : c.public.auth.forgotPassword({ email })));
  const mail = await s.sink.waitFor((m) => m.to.includes(email) && m.subject.includes("パスワード再設定"), undefined, mark);
  return tokenIn(mail, admin ? `${ADMIN_BASE}/reset-password` : "/reset-password");
}

const reset = (token: string, password = "n3w-Secret") =>
  s.browser().call((c) => c.public.auth.resetPassword({ token, password, password_confirmation: password }));

async function expectVoid(token: string): Promise<void> {
  expect((await errorOf(reset(token, "attacker-1"))).fieldErrors).toEqual({ token: [TOKEN_INVALID] });
}

describe("older reset links die", () => {
  it("after a reset through a newer link", async () => {
    const user = await createUser(s.db, { email: newEmail("void") });
    const older = await resetLink(user.email);
    const newer = await resetLink(user.email);
    expect(await reset(newer)).toEqual({ status: true });
    await expectVoid(older);
  });

  it("after a password change on My Page", async () => {
    const user = await createUser(s.db, { email: newEmail("void") });
    const older = await resetLink(user.email);
    const b = s.browser();
    await b.call((c) => c.public.auth.login({ email: user.email, password: PASSWORD }));
    expect(
      await b.call((c) => c.member.account.changePassword({ current_password: PASSWORD, password: "Chang3d-pw", password_confirmation: "Chang3d-pw" })),
    ).toEqual({
      status: true,
    });
    await expectVoid(older);
  });

  it("after an e-mail change (and a second pending change link dies too)", async () => {
    const user = await createUser(s.db, { email: newEmail("void") });
    const older = await resetLink(user.email);
    const b = s.browser();
    await b.call((c) => c.public.auth.login({ email: user.email, password: PASSWORD }));
    const first = newEmail("moved");
    const second = newEmail("moved2");
    const mark = s.sink.mark();
    await b.call((c) => c.member.account.changeEmail({ email: first, password: PASSWORD }));
    await b.call((c) => c.member.account.changeEmail({ email: second, password: PASSWORD }));
    const t1 = tokenIn(await s.sink.waitFor((m) => m.to.includes(first), undefined, mark), "/email/confirm");
    const t2 = tokenIn(await s.sink.waitFor((m) => m.to.includes(second), undefined, mark), "/email/confirm");
    expect(await s.browser().call((c) => c.public.auth.confirmEmail({ token: t1 }))).toEqual({ email: first });
    await expectVoid(older);
    expect((await errorOf(s.browser().call((c) => c.public.auth.confirmEmail({ token: t2 })))).fieldErrors).toEqual({ token: [TOKEN_INVALID] });
  });

  it("admins: after a reset through a newer link", async () => {
    const admin = await createAdmin(s.db, { email: newEmail("admin-void") });
    const older = await resetLink(admin.email, true);
    const newer = await resetLink(admin.email, true);
    const adminReset = (token: string) =>
      s.browser().call((c) => c.public.auth.adminResetPassword({ token, password: "adm1n-New", password_confirmation: "adm1n-New" }));
    expect(await adminReset(newer)).toEqual({ status: true });
    expect((await errorOf(adminReset(older))).fieldErrors).toEqual({ token: [TOKEN_INVALID] });
  });
});
