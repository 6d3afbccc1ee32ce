import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECAPTCHA_MESSAGE, verifyRecaptcha } from "@/server/auth/recaptcha";
import { errorOf, outboxCount, sessionCount, setTestEnv, useAccountSuite } from "../../helpers/accounts";
import { createAdmin, createUser } from "../../helpers/factories";
import { startRecaptchaStub, type RecaptchaStub } from "../../helpers/recaptcha-stub-server";

/**
 * The reCAPTCHA v3 check (spec §7 actions Signup, Login, AdminLogin,
 * ForgotPassword), running the real siteverify client against a local stub.
 */
const APP_HOST = "navi.kir-test.jp";
const SECRET = "test-secret-key-6Le";
const s = useAccountSuite({ env: { APP_URL: `http://${APP_HOST}:3000` } });

let stub: RecaptchaStub;
let restoreKeys: () => void;
beforeAll(async () => {
  stub = await startRecaptchaStub({ secret: SECRET, hostname: APP_HOST });
  restoreKeys = setTestEnv({ RECAPTCHA_SITE_KEY: "test-site-key", RECAPTCHA_SECRET_KEY: SECRET, RECAPTCHA_VERIFY_URL: stub.url });
});
afterAll(async () => {
  restoreKeys();
  await stub.stop();
});

const REJECTED = { recaptcha_token: [RECAPTCHA_MESSAGE] };

describe("bot check on member login", () => {
  it("a good token for the Login action passes; the stub receives the secret, the token and the client IP", async () => {
    const user = await createUser(s.db);
    const b = s.browser();
    stub.clear();
    expect(await b.call((c) => c.public.auth.login({ email: user.email, password: "secret-pass", recaptcha_token: "good-Login" }))).toEqual({
      status: "ok",
    });
    expect(b.userToken).toBeDefined();
    expect(stub.requests).toEqual([
      { secret: SECRET, response: "good-Login", remoteip: b.ip, contentType: expect.stringMatching(/^application\/x-www-form-urlencoded/) },
    ]);
  });

  const rejected: Array<[string, string | undefined, string]> = [
    ["low score", "low-Login", "score"],
    ["wrong action", "wrong-action", "action"],
    ["a token issued for another action (Signup)", "good-Signup", "action"],
    ["stale challenge (10 minutes old)", "stale-Login", "stale"],
    ["bad hostname", "bad-host-Login", "hostname"],
    ["siteverify says success false", "failed", "not-success"],
    ["siteverify answers HTTP 500", "http-500", "http-500"],
    ["missing token", undefined, "missing-token"],
    ["empty token", "", "missing-token"],
  ];

  it.each(rejected)("%s is rejected with the recaptcha field error and creates no session", async (_name, token, reason) => {
    const user = await createUser(s.db);
    const b = s.browser();
    stub.clear();
    const err = await errorOf(b.call((c) => c.public.auth.login({ email: user.email, password: "secret-pass", recaptcha_token: token })));
    expect(err.code).toBe("BAD_REQUEST");
    expect(err.fieldErrors).toEqual(REJECTED);
    expect(b.setCookies).toEqual([]);
    expect(await sessionCount(s.db, "user", user.id)).toBe(0);
    // Rejected for the intended reason, by the same verification code.
    expect(await verifyRecaptcha(token, "Login", b.ip)).toMatchObject({ ok: false, reason });
    if (token) expect(stub.requests.map((r) => [r.secret, r.response])).toContainEqual([SECRET, token]);
    else expect(stub.requests).toEqual([]); // no token: siteverify is not even asked
  });

  it("a wrong secret on our side is rejected (siteverify answers invalid-input-secret)", async () => {
    const restore = setTestEnv({ RECAPTCHA_SECRET_KEY: "not-the-secret" });
    try {
      const user = await createUser(s.db);
      const b = s.browser();
      const err = await errorOf(b.call((c) => c.public.auth.login({ email: user.email, password: "secret-pass", recaptcha_token: "good-Login" })));
      expect(err.fieldErrors).toEqual(REJECTED);
      expect(stub.requests.at(-1)?.secret).toBe("not-the-secret");
    } finally {
      restore();
    }
  });

  it("the score threshold is configurable (RECAPTCHA_MIN_SCORE)", async () => {
    const restore = setTestEnv({ RECAPTCHA_MIN_SCORE: "0.95" });
    try {
      const user = await createUser(s.db);
      const err = await errorOf(s.browser().call((c) => c.public.auth.login({ email: user.email, password: "secret-pass", recaptcha_token: "good-Login" })));
      expect(err.fieldErrors).toEqual(REJECTED);
    } finally {
      restore();
    }
  });

  it("siteverify unreachable (stub stopped) is rejected, not let through", async () => {
    const down = await startRecaptchaStub({ secret: SECRET, hostname: APP_HOST });
    await down.stop();
    const restore = setTestEnv({ RECAPTCHA_VERIFY_URL: down.url });
    try {
      const user = await createUser(s.db);
      const b = s.browser();
      const err = await errorOf(b.call((c) => c.public.auth.login({ email: user.email, password: "secret-pass", recaptcha_token: "good-Login" })));
      expect(err.fieldErrors).toEqual(REJECTED);
      expect(b.setCookies).toEqual([]);
      expect(await sessionCount(s.db, "user", user.id)).toBe(0);
      expect(await verifyRecaptcha("good-Login", "Login")).toMatchObject({ ok: false, reason: "network" });
    } finally {
      restore();
    }
  });

  it("a rejected bot check does not count as a failed password (no lock-out of the real member)", async () => {
    const user = await createUser(s.db);
    const b = s.browser();
    for (let i = 0; i < 6; i++) {
      expect(
        (await errorOf(b.call((c) => c.public.auth.login({ email: user.email, password: "secret-pass", recaptcha_token: "low-Login" })))).fieldErrors,
      ).toEqual(REJECTED);
    }
    expect(await b.call((c) => c.public.auth.login({ email: user.email, password: "secret-pass", recaptcha_token: "good-Login" }))).toEqual({ status: "ok" });
  });
});

describe("bot check on the other actions", () => {
  it("admin login needs an AdminLogin token", async () => {
    const admin = await createAdmin(s.db);
    const bad = s.browser();
    const err = await errorOf(bad.call((c) => c.public.auth.adminLogin({ email: admin.email, password: "admin-pass", recaptcha_token: "good-Login" })));
    expect(err.fieldErrors).toEqual(REJECTED);
    expect(await sessionCount(s.db, "admin", admin.id)).toBe(0);
    const good = s.browser();
    expect(await good.call((c) => c.public.auth.adminLogin({ email: admin.email, password: "admin-pass", recaptcha_token: "good-AdminLogin" }))).toEqual({
      status: "ok",
    });
    expect((await good.call((c) => c.admin.account.info()))._id).toBe(admin.id);
  });

  it("sign-up: a good Signup token mails the link; a low score queues nothing", async () => {
    const before = await outboxCount(s.db);
    const err = await errorOf(s.browser().call((c) => c.public.auth.signup({ email: "bot-signup@example.com", recaptcha_token: "low-Signup" })));
    expect(err.fieldErrors).toEqual(REJECTED);
    expect(await outboxCount(s.db)).toBe(before);

    const mark = s.sink.mark();
    expect(await s.browser().call((c) => c.public.auth.signup({ email: "human-signup@example.com", recaptcha_token: "good-Signup" }))).toEqual({
      status: true,
    });
    const mail = await s.sink.waitFor((m) => m.to.includes("human-signup@example.com"), undefined, mark);
    expect(mail.text).toContain(`http://${APP_HOST}:3000/signup/register?token=`);
  });

  it("forgot-password (member) needs a ForgotPassword token; the admin variant has no bot check", async () => {
    const user = await createUser(s.db);
    const admin = await createAdmin(s.db);
    const before = await outboxCount(s.db);
    expect((await errorOf(s.browser().call((c) => c.public.auth.forgotPassword({ email: user.email })))).fieldErrors).toEqual(REJECTED);
    expect(
      (await errorOf(s.browser().call((c) => c.public.auth.forgotPassword({ email: user.email, recaptcha_token: "stale-ForgotPassword" })))).fieldErrors,
    ).toEqual(REJECTED);
    expect(await outboxCount(s.db)).toBe(before);

    expect(await s.browser().call((c) => c.public.auth.forgotPassword({ email: user.email, recaptcha_token: "good-ForgotPassword" }))).toEqual({
      status: true,
    });
    expect(await s.browser().call((c) => c.public.auth.adminForgotPassword({ email: admin.email }))).toEqual({ status: true });
    expect(await outboxCount(s.db)).toBe(before + 2);
  });
});

describe("with no keys configured", () => {
  it("the check is off: login works without a token and siteverify is not called; it is logged once", async () => {
    const restore = setTestEnv({ RECAPTCHA_SITE_KEY: undefined, RECAPTCHA_SECRET_KEY: undefined, LOG_LEVEL: "warn" });
    const logged: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    try {
      stub.clear();
      const user = await createUser(s.db);
      const b = s.browser();
      expect(await b.call((c) => c.public.auth.login({ email: user.email, password: "secret-pass" }))).toEqual({ status: "ok" });
      expect(await s.browser().call((c) => c.public.auth.login({ email: user.email, password: "secret-pass", recaptcha_token: "low-Login" }))).toEqual({
        status: "ok",
      });
      expect(stub.requests).toEqual([]);
      expect(logged.filter((l) => l.includes("recaptcha.disabled"))).toHaveLength(1);
    } finally {
      process.stderr.write = original;
      restore();
    }
  });
});
