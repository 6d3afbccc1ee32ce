import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { newEmail, outboxCount, useAccountSuite } from "../../helpers/accounts";
import { createUser } from "../../helpers/factories";

/**
 * Account enumeration: forgot-password and change-email answer a registered
 * and an unknown address alike, in content and in the work the request does.
 * No mail runtime here: the queued jobs stay in the outbox, so what is
 * measured is the request alone, as an attacker times it.
 */
const s = useAccountSuite({ mail: false });
const PASSWORD = "secret-pass"; // tests/helpers/factories.ts

async function timeForgot(email: string): Promise<number> {
  const b = s.browser(); // a fresh IP each time: the per-IP limit is not what is measured
  const t0 = performance.now();
  expect(await b.call((c) => c.public.auth.forgotPassword({ email }))).toEqual({ status: true });
  return performance.now() - t0;
}

describe("forgot-password", () => {
  it("a registered address is not measurably slower than an unknown one (40 interleaved pairs)", async () => {
    const user = await createUser(s.db, { email: newEmail("enum") });
    for (let i = 0; i < 5; i++) await timeForgot(i % 2 ? user.email : newEmail("warm")); // warm-up
    let knownSlower = 0;
    const PAIRS = 40;
    for (let i = 0; i < PAIRS; i++) {
      // Alternate the order so neither side always runs second.
      let known: number, unknown: number;
      if (i % 2) {
        known = await timeForgot(user.email);
        unknown = await timeForgot(newEmail("nobody"));
      } else {
        unknown = await timeForgot(newEmail("nobody"));
        known = await timeForgot(user.email);
      }
      if (known > unknown) knownSlower++;
    }
    // Equal work gives about half; the old code (token + mail written for a member only) gave ~35 of 40.
    expect(knownSlower).toBeLessThan(30);
  });

  it("each request writes exactly one outbox row, the same job for a member, an unknown and a suspended address", async () => {
    const member = await createUser(s.db, { email: newEmail("enum") });
    const suspended = await createUser(s.db, { email: newEmail("enum"), status: "suspended" });
    for (const email of [member.email, newEmail("nobody"), suspended.email]) {
      const before = await outboxCount(s.db);
      await timeForgot(email);
      expect(await outboxCount(s.db)).toBe(before + 1);
    }
  });
});

describe("change e-mail", () => {
  it("a taken and a free address get the same answer and the same writes", async () => {
    const other = await createUser(s.db, { email: newEmail("taken") });
    const me = await createUser(s.db, { email: newEmail("me") });
    const b = s.browser();
    await b.call((c) => c.public.auth.login({ email: me.email, password: PASSWORD }));
    const answers: unknown[] = [];
    for (const email of [other.email, newEmail("free")]) {
      const before = await outboxCount(s.db);
      answers.push(await b.call((c) => c.member.account.changeEmail({ email, password: PASSWORD })).catch((e: unknown) => String(e)));
      expect(await outboxCount(s.db)).toBe(before + 1);
    }
    expect(answers).toEqual([{ status: true }, { status: true }]);
  });
});
