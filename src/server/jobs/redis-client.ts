import type { Redis } from "ioredis";
import { createRedis } from "./redis";

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
