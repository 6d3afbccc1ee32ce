import { describe, expect, it, vi } from "vitest";
import * as password from "@/server/auth/password";
import { TOO_MANY_MESSAGE } from "@/server/auth/rate-limit";
import { TOKEN_INVALID } from "@/server/accounts/auth";
import { errorOf, useAccountSuite, validRegistration } from "../../helpers/accounts";
import { createUser } from "../../helpers/factories";
import { tokenIn } from "../../helpers/smtp-sink";

/**
 * Unauthenticated CPU: a bogus token on reset / register must be refused
 * before the new password is hashed with argon2, and resets are rate-limited.
 */
const s = useAccountSuite();

const bogus = (i: number) => `bogus-token-${i}-${"x".repeat(20)}`;

describe("bogus tokens never reach argon2", () => {
  it("reset, admin reset and register refuse the token without hashing", async () => {
    const hash = vi.spyOn(password, "hashPassword");
    try {
      const b = s.browser();
      for (let i = 0; i < 3; i++) {
        const pw = { token: bogus(i), password: "n3w-Secret", password_confirmation: "n3w-Secret" };
        expect((await errorOf(b.call((c) => c.public.auth.resetPassword(pw)))).fieldErrors).toEqual({ token: [TOKEN_INVALID] });
        expect((await errorOf(b.call((c) => c.public.auth.adminResetPassword(pw)))).fieldErrors).toEqual({ token: [TOKEN_INVALID] });
        expect((await errorOf(b.call((c) => c.public.auth.register(validRegistration(bogus(i)))))).fieldErrors).toEqual({ token: [TOKEN_INVALID] });
      }
      expect(hash).not.toHaveBeenCalled();
    } finally {
      hash.mockRestore();
    }
  });

  it("the spy sees a real hash: a valid reset token does reach argon2", async () => {
    const user = await createUser(s.db);
    const b = s.browser();
    await b.call((c) => c.public.auth.forgotPassword({ email: user.email }));
    const token = tokenIn(await s.sink.waitFor((m) => m.to.includes(user.email)), "/reset-password");
    const hash = vi.spyOn(password, "hashPassword");
    try {
      expect(await b.call((c) => c.public.auth.resetPassword({ token, password: "n3w-Secret", password_confirmation: "n3w-Secret" }))).toEqual({
        status: true,
      });
      expect(hash).toHaveBeenCalledTimes(1);
    } finally {
      hash.mockRestore();
    }
  });

  it("CPU: 30 bogus resets cost less than a handful of argon2 hashes", async () => {
    const t0 = process.cpuUsage();
    await password.hashPassword("calibration");
    const one = process.cpuUsage(t0);
    const oneHash = one.user + one.system;
    const start = process.cpuUsage();
    for (let i = 0; i < 30; i++) {
      await errorOf(s.browser().call((c) => c.public.auth.resetPassword({ token: bogus(i), password: "n3w-Secret", password_confirmation: "n3w-Secret" })));
    }
    const used = process.cpuUsage(start);
    // Hashing each would cost 30 hashes on top of the lookups; checking the token first costs the
    // lookups only. The bound leaves room for what the database client itself costs (over HTTP to a
    // sqld server, 30 calls took about 11 hashes' CPU); the spy test above proves no hash at all.
    expect(used.user + used.system).toBeLessThan(oneHash * 20);
  });
});

describe("password reset is rate-limited per IP", () => {
  it("the 11th reset within the hour from one IP answers 429 (member and admin counted apart)", async () => {
    const b = s.browser();
    const pw = (i: number) => ({ token: bogus(i), password: "n3w-Secret", password_confirmation: "n3w-Secret" });
    for (let i = 0; i < 10; i++) expect((await errorOf(b.call((c) => c.public.auth.resetPassword(pw(i))))).code).toBe("BAD_REQUEST");
    const err = await errorOf(b.call((c) => c.public.auth.resetPassword(pw(10))));
    expect(err).toMatchObject({ code: "TOO_MANY_REQUESTS", httpStatus: 429, message: TOO_MANY_MESSAGE });
    expect(err.retryAfter).toBeGreaterThan(0);
    expect((await errorOf(b.call((c) => c.public.auth.adminResetPassword(pw(11))))).code).toBe("BAD_REQUEST");
    for (let i = 0; i < 9; i++) await errorOf(b.call((c) => c.public.auth.adminResetPassword(pw(i))));
    expect((await errorOf(b.call((c) => c.public.auth.adminResetPassword(pw(20))))).code).toBe("TOO_MANY_REQUESTS");
    // Another IP is unaffected.
    expect((await errorOf(s.browser().call((c) => c.public.auth.resetPassword(pw(30))))).code).toBe("BAD_REQUEST");
  });
});
