import { getTRPCErrorShape, TRPCError } from "@trpc/server";
import { count, eq } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll } from "vitest";
import { createContext, type Context } from "@/server/api/context";
import { toTRPCError } from "@/server/api/errors";
import { appRouter, createCaller } from "@/server/api/root";
import { SESSION_COOKIE } from "@/server/auth/session";
import type { Db } from "@/server/db";
import { outbox, user_sessions, admin_sessions } from "@/server/db/schema";
import { env, resetEnvForTests } from "@/server/env";
import { AppError } from "@/server/errors";
import { PEER_HEADER, peerHeaderValue } from "@/server/request/client-ip";
import { startJobRuntime } from "@/server/jobs/runtime";
import { closeRedis, getRedis } from "@/server/redis/client";
import { processorsFor } from "../../worker/processors/index";
import { createTestDb } from "./db";
import { startSmtpSink, type SmtpSink } from "./smtp-sink";

/**
 * Account-flow test kit: a browser-like caller with a cookie jar, the error
 * shape the client would see, the mail runtime (outbox → BullMQ → SMTP), and
 * per-file environment/Redis isolation.
 */

export type Caller = ReturnType<typeof createCaller>;

// ── environment ──

/** A Redis key prefix unique to this test file and run (letters and digits only). */
export function uniquePrefix(tag = "t"): string {
  return `${tag}${process.pid}${Date.now()}${Math.floor(Math.random() * 1e6)}`;
}

/**
 * Sets (or, with undefined, removes) environment variables and resets the
 * cached env() and mail transports. Returns a function restoring the previous values.
 */
export function setTestEnv(vars: Record<string, string | undefined>): () => void {
  const before: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(vars)) {
    before[k] = process.env[k];
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvForTests();
  return () => {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvForTests();
  };
}

/**
 * Waits until the shared web-side Redis client is connected (it does not queue commands while connecting).
 * Not events.once(): that rejects on the first "error", and a reconnecting client emits one per failed
 * attempt (ECONNREFUSED while the server is still coming back) before it is ready.
 */
export async function redisReady(timeoutMs = 5000): Promise<void> {
  const r = getRedis();
  if (r.status === "ready") return;
  await new Promise<void>((resolve, reject) => {
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      r.off("ready", onReady);
      reject(new Error(`Redis not ready after ${timeoutMs} ms`));
    }, timeoutMs);
    r.once("ready", onReady);
  });
}

/** Deletes this file's keys (rate limits, BullMQ) — only keys under its own prefix. */
export async function purgeRedisPrefix(prefix: string, url = env().REDIS_URL): Promise<void> {
  const r = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true });
  r.on("error", () => undefined);
  try {
    await r.connect();
    let cursor = "0";
    do {
      const [next, keys] = await r.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 500);
      cursor = next;
      if (keys.length) await r.unlink(...keys);
    } while (cursor !== "0");
  } catch {
    // Redis unreachable: nothing of ours to remove.
  } finally {
    r.disconnect();
  }
}

// ── a browser: cookie jar + one context per request ──

let ipCounter = 0;
/** A distinct client IP per browser, so per-IP limits of one test never touch another. */
export function nextIp(): string {
  ipCounter++;
  return `10.${process.pid % 250}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

type ParsedSetCookie = { name: string; value: string; attributes: Record<string, string | true> };

export function parseSetCookie(header: string): ParsedSetCookie {
  const [pair = "", ...attrs] = header.split(";");
  const eq = pair.indexOf("=");
  const attributes: Record<string, string | true> = {};
  for (const a of attrs) {
    const i = a.indexOf("=");
    if (i < 0) attributes[a.trim().toLowerCase()] = true;
    else attributes[a.slice(0, i).trim().toLowerCase()] = a.slice(i + 1).trim();
  }
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes };
}

/**
 * Behaves like a browser towards the tRPC procedures: each call is a new
 * request whose Cookie header comes from the jar, and every Set-Cookie the
 * procedure emits updates the jar (Max-Age=0 / past Expires / empty value delete).
 */
export class Browser {
  readonly jar = new Map<string, string>();
  /** Every Set-Cookie value received, in order. */
  readonly setCookies: string[] = [];
  /** The Set-Cookie values of the most recent request. */
  lastSetCookies: string[] = [];

  constructor(
    readonly db: Db,
    readonly ip: string = nextIp(),
    readonly userAgent = "Mozilla/5.0 (vitest) AccountsTest",
  ) {}

  /** A second browser starting with a copy of this one's cookies (e.g. a stolen cookie, another tab). */
  clone(ip = this.ip): Browser {
    const b = new Browser(this.db, ip, this.userAgent);
    for (const [k, v] of this.jar) b.jar.set(k, v);
    return b;
  }

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  get userToken(): string | undefined {
    return this.jar.get(SESSION_COOKIE.user);
  }

  get adminToken(): string | undefined {
    return this.jar.get(SESSION_COOKIE.admin);
  }

  private store(value: string): void {
    this.setCookies.push(value);
    this.lastSetCookies.push(value);
    const c = parseSetCookie(value);
    const maxAge = c.attributes["max-age"];
    const expires = c.attributes.expires;
    const expired = c.value === "" || (typeof maxAge === "string" && Number(maxAge) <= 0) || (typeof expires === "string" && Date.parse(expires) <= Date.now());
    if (expired) this.jar.delete(c.name);
    else this.jar.set(c.name, c.value);
  }

  async context(): Promise<Context> {
    const headers = new Headers({
      "user-agent": this.userAgent,
      "sec-fetch-site": "same-origin",
    });
    // Each simulated browser connects from its own address, handed to the app as the production server does.
    const peer = peerHeaderValue(this.ip);
    if (peer) headers.set(PEER_HEADER, peer);
    const cookie = this.cookieHeader();
    if (cookie) headers.set("cookie", cookie);
    return createContext({ db: this.db, headers, setCookie: (v) => this.store(v) });
  }

  /** One request: `await browser.call((c) => c.public.auth.login({...}))`. */
  async call<T>(fn: (caller: Caller) => Promise<T>): Promise<T> {
    this.lastSetCookies = [];
    const caller = createCaller(await this.context());
    return fn(caller);
  }
}

// ── errors as the client sees them ──

export type ClientError = {
  code: TRPCError["code"];
  message: string;
  httpStatus: number;
  fieldErrors: Record<string, string[]> | null;
  retryAfter: number | null;
};

/**
 * Awaits a call that must fail and returns its error formatted by the app's own errorFormatter (what HTTP clients get).
 * A service called directly throws the domain error, which goes through the same mapping as inside a procedure.
 */
export async function errorOf(p: Promise<unknown>): Promise<ClientError> {
  try {
    await p;
  } catch (thrown) {
    const e = thrown instanceof AppError ? toTRPCError(thrown) : thrown;
    if (!(e instanceof TRPCError)) throw e;
    const shape = getTRPCErrorShape({ config: appRouter._def._config, error: e, type: "mutation", path: undefined, input: undefined, ctx: undefined });
    return {
      code: e.code,
      message: shape.message,
      httpStatus: shape.data.httpStatus,
      fieldErrors: shape.data.fieldErrors,
      retryAfter: shape.data.retryAfter,
    };
  }
  throw new Error("expected the call to fail, but it succeeded");
}

/** The tRPC code of a call ("OK" when it succeeds). */
export async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "OK";
  } catch (e) {
    if (e instanceof TRPCError) return e.code;
    if (e instanceof AppError) return toTRPCError(e).code;
    throw e;
  }
}

// ── mail: outbox → BullMQ → worker → SMTP ──

/** Starts the real job runtime in-process (this file's Redis prefix, fast relay); stop() closes it. */
export function startMailRuntime(db: Db, opts: { relayIntervalMs?: number } = {}) {
  const runtime = startJobRuntime({ db, processors: processorsFor(db), prefix: env().REDIS_PREFIX, relayIntervalMs: opts.relayIntervalMs ?? 50 });
  return { runtime, relayNow: runtime.relayNow, stop: () => runtime.stop() };
}

export async function outboxCount(db: Db): Promise<number> {
  return (await db.select({ n: count() }).from(outbox).get())?.n ?? 0;
}

export async function sessionCount(db: Db, kind: "user" | "admin", accountId: number): Promise<number> {
  const row =
    kind === "user"
      ? await db.select({ n: count() }).from(user_sessions).where(eq(user_sessions.user_id, accountId)).get()
      : await db.select({ n: count() }).from(admin_sessions).where(eq(admin_sessions.admin_id, accountId)).get();
  return row?.n ?? 0;
}

// ── registration data ──

export type RegisterData = Parameters<Caller["public"]["auth"]["register"]>[0];

/** A complete, valid registration form (spec §5) for the given link token. */
export function validRegistration(token: string, over: Partial<RegisterData> = {}): RegisterData {
  return {
    token,
    password: "Pass-w0rd!",
    password_confirmation: "Pass-w0rd!",
    names: { last: "山田", first: "太郎" },
    kanas: { last: "ヤマダ", first: "タロウ" },
    zip: "530-0001",
    pref: "大阪府",
    city: "大阪市北区",
    district: "梅田1-1-1",
    address: "",
    tel: "06-1234-5678",
    fax: "",
    job: "employee",
    job_other: "",
    salary: "500_700",
    money: "1000",
    contact: { method: ["email"], time: "anytime" },
    ...over,
  };
}

/** A unique, acceptable address (example.com is a real, non-disposable domain). */
export function newEmail(tag = "member"): string {
  return `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

// ── one suite: temp DB + SMTP sink + mail runtime + isolated env/Redis ──

export type AccountSuite = {
  db: Db;
  sink: SmtpSink;
  prefix: string;
  /** Starts a browser with its own IP. */
  browser(): Browser;
};

/**
 * Registers beforeAll/afterAll for a file: a migrated temp database, a real
 * SMTP sink, env pointing at both (unique REDIS_PREFIX, bot check off unless
 * `env` sets keys), the Redis client connected, and the mail runtime running.
 * Access the fields inside tests (they are filled in beforeAll).
 */
export function useAccountSuite(opts: { env?: Record<string, string | undefined>; mail?: boolean } = {}): AccountSuite {
  const suite = {} as AccountSuite;
  let restoreEnv: (() => void) | undefined;
  let cleanupDb: (() => void) | undefined;
  let stopMail: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const prefix = uniquePrefix();
    const sink = await startSmtpSink();
    restoreEnv = setTestEnv({
      APP_URL: "http://localhost:3000",
      REDIS_PREFIX: prefix,
      SMTP_URL: sink.url,
      RECAPTCHA_SITE_KEY: undefined,
      RECAPTCHA_SECRET_KEY: undefined,
      RECAPTCHA_VERIFY_URL: undefined,
      ...opts.env,
    });
    const t = await createTestDb();
    cleanupDb = t.cleanup;
    await redisReady();
    if (opts.mail !== false) stopMail = startMailRuntime(t.db).stop;
    Object.assign(suite, { db: t.db, sink, prefix, browser: () => new Browser(t.db) });
  });

  afterAll(async () => {
    await stopMail?.();
    await suite.sink?.stop();
    if (suite.prefix) await purgeRedisPrefix(suite.prefix);
    await closeRedis();
    restoreEnv?.();
    cleanupDb?.();
  });

  return suite;
}
