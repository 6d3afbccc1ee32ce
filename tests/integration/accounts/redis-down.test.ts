import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "@/server/db/schema";
import { closeRedis } from "@/server/redis/client";
import { LOGIN_FAILED } from "@/server/accounts/auth";
import { Browser, codeOf, errorOf, setTestEnv, uniquePrefix } from "../../helpers/accounts";
import { createTestDb } from "../../helpers/db";
import { createUser } from "../../helpers/factories";

/**
 * Redis unreachable (REDIS_URL on a closed port): the rate limits fail open
 * and say so in the log, so members can still log in; mail waits in the outbox.
 */
let t: Awaited<ReturnType<typeof createTestDb>>;
let restore: () => void;
beforeAll(async () => {
  await closeRedis(); // no client from another configuration may linger
  restore = setTestEnv({
    REDIS_URL: "redis://127.0.0.1:1",
    REDIS_PREFIX: uniquePrefix(),
    APP_URL: "http://localhost:3000",
    LOG_LEVEL: "warn",
    SMTP_URL: undefined,
    RECAPTCHA_SITE_KEY: undefined,
    RECAPTCHA_SECRET_KEY: undefined,
  });
  t = await createTestDb();
});
afterAll(async () => {
  await closeRedis();
  restore();
  t.cleanup();
});

/** Runs fn while collecting what the app writes to stderr (warn/error log lines). */
async function captureStderr<T>(fn: () => Promise<T>): Promise<{ result: T; lines: string[] }> {
  const lines: string[] = [];
  const original = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  }) as typeof process.stderr.write;
  try {
    return { result: await fn(), lines };
  } finally {
    process.stderr.write = original;
  }
}

describe("Redis down", () => {
  it("login still works (limits fail open) and the outage is logged", async () => {
    const user = await createUser(t.db);
    const b = new Browser(t.db);
    const started = Date.now();
    const { result, lines } = await captureStderr(() => b.call((c) => c.public.auth.login({ email: user.email, password: "secret-pass" })));
    expect(result).toEqual({ status: "ok" });
    expect(Date.now() - started).toBeLessThan(60_000); // no hanging on Redis (a generous margin for a busy machine)
    expect(await codeOf(b.call((c) => c.member.account.info()))).toBe("OK");
    const warnings = lines.filter((l) => l.includes("ratelimit.unavailable")).map((l) => JSON.parse(l) as { level: string; limit: string });
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.every((w) => w.level === "warn")).toBe(true);
    expect(new Set(warnings.map((w) => w.limit))).toEqual(new Set(["loginIp", "loginFailure", "loginAccount"]));
  });

  it("a wrong password is still the ordinary login error (not a server error)", async () => {
    const user = await createUser(t.db);
    const { result } = await captureStderr(() => errorOf(new Browser(t.db).call((c) => c.public.auth.login({ email: user.email, password: "nope-nope" }))));
    expect(result.code).toBe("BAD_REQUEST");
    expect(result.fieldErrors).toEqual({ email: [LOGIN_FAILED] });
  });

  it("sign-up answers normally; its mail waits in the outbox for the relay", async () => {
    const before = (await t.db.select().from(outbox)).length;
    const { result } = await captureStderr(() => new Browser(t.db).call((c) => c.public.auth.signup({ email: "while-redis-down@example.com" })));
    expect(result).toEqual({ status: true });
    const rows = await t.db.select().from(outbox);
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({ job: "sendMail", relayed_at: null });
  });
});
