import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "@/server/env";
import { AppError } from "@/server/errors";
import { getRedis } from "@/server/redis/client";
import { logger } from "@/server/logger";

/**
 * Rate limits in Redis (rate-limiter-flexible: atomic Lua counters, so several
 * web processes share them). If Redis is unavailable the limits fail open —
 * login must keep working — and the failure is logged.
 */
export const LIMITS = {
  /** every login attempt from one IP */
  loginIp: { points: 50, duration: 15 * 60 },
  /** failed logins for one address from one IP; cleared on success */
  loginFailure: { points: 5, duration: 15 * 60, blockDuration: 15 * 60 },
  /**
   * failed logins for one address from anywhere (a distributed guess at one
   * account). Never a block, which would let anyone lock any account out:
   * over it the account is "under attack" and a login only mails a one-time
   * link to the owner (src/server/accounts/auth.ts answerUnderAttack)
   */
  loginAccount: { points: 20, duration: 60 * 60 },
  signup: { points: 5, duration: 60 * 60 },
  forgotPassword: { points: 5, duration: 60 * 60 },
  /** password resets from one IP (each valid one costs an argon2 hash) */
  resetPassword: { points: 10, duration: 60 * 60 },
  contact: { points: 10, duration: 60 * 60 },
  /** 郵便番号 lookups from one IP (a form fills one or two; enough for a family's, not for walking the table) */
  postalLookup: { points: 30, duration: 10 * 60 },
  /**
   * inquiries whose auto-reply goes to one normalised address, from any IP (issue 27: the form
   * relayed attacker text to any address typed in; per IP alone, many IPs reach one victim)
   */
  contactAddress: {
    get points() {
      return env().CONTACT_PER_ADDRESS_PER_HOUR;
    },
    duration: 60 * 60,
  },
  /** procedures run through /api/trpc by one client address, each call of a batch counted (issue 27) */
  trpcCalls: {
    get points() {
      return env().TRPC_CALLS_PER_MINUTE;
    },
    duration: 60,
  },
  /** wrong passwords re-entered by a logged-in member (change e-mail / password, withdrawal) */
  passwordCheck: { points: 5, duration: 15 * 60, blockDuration: 15 * 60 },
} as const;
export type LimitName = keyof typeof LIMITS;

/**
 * The client connects lazily; right after start-up give it a moment instead of
 * failing open on the first requests. When Redis is really down this returns
 * quickly and the limit is skipped.
 */
async function redisReady(timeoutMs = 500): Promise<void> {
  const redis = getRedis();
  if (!watched.has(redis)) {
    watched.add(redis);
    // Once a connection attempt has failed, requests stop waiting (fail open at once) until Redis is back.
    redis.on("error", () => failing.add(redis));
    redis.on("ready", () => failing.delete(redis));
  }
  if (redis.status === "ready" || redis.status === "end" || failing.has(redis)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off("ready", done);
      redis.off("error", done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once("ready", done);
    redis.once("error", done);
  });
}
const watched = new WeakSet<object>();
const failing = new WeakSet<object>();

const limiters = new Map<LimitName, RateLimiterRedis>();
function limiter(name: LimitName): RateLimiterRedis {
  let l = limiters.get(name);
  if (!l) {
    l = new RateLimiterRedis({
      storeClient: getRedis(),
      keyPrefix: `${env().REDIS_PREFIX}:rl:${name}`,
      points: LIMITS[name].points,
      duration: LIMITS[name].duration,
      blockDuration: (LIMITS[name] as { blockDuration?: number }).blockDuration,
      rejectIfRedisNotReady: true,
    });
    limiters.set(name, l);
  }
  return l;
}

export const TOO_MANY_MESSAGE = "試行回数が上限に達しました。しばらく時間をおいてから再度お試しください。";

/** Over a limit: the transports answer 429 with Retry-After. */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = TOO_MANY_MESSAGE,
  ) {
    super("TOO_MANY_REQUESTS", message);
    this.name = "RateLimitedError";
  }
}

function tooMany(res: RateLimiterRes, message?: string): RateLimitedError {
  return new RateLimitedError(Math.max(1, Math.ceil(res.msBeforeNext / 1000)), message);
}

/** Counts `points` attempts (one by default); throws TOO_MANY_REQUESTS, with `message` if given, over the limit. */
export async function consume(name: LimitName, key: string, opts: { points?: number; message?: string } = {}): Promise<void> {
  await redisReady();
  try {
    await limiter(name).consume(key, opts.points ?? 1);
  } catch (e) {
    if (e instanceof RateLimiterRes) throw tooMany(e, opts.message);
    logger.warn("ratelimit.unavailable", { limit: name, error: String(e) });
  }
}

/** Throws if the key is currently over its limit, without counting an attempt. */
export async function assertNotLimited(name: LimitName, key: string): Promise<void> {
  await redisReady();
  try {
    const res = await limiter(name).get(key);
    if (res && res.consumedPoints >= LIMITS[name].points) throw tooMany(res);
  } catch (e) {
    if (e instanceof RateLimitedError) throw e;
    logger.warn("ratelimit.unavailable", { limit: name, error: String(e) });
  }
}

/** Whether the key is at its limit, without counting or throwing (false when Redis is unavailable: fail open). */
export async function isOverLimit(name: LimitName, key: string): Promise<boolean> {
  await redisReady();
  try {
    const res = await limiter(name).get(key);
    return Boolean(res && res.consumedPoints >= LIMITS[name].points);
  } catch (e) {
    logger.warn("ratelimit.unavailable", { limit: name, error: String(e) });
    return false;
  }
}

/** Counts a failure without throwing (the caller reports the failure itself). */
export async function penalize(name: LimitName, key: string): Promise<void> {
  try {
    await limiter(name).penalty(key, 1);
  } catch (e) {
    logger.warn("ratelimit.unavailable", { limit: name, error: String(e) });
  }
}

export async function resetLimit(name: LimitName, key: string): Promise<void> {
  try {
    await limiter(name).delete(key);
  } catch (e) {
    logger.warn("ratelimit.unavailable", { limit: name, error: String(e) });
  }
}
