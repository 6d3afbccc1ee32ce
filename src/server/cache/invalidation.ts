import type { Redis } from "ioredis";
import { env } from "@/server/env";
import { createRedis } from "@/server/redis/create";
import { getRedis } from "@/server/redis/client";
import { publicContentChanged, setPublicContentLive } from "./public-content";
import { logger } from "@/server/logger";

/**
 * "Public content changed" between processes: whoever changes what visitors
 * see announces it; every web process clears its page cache on the message.
 * Redis pub/sub because several web processes (WEB_CONCURRENCY, several
 * machines) serve the site.
 */
export function publicChangeChannel(): string {
  return `${env().REDIS_PREFIX}:public-content-changed`;
}

/**
 * This process's subscribers, told of its own announcements at once. Their echo over Redis arrives
 * on another connection, possibly after the mutation's answer: a replica node that has just saved
 * a listing would then serve a visitor its local copy, from before the save (issue 32, cluster
 * media test). On globalThis: the server entry and Next's bundle load separate copies of this module.
 */
const LOCAL = Symbol.for("kir.public-change-listeners");
function localListeners(): Set<(reason: string) => void> {
  const g = globalThis as { [LOCAL]?: Set<(reason: string) => void> };
  return (g[LOCAL] ??= new Set());
}

/**
 * Announce a change (never throws: a failed announce only leaves other processes' pages stale until
 * their TTL). This process learns of it before the publish; the echo repeats it, which costs one
 * more cache miss and nothing else.
 */
export async function announcePublicChange(reason: string): Promise<void> {
  publicContentChanged();
  for (const listener of localListeners()) listener(reason);
  try {
    const redis = getRedis();
    // The shared client has no offline queue: right after start it may still be connecting.
    if (redis.status === "connecting" || redis.status === "connect" || redis.status === "wait") {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`redis ${redis.status}`)), 2000);
        redis.once("ready", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    await redis.publish(publicChangeChannel(), reason);
  } catch (e) {
    logger.warn("page-cache.announce_failed", { reason, message: e instanceof Error ? e.message : String(e) });
  }
}

export interface PublicChangeSubscription {
  /** True while subscribed: messages cannot be missed. */
  readonly live: boolean;
  close(): Promise<void>;
}

/**
 * Listen for announcements. `onChange` also runs whenever the subscription
 * (re)starts or drops, because messages sent meanwhile are lost: the caller
 * must not trust anything it cached before. The process-wide public-content
 * state (src/server/cache/public-content.ts) follows the same events, so the
 * data caches inside Next's bundle go stale and live together with the page cache.
 */
export function subscribePublicChanges(onChange: (reason: string) => void, url = env().REDIS_URL): PublicChangeSubscription {
  const channel = publicChangeChannel();
  // A connection of its own (a subscribed connection can do nothing else), retrying for ever.
  const redis: Redis = createRedis("worker", url);
  let live = false;
  localListeners().add(onChange);
  redis.on("message", (ch: string, reason: string) => {
    if (ch !== channel) return;
    publicContentChanged();
    onChange(reason);
  });
  redis.on("ready", () => {
    redis.subscribe(channel).then(
      () => {
        live = true;
        setPublicContentLive(true);
        onChange("subscribed");
      },
      () => undefined,
    );
  });
  const drop = () => {
    if (!live) return;
    live = false;
    setPublicContentLive(false);
    onChange("disconnected");
  };
  redis.on("close", drop);
  redis.on("end", drop);
  return {
    get live() {
      return live;
    },
    async close() {
      localListeners().delete(onChange);
      if (live) setPublicContentLive(false);
      live = false;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
