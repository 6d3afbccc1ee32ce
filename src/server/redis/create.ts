import { Redis, type RedisOptions } from "ioredis";
import { env } from "@/server/env";

/**
 * ioredis connections. BullMQ workers need maxRetriesPerRequest: null (they
 * block on Redis); web-side callers fail fast instead so a page never hangs
 * when Redis is down. A connection passed to BullMQ is ours to quit().
 */
export function createRedis(kind: "worker" | "client" = "client", url = env().REDIS_URL): Redis {
  const opts: RedisOptions =
    kind === "worker"
      ? { maxRetriesPerRequest: null, enableReadyCheck: true }
      : { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000, lazyConnect: false };
  const redis = new Redis(url, opts);
  // Errors surface through the calls that fail; without a listener ioredis would crash the process.
  redis.on("error", () => undefined);
  return redis;
}
