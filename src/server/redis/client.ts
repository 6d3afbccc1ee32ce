import type { Redis } from "ioredis";
import { createRedis } from "./create";

/** The web process's shared Redis client (rate limits, enqueue checks). Fails fast when Redis is down. */
let client: Redis | undefined;

export function getRedis(): Redis {
  client ??= createRedis("client");
  return client;
}

export async function closeRedis(): Promise<void> {
  const c = client;
  client = undefined;
  if (c) await c.quit().catch(() => c.disconnect());
}

/**
 * The shared client once connected, waiting at most `timeoutMs` (it has no
 * offline queue, so a call made while it is still connecting fails at once).
 */
export async function readyRedis(timeoutMs: number): Promise<Redis> {
  const redis = getRedis();
  if (redis.status === "ready") return redis;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off("ready", onReady);
      reject(new Error(`redis ${redis.status}`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once("ready", onReady);
  });
  return redis;
}
