import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "@/server/env";

/**
 * The newsletter SMTP rate limit (NEWSLETTER_RATE_PER_SECOND), shared by every
 * worker process through Redis; in-process when no Redis client is given.
 * `take()` waits for the next free slot.
 */
export type RateGate = { take(signal?: AbortSignal): Promise<boolean>; perSecond: number };

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });

export function createRateGate(opts: { redis?: Redis; prefix?: string; perSecond?: number } = {}): RateGate {
  const perSecond = opts.perSecond ?? env().NEWSLETTER_RATE_PER_SECOND;
  if (!(perSecond > 0)) return { perSecond: 0, take: async (signal) => !signal?.aborted };
  // Whole mails per window: 10/s → 10 per 1 s; 0.5/s → 1 per 2 s.
  const points = perSecond >= 1 ? Math.floor(perSecond) : 1;
  const duration = perSecond >= 1 ? 1 : Math.ceil(1 / perSecond);
  const limiter: RateLimiterAbstract = opts.redis
    ? new RateLimiterRedis({ storeClient: opts.redis, keyPrefix: `${opts.prefix ?? env().REDIS_PREFIX}:nl-rate`, points, duration })
    : new RateLimiterMemory({ keyPrefix: "nl-rate", points, duration });
  return {
    perSecond,
    async take(signal) {
      for (;;) {
        if (signal?.aborted) return false;
        try {
          await limiter.consume("smtp");
          return true;
        } catch (e) {
          if (!(e instanceof RateLimiterRes)) throw e;
          await sleep(Math.max(5, e.msBeforeNext), signal);
        }
      }
    },
  };
}
