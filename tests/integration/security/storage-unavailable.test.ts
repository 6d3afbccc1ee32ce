import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { handleTrpcRequestOn } from "@/server/api/fetch";
import { createSession, SESSION_COOKIE } from "@/server/auth/session";
import { schema, type Db } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { serializeWrites } from "@/server/db/write-lock";
import { media_blobs, media_files, user_sessions, users } from "@/server/db/schema";
import { env } from "@/server/env";
import { STORAGE_UNAVAILABLE_MESSAGE } from "@/server/errors";
import { handleImageUpload } from "@/server/routes/admin-upload";
import { getRedis } from "@/server/redis/client";
import { logger } from "@/server/logger";
import { alertStorageUnavailable, STORAGE_ALERT_INTERVAL_MS } from "@/server/mail/storage-alert";
import { errorResponse } from "@/server/rest/errors";
import { purgeRedisPrefix, redisReady, setTestEnv, uniquePrefix } from "../../helpers/accounts";
import { createAdmin, createUser } from "../../helpers/factories";
import { startSmtpSink, type SmtpSink } from "../../helpers/smtp-sink";
import { jpeg } from "../admin/helpers";

/**
 * Issue 32 item 5: a full disk or a read-only database is a 503 with a Japanese message
 * (tRPC, REST, uploads), nothing half-written, staff mailed at most hourly, and no log line
 * carries SQL parameters.
 *
 * Always a local file, on one connection (concurrency 1), whatever the suite's pass: SQLite's
 * own limits make the failures real — PRAGMA query_only gives SQLITE_READONLY, PRAGMA
 * max_page_count gives SQLITE_FULL — and both are settings of the connection.
 */
let dir: string;
let client: Client;
let db: Db;
let sink: SmtpSink;
let restoreEnv: () => void;
const STAFF = "ops-staff@example.com";
const UA = "UA-SECRET-AGENT/7.1 (params-must-not-leak)";

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "kir-storage-"));
  // Behind the app's write lock, as openDb sets a local file up.
  client = serializeWrites(createClient({ url: `file:${path.join(dir, "full.db")}`, concurrency: 1 }));
  db = drizzle(client, { schema }) as Db;
  await migrateDb(db);
  sink = await startSmtpSink();
  restoreEnv = setTestEnv({
    SMTP_URL: sink.url,
    STAFF_EMAIL: STAFF,
    REDIS_PREFIX: uniquePrefix("storage"),
    LOG_LEVEL: "debug",
    RECAPTCHA_SECRET_KEY: undefined,
    RECAPTCHA_SITE_KEY: undefined,
  });
  await redisReady();
});
afterAll(async () => {
  await purgeRedisPrefix(env().REDIS_PREFIX);
  restoreEnv();
  await sink.stop();
  client.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await client.execute("PRAGMA query_only = 0");
  await client.execute("PRAGMA max_page_count = 1073741823");
});

/** Every stdout/stderr write while `fn` runs. */
async function captured<T>(fn: () => Promise<T>): Promise<{ result: T; output: string }> {
  const lines: string[] = [];
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  const grab = ((chunk: string | Uint8Array) => {
    lines.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    return true;
  }) as typeof process.stdout.write;
  process.stdout.write = grab;
  process.stderr.write = grab;
  try {
    return { result: await fn(), output: lines.join("") };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
}

async function trpcLogin(email: string, password: string) {
  const req = new Request("http://localhost:3000/api/trpc/public.auth.login", {
    method: "POST",
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin", "user-agent": UA },
    body: JSON.stringify({ json: { email, password } }),
  });
  const res = await handleTrpcRequestOn(req, db);
  return { status: res.status, body: (await res.json()) as { error?: { json: { message: string } } } };
}

describe("the staff alert", () => {
  it("goes out at most once an hour, across callers, by the clock it is given", async () => {
    await getRedis().del(`${env().REDIS_PREFIX}:alert:storage-unavailable`);
    const t0 = Date.UTC(2024, 0, 1, 9, 0, 0);
    const from = sink.mark();
    const first = await Promise.all([alertStorageUnavailable("full", "test A", t0), alertStorageUnavailable("readonly", "test B", t0)]);
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(await alertStorageUnavailable("full", "test", t0 + 59 * 60 * 1000)).toBe(false);
    expect(await alertStorageUnavailable("full", "test", t0 + STORAGE_ALERT_INTERVAL_MS)).toBe(true);
    expect(await alertStorageUnavailable("full", "test", t0 + STORAGE_ALERT_INTERVAL_MS + 1000)).toBe(false);
    const mails = sink.messages.slice(from).filter((m) => m.to.includes(STAFF));
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe("【要対応】データを保存できない状態です");
  });
});

describe("a read-only database", () => {
  it("tRPC: login answers 503 with the Japanese message; staff are mailed; no log line carries the statement's parameters", async () => {
    const user = await createUser(db);
    await getRedis().del(`${env().REDIS_PREFIX}:alert:storage-unavailable`);
    const from = sink.mark();
    await client.execute("PRAGMA query_only = 1");
    const { result, output } = await captured(() => trpcLogin(user.email, "secret-pass"));
    expect(result.status).toBe(503);
    expect(result.body.error?.json.message).toBe(STORAGE_UNAVAILABLE_MESSAGE);
    expect(output).toContain("storage.unavailable");
    expect(output).not.toContain(UA);
    expect(output).not.toMatch(/params: (?!\[left out\])/);
    const mail = await sink.waitFor((m) => m.to.includes(STAFF), 10_000, from);
    expect(mail.text).toContain("SQLITE_READONLY");
  });

  it("tRPC: a member whose session is due for renewal (a write before any procedure) gets the same 503", async () => {
    const user = await createUser(db);
    const { token, session } = await createSession(db, "user", user.id);
    await db
      .update(user_sessions)
      .set({ expires_at: new Date(Date.now() + 3600_000) })
      .where(eq(user_sessions.id, session.id));
    await client.execute("PRAGMA query_only = 1");
    const req = new Request("http://localhost:3000/api/trpc/member.filters.list", {
      headers: { cookie: `${SESSION_COOKIE.user}=${token}`, "sec-fetch-site": "same-origin" },
    });
    const { result: res } = await captured(() => handleTrpcRequestOn(req, db));
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { json: { message: string } } }).error.json.message).toBe(STORAGE_UNAVAILABLE_MESSAGE);
  });

  it("REST: the same failure through the mapper is a 503 with the message and Retry-After", async () => {
    await client.execute("PRAGMA query_only = 1");
    const thrown = await db
      .insert(users)
      .values({ email: "rest-readonly@example.com", password_hash: "x", status: "active" })
      .catch((e: unknown) => e);
    const res = errorResponse(thrown, "/api/user/settings");
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toBe(STORAGE_UNAVAILABLE_MESSAGE);
    expect(res.headers.get("retry-after")).toBe("300");
  });
});

describe("a full database", () => {
  it("an upload answers 503 with the message and leaves nothing behind; once there is room it is stored", async () => {
    const admin = await createAdmin(db);
    const { token } = await createSession(db, "admin", admin.id);
    const upload = async () => {
      const fd = new FormData();
      fd.set("file", new Blob([new Uint8Array(await jpeg(1200, 900, "#2255aa"))]), "a.jpg");
      const req = new Request("http://localhost:3000/api/admin/images", {
        method: "POST",
        body: fd,
        headers: { cookie: `${SESSION_COOKIE.admin}=${token}`, "sec-fetch-site": "same-origin" },
      });
      return handleImageUpload(db, req, { backend: "database", db });
    };
    // No page may be added: the first variant's bytes need new pages.
    const pages = (await client.execute("PRAGMA page_count")).rows[0]![0] as number;
    await client.execute(`PRAGMA max_page_count = ${pages}`);
    const { result: res, output } = await captured(upload);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toBe(STORAGE_UNAVAILABLE_MESSAGE);
    expect(output).toContain('"failure":"full"');
    const count = async (t: typeof media_files | typeof media_blobs) =>
      (await db
        .select({ n: sql<number>`count(*)` })
        .from(t)
        .get())!.n;
    expect(await count(media_files)).toBe(0);
    expect(await count(media_blobs)).toBe(0);

    await client.execute("PRAGMA max_page_count = 1073741823");
    expect((await upload()).status).toBe(201);
    expect(await count(media_files)).toBeGreaterThanOrEqual(4);
  });
});

describe("log lines", () => {
  it("a failed query's parameters never reach a log line, whatever carries the message", async () => {
    const email = "param-secret-7731@example.com";
    await createUser(db, { email });
    // A real Drizzle failure (unique e-mail) whose message ends with the parameters.
    const thrown = (await createUser(db, { email }).catch((e: unknown) => e)) as Error;
    expect(thrown.message).toContain(email);
    const { output } = await captured(async () => {
      logger.error("trpc.error", { path: "public.auth.login", message: thrown.message });
      logger.error("some.error", { error: thrown, nested: { message: thrown.message }, list: [thrown.message] });
    });
    expect(output).toContain("Failed query: insert into");
    expect(output).not.toContain(email);
  });
});
