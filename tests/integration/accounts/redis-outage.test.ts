import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeRedis, getRedis } from "@/server/redis/client";
import { Browser, errorOf, purgeRedisPrefix, redisReady, setTestEnv, uniquePrefix } from "../../helpers/accounts";
import { createTestDb } from "../../helpers/db";
import { createUser } from "../../helpers/factories";
import { startTcpProxy, type TcpProxy } from "../../helpers/tcp-proxy";

/**
 * Redis going away and coming back while the web process runs (through a TCP
 * proxy in front of the real Redis): limits fail open during the outage and
 * apply again once the client has reconnected, without a restart.
 */
const real = new URL(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
const prefix = uniquePrefix();
let proxy: TcpProxy;
let t: Awaited<ReturnType<typeof createTestDb>>;
let restore: () => void;

beforeAll(async () => {
  await closeRedis();
  proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 6379) });
  const viaProxy = new URL(real.href);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(proxy.port);
  restore = setTestEnv({
    REDIS_URL: viaProxy.href,
    REDIS_PREFIX: prefix,
    APP_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
    RECAPTCHA_SITE_KEY: undefined,
    RECAPTCHA_SECRET_KEY: undefined,
  });
  t = await createTestDb();
});
afterAll(async () => {
  await closeRedis();
  await proxy.close();
  await purgeRedisPrefix(prefix, real.href);
  restore();
  t.cleanup();
});

/** The shared client reconnected (its failed attempts meanwhile emit "error": expected, not a failure). */
const connected = () => redisReady(8000);

const attempt = (b: Browser, email: string, password: string) => b.call((c) => c.public.auth.login({ email, password }));

describe("Redis outage and recovery", () => {
  it("throttles while up, fails open while down, throttles again once back", async () => {
    const user = await createUser(t.db);
    await connected();

    // Up: the sixth attempt after five failures is refused.
    const b1 = new Browser(t.db);
    for (let i = 0; i < 5; i++) await errorOf(attempt(b1, user.email, `wrong-${i}`));
    expect((await errorOf(attempt(b1, user.email, "secret-pass"))).code).toBe("TOO_MANY_REQUESTS");

    // Down: the limiter cannot be asked, so it steps aside — the member logs in, failures are not throttled.
    await proxy.down();
    await new Promise((r) => setTimeout(r, 50));
    expect(getRedis().status).not.toBe("ready");
    const b2 = new Browser(t.db);
    for (let i = 0; i < 7; i++) expect((await errorOf(attempt(b2, user.email, `wrong-${i}`))).code).toBe("BAD_REQUEST");
    expect(await attempt(b2, user.email, "secret-pass")).toEqual({ status: "ok" });

    // Back: the same client reconnects by itself and the limits apply again.
    await proxy.up();
    await connected();
    const b3 = new Browser(t.db);
    for (let i = 0; i < 5; i++) await errorOf(attempt(b3, user.email, `wrong-${i}`));
    const err = await errorOf(attempt(b3, user.email, "secret-pass"));
    expect(err.code).toBe("TOO_MANY_REQUESTS");
    expect(err.retryAfter).toBeGreaterThan(0);
  });
});
