import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOO_MANY_MESSAGE } from "@/server/auth/rate-limit";
import { closeDb, getDb, type Db } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { PEER_HEADER, peerHeaderValue } from "@/server/request/client-ip";
import { closeRedis } from "@/server/redis/client";
import { handleRest } from "@/server/rest/handler";
import { Browser, errorOf, nextIp, purgeRedisPrefix, redisReady, setTestEnv, uniquePrefix } from "../../helpers/accounts";
import { testDbUrl } from "../../helpers/db";

/**
 * A REST 429 says the limiter's Japanese sentence, the one the tRPC side answers, with Retry-After
 * (it used to be Sanctum's English 「Too Many Attempts.」). Real REST handler, real Redis limiter.
 */
const BASE = "http://localhost:3000";
let db: Db;
let dir = "";
let prefix = "";
let restore: (() => void) | undefined;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "kir-too-many-"));
  prefix = uniquePrefix("toomany");
  restore = setTestEnv({
    DATABASE_URL: await testDbUrl(dir, "too-many.db"),
    APP_URL: BASE,
    REDIS_PREFIX: prefix,
    RECAPTCHA_SITE_KEY: undefined,
    RECAPTCHA_SECRET_KEY: undefined,
  });
  db = await getDb();
  await migrateDb(db);
  await redisReady();
});
afterAll(async () => {
  await closeDb();
  await purgeRedisPrefix(prefix);
  await closeRedis();
  restore?.();
  rmSync(dir, { recursive: true, force: true });
});

/** A REST client from one address: the CSRF cookie first, then JSON posts with the token. */
async function restFrom(ip: string) {
  const peer = { [PEER_HEADER]: peerHeaderValue(ip)! };
  const csrf = await handleRest(new Request(`${BASE}/sanctum/csrf-cookie`, { headers: peer }));
  const jar = csrf.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const token = decodeURIComponent(jar.find((c) => c.startsWith("XSRF-TOKEN="))!.slice("XSRF-TOKEN=".length));
  return (pathname: string, body: unknown) =>
    handleRest(
      new Request(`${BASE}${pathname}`, {
        method: "POST",
        headers: { cookie: jar.join("; "), "x-xsrf-token": token, "content-type": "application/json", ...peer },
        body: JSON.stringify(body),
      }),
    );
}

describe("REST 429", () => {
  it("failed logins over the limit: 429, Retry-After, and the tRPC side's Japanese message", async () => {
    const ip = nextIp();
    const post = await restFrom(ip);
    const email = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) expect((await post("/sanctum/login", { email, password: "wrong-pass" })).status).toBe(422);
    const res = await post("/sanctum/login", { email, password: "wrong-pass" });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await res.json()) as { message: string };
    expect(body).toEqual({ message: TOO_MANY_MESSAGE });

    // The same refusal through tRPC, from the same address: the same sentence.
    const trpc = await errorOf(new Browser(db, ip).call((c) => c.public.auth.login({ email, password: "wrong-pass" })));
    expect(trpc).toMatchObject({ code: "TOO_MANY_REQUESTS", httpStatus: 429 });
    expect(body.message).toBe(trpc.message);
  });
});
