import { eq } from "drizzle-orm";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { hashToken } from "@/server/auth/session";
import { outbox, users } from "@/server/db/schema";
import { env } from "@/server/env";
import { newEmail, useAccountSuite, validRegistration, type Browser } from "../../helpers/accounts";
import { tokenIn } from "../../helpers/smtp-sink";

/**
 * "No password, token or hash ever appears in a response or a log line":
 * a whole account life cycle runs at LOG_LEVEL=debug (web side and the
 * in-process mail worker) while every stdout/stderr write is captured.
 */
const s = useAccountSuite({ env: { LOG_LEVEL: "debug" } });

type Capture = { lines: string[]; stop: () => void };
function captureOutput(): Capture {
  const lines: string[] = [];
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  const grab = ((chunk: string | Uint8Array) => {
    lines.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    return true;
  }) as typeof process.stdout.write;
  process.stdout.write = grab;
  process.stderr.write = grab;
  return {
    lines,
    stop: () => {
      process.stdout.write = out;
      process.stderr.write = err;
    },
  };
}

/** Every value stored under this file's Redis prefix (BullMQ jobs, events, rate-limit counters). */
async function redisDump(prefix: string): Promise<string> {
  const r = new Redis(env().REDIS_URL, { maxRetriesPerRequest: 1 });
  r.on("error", () => undefined);
  const parts: string[] = [];
  try {
    let cursor = "0";
    do {
      const [next, keys] = await r.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 500);
      cursor = next;
      for (const key of keys) {
        const type = await r.type(key);
        parts.push(key);
        if (type === "string") parts.push(String(await r.get(key)));
        else if (type === "hash") parts.push(JSON.stringify(await r.hgetall(key)));
        else if (type === "list") parts.push(JSON.stringify(await r.lrange(key, 0, -1)));
        else if (type === "set") parts.push(JSON.stringify(await r.smembers(key)));
        else if (type === "zset") parts.push(JSON.stringify(await r.zrange(key, 0, -1)));
        else if (type === "stream") parts.push(JSON.stringify(await r.xrange(key, "-", "+")));
      }
    } while (cursor !== "0");
  } finally {
    r.disconnect();
  }
  return parts.join("\n");
}

describe("secrets never leak into logs or responses", () => {
  it("sign-up → register → login → change password → reset → change e-mail, at LOG_LEVEL=debug", async () => {
    const email = newEmail("leak");
    const passwords = ["First-pass1", "Second-pass2", "Third-pass3"] as const;
    const wrongPassword = "Wrong-guess9";
    const tokens: string[] = [];
    const hashes: string[] = [];
    const responses: unknown[] = [];
    const sessionTokens = (b: Browser) => [b.userToken, b.adminToken].filter((v): v is string => Boolean(v));
    const call = async <T>(b: Browser, fn: Parameters<Browser["call"]>[0]): Promise<T> => {
      try {
        const r = (await b.call(fn)) as T;
        responses.push(r);
        return r;
      } catch (e) {
        responses.push({ error: String(e), cause: (e as { cause?: unknown }).cause });
        throw e;
      }
    };
    const passwordHash = async () => (await s.db.select().from(users).where(eq(users.email, email)).get())?.password_hash;

    const capture = captureOutput();
    try {
      // sign-up → mailed link → registration (logs in)
      let mark = s.sink.mark();
      await call(s.browser(), (c) => c.public.auth.signup({ email }));
      const signupToken = tokenIn(await s.sink.waitFor((m) => m.to.includes(email), undefined, mark), "/signup/register");
      tokens.push(signupToken);
      const b = s.browser();
      await call(b, (c) => c.public.auth.register(validRegistration(signupToken, { password: passwords[0], password_confirmation: passwords[0] })));
      tokens.push(...sessionTokens(b));
      hashes.push((await passwordHash())!);
      await call(b, (c) => c.member.account.info());
      await call(b, (c) => c.member.account.profile());

      // a failed and a successful login
      await call(s.browser(), (c) => c.public.auth.login({ email, password: wrongPassword })).catch(() => undefined);
      const b2 = s.browser();
      await call(b2, (c) => c.public.auth.login({ email, password: passwords[0] }));
      tokens.push(...sessionTokens(b2));

      // change password (wrong current, then right)
      await call(b2, (c) => c.member.account.changePassword({ current_password: wrongPassword, password: passwords[1], password_confirmation: passwords[1] }));
      await call(b2, (c) => c.member.account.changePassword({ current_password: passwords[0], password: passwords[1], password_confirmation: passwords[1] }));
      hashes.push((await passwordHash())!);

      // forgotten password → mailed token → reset → login
      mark = s.sink.mark();
      await call(s.browser(), (c) => c.public.auth.forgotPassword({ email }));
      const resetToken = tokenIn(await s.sink.waitFor((m) => m.to.includes(email) && m.subject.includes("再設定"), undefined, mark), "/reset-password");
      tokens.push(resetToken);
      await call(s.browser(), (c) => c.public.auth.resetPassword({ token: resetToken, password: passwords[2], password_confirmation: passwords[2] }));
      hashes.push((await passwordHash())!);
      const b3 = s.browser();
      await call(b3, (c) => c.public.auth.login({ email, password: passwords[2] }));
      tokens.push(...sessionTokens(b3));

      // change e-mail → mailed token → confirm
      const next = newEmail("leak-moved");
      mark = s.sink.mark();
      await call(b3, (c) => c.member.account.changeEmail({ email: next, password: passwords[2] }));
      const changeToken = tokenIn(await s.sink.waitFor((m) => m.to.includes(next), undefined, mark), "/email/confirm");
      tokens.push(changeToken);
      await call(s.browser(), (c) => c.public.auth.confirmEmail({ token: changeToken }));
      await call(b3, (c) => c.public.auth.logout());
      // Let the worker finish the notices (and log about them) while we still capture.
      await s.sink.waitFor((m) => m.to.includes(email) && m.subject.includes("メールアドレスが変更されました"), undefined, mark);
    } finally {
      capture.stop();
    }

    const logs = capture.lines.join("");
    // The capture is not vacuous: the flow logged at debug/info level, including the worker's mail lines.
    expect(logs).toContain('"msg":"account.registered"');
    expect(logs).toContain('"msg":"auth.login"');
    expect(logs).toContain('"msg":"auth.login_failed"');
    expect(logs).toContain('"msg":"mail.sent"');

    expect(tokens.length).toBeGreaterThanOrEqual(6);
    expect(hashes.every((h) => h.startsWith("$argon2id$"))).toBe(true);
    const secrets: Array<[string, string]> = [
      ...passwords.map((p, i) => [`password ${i + 1}`, p] as [string, string]),
      ["wrong password", wrongPassword],
      ...tokens.map((t, i) => [`token ${i + 1}`, t] as [string, string]),
      ...tokens.map((t, i) => [`hash of token ${i + 1}`, hashToken(t)] as [string, string]),
      ...hashes.map((h, i) => [`argon2 hash ${i + 1}`, h] as [string, string]),
    ];
    const body = JSON.stringify(responses);
    for (const [name, secret] of secrets) {
      expect(logs.includes(secret), `${name} appears in the logs`).toBe(false);
      expect(body.includes(secret), `${name} appears in a response`).toBe(false);
    }
    expect(logs).not.toContain("$argon2");
    expect(body).not.toContain("$argon2");
    expect(body).not.toContain("password_hash");

    // Mailed links are not kept once delivered: the outbox payloads are scrubbed…
    const mails = await s.db.select().from(outbox).where(eq(outbox.job, "sendMail"));
    expect(mails.length).toBeGreaterThanOrEqual(6);
    expect(mails.every((m) => JSON.stringify(m.payload) === JSON.stringify({ scrubbed: true }))).toBe(true);
    // …and neither Redis (BullMQ jobs, rate-limit keys) holds a token or password.
    const dump = await redisDump(s.prefix);
    for (const [name, secret] of secrets) expect(dump.includes(secret), `${name} is stored in Redis`).toBe(false);
  });
});
