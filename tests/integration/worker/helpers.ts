/**
 * Worker suites: a temp database, a real SMTP sink and the real job runtime
 * (outbox relay → BullMQ on the real Redis under a unique prefix → the
 * worker's processors), plus listing/member fixtures.
 */
import { afterAll, beforeAll } from "vitest";
import type { Db } from "@/server/db";
import { eq } from "drizzle-orm";
import { filters, investment_price_histories, investment_transports, investments, notification_settings, users } from "@/server/db/schema";
import { storedStateFor } from "@/server/investments/former-price";
import { enqueue } from "@/server/jobs/outbox";
import { startJobRuntime, type JobRuntime } from "@/server/jobs/runtime";
import { closeRedis } from "@/server/redis/client";
import { processorsFor } from "../../../worker/processors/index";
import { purgeRedisPrefix, setTestEnv, uniquePrefix } from "../../helpers/accounts";
import { createTestDb } from "../../helpers/db";
import { startSmtpSink, type SmtpSink } from "../../helpers/smtp-sink";

export const DAY = 86_400_000;

export type WorkerSuite = {
  db: Db;
  url: string;
  sink: SmtpSink;
  prefix: string;
  runtime: JobRuntime;
  /** Stops the running runtime and starts a fresh one (same database, prefix and env). */
  restart(): Promise<JobRuntime>;
};

/** Starts the runtime the worker process runs (factory processors, so the newsletter rate limit lives in Redis). */
export function startRuntime(db: Db, prefix: string, opts: { redisUrl?: string } = {}): JobRuntime {
  return startJobRuntime({ db, processors: (ctx) => processorsFor(db, ctx), prefix, relayIntervalMs: 50, redisUrl: opts.redisUrl });
}

export function useWorkerSuite(opts: { env?: Record<string, string | undefined>; runtime?: boolean } = {}): WorkerSuite {
  const suite = {} as WorkerSuite;
  let restoreEnv: (() => void) | undefined;
  let cleanupDb: (() => void) | undefined;

  beforeAll(async () => {
    const prefix = uniquePrefix("w");
    const sink = await startSmtpSink();
    restoreEnv = setTestEnv({
      APP_URL: "http://localhost:3000",
      APP_SECRET: "worker-suite-secret-0123456789abcdef0123456789",
      REDIS_PREFIX: prefix,
      SMTP_URL: sink.url,
      STAFF_EMAIL: "staff@example.com",
      MATCHING_NOTIFY_DELAY_SECONDS: "1",
      NEWSLETTER_RATE_PER_SECOND: "0",
      NEWSLETTER_LEASE_SECONDS: "2",
      ...opts.env,
    });
    const t = await createTestDb();
    cleanupDb = t.cleanup;
    Object.assign(suite, { db: t.db, url: t.url, sink, prefix });
    if (opts.runtime !== false) suite.runtime = startRuntime(t.db, prefix);
    suite.restart = async () => {
      await suite.runtime?.stop();
      suite.runtime = startRuntime(t.db, prefix);
      return suite.runtime;
    };
  });

  afterAll(async () => {
    await suite.runtime?.stop();
    await suite.sink?.stop();
    if (suite.prefix) await purgeRedisPrefix(suite.prefix);
    await closeRedis();
    restoreEnv?.();
    cleanupDb?.();
  });

  return suite;
}

/** Polls `fn` until it returns a truthy value (returned), failing after timeoutMs. */
export async function waitFor<T>(fn: () => Promise<T> | T, timeoutMs = 10_000, what = "condition"): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/* ---------------------------------------------------------------- fixtures */

export type ListingInsert = Partial<typeof investments.$inferInsert>;

/** A published 一棟マンション in 大阪市北区 (area 3) at 12,000万円, 7.5%, 梅田 5 min. */
export async function insertListing(db: Db, over: ListingInsert = {}): Promise<number> {
  const now = new Date();
  const row = await db
    .insert(investments)
    .values({
      type_cd: 1,
      name: "テストレジデンス梅田",
      pref_cd: 27,
      city_cd: "271276",
      district_cd: "梅田一丁目",
      area_cd: 3,
      price: 12_000,
      yield: 7.5,
      structure_cd: 2,
      station_time: 5,
      public: true,
      members: false,
      public_at: now,
      update_at: now,
      registered_at: now.toISOString().slice(0, 10),
      next_update_at: new Date(now.getTime() + 14 * DAY).toISOString().slice(0, 10),
      transactions: 3,
      keywords: "テストレジデンス梅田 大阪市北区",
      ...over,
    })
    .returning({ id: investments.id })
    .get();
  await db
    .insert(investment_transports)
    .values({ investment_id: row.id, line_name: "Osaka Metro御堂筋線", station_name: "梅田", distance: 1, station_walk: 5, e_sort: 0 });
  return row.id;
}

/**
 * A price change at `at`, as the editor's save records it: a history row, and the
 * stored former-price columns from the same rule (storedStateFor: qualifyingCut
 * over the history and public_at, the six-month window at `at`).
 */
export async function recordPriceChange(db: Db, investmentId: number, to: number, at: Date): Promise<void> {
  const row = await db.select({ price: investments.price, public_at: investments.public_at }).from(investments).where(eq(investments.id, investmentId)).get();
  if (!row) throw new Error(`no listing ${investmentId}`);
  await db.insert(investment_price_histories).values({ investment_id: investmentId, price: to, price_before: row.price, changed_at: at });
  const history = await db.select().from(investment_price_histories).where(eq(investment_price_histories.investment_id, investmentId)).all();
  await db
    .update(investments)
    .set({ price: to, ...storedStateFor({ history, publicAt: row.public_at, currentPrice: to }, at) })
    .where(eq(investments.id, investmentId));
}

/** What the listing editor does on publication or a price cut: the outbox row, in a transaction. */
export async function queueMatch(db: Db, investmentId: number, reason: "new" | "price_down", key = `${reason}-${investmentId}-${Date.now()}`): Promise<void> {
  await db.transaction((tx) => enqueue(tx, "matchInvestment", { investmentId, reason }, key));
}

export type MemberOptions = {
  setting?: "instant" | "daily" | "off";
  newsletter?: boolean;
  status?: string;
  deleted?: boolean;
  queries?: Record<string, unknown>[];
  interest_areas?: number[];
  created_at?: Date;
  tag?: string;
};

/** A member with notification settings and saved filters. */
export async function createMember(db: Db, o: MemberOptions = {}) {
  // No password: these members never log in, and hashing would slow the suites down.
  const user = await db
    .insert(users)
    .values({
      email: `${o.tag ?? "m"}-${crypto.randomUUID().slice(0, 8)}@example.com`,
      password_hash: null,
      status: o.status ?? "active",
      last_name: "山田",
      first_name: "太郎",
      deleted_at: o.deleted ? new Date() : null,
      interest_areas: o.interest_areas ?? null,
      ...(o.created_at ? { created_at: o.created_at } : {}),
    })
    .returning()
    .get();
  await db.insert(notification_settings).values({ user_id: user.id, matching: o.setting ?? "instant", newsletter: o.newsletter ?? true });
  const filterIds: number[] = [];
  for (const [i, q] of (o.queries ?? []).entries()) {
    const f = await db
      .insert(filters)
      .values({ user_id: user.id, name: `条件${i + 1}`, query: q })
      .returning({ id: filters.id })
      .get();
    filterIds.push(f.id);
  }
  return { ...user, filterIds };
}
