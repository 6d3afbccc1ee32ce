import { accessSync, constants } from "node:fs";
import type http from "node:http";
import path from "node:path";
import { hasSessionCookie } from "@/server/auth/cookie";
import { getDb, primaryOf, replicaOf, type Db } from "@/server/db";
import { databaseAway, DATABASE_AWAY_MESSAGE } from "@/server/db/availability";
import { isLocalUrl } from "@/server/db/remote";
import { env } from "@/server/env";
import { readyRedis } from "@/server/redis/client";
import { logger } from "@/server/logger";

/**
 * Health endpoints for a load balancer (issue 32), answered before Next:
 * - GET /healthz (liveness): the process serves requests. 200 always; restart the node only when this fails.
 * - GET /readyz (readiness): the database takes writes (on an embedded
 *   replica node: its primary) and Redis answers, each within 2 s. 200 or
 *   503 with what failed; the body also says how old a replica's copy is.
 */
const TIMEOUT_MS = 2000;

function within<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** The database takes writes: a write transaction begun and rolled back on a server; a writable file locally. */
async function databaseWritable(db: Db): Promise<void> {
  const url = env().DATABASE_URL;
  const target = primaryOf(db) ?? db;
  if (isLocalUrl(url) && !replicaOf(db)) {
    // A second writer here would wait on SQLite's busy handler on the event loop (write-lock.ts): check the file instead.
    const file = path.resolve(url.slice("file:".length).split("?")[0] ?? "");
    accessSync(file, constants.W_OK);
    accessSync(path.dirname(file), constants.W_OK);
    await target.$client.execute("SELECT 1");
    return;
  }
  const begun = target.$client.transaction("write");
  try {
    const tx = await within(begun, "database");
    await tx.rollback();
  } catch (e) {
    void begun.then(
      (tx) => tx.close(),
      () => undefined,
    ); // a late BEGIN must not hold the write lock
    throw e;
  }
}

export type Readiness = { ready: boolean; database: string; redis: string; replica?: { syncedSecondsAgo: number | null; pulling: boolean } };

export async function readiness(): Promise<Readiness> {
  // The body is public: it says which check failed, the log says why.
  const outcome = async (check: string, p: () => Promise<unknown>) => {
    try {
      await p();
      return "ok";
    } catch (e) {
      logger.warn("health.not_ready", { check, message: e instanceof Error ? e.message : String(e) });
      return "unavailable";
    }
  };
  const db = await within(getDb(), "database");
  const [database, redis] = await Promise.all([
    outcome("database", () => databaseWritable(db)),
    outcome("redis", () =>
      within(
        readyRedis(TIMEOUT_MS).then((r) => r.ping()),
        "redis",
      ),
    ),
  ]);
  const replica = replicaOf(db);
  return {
    ready: database === "ok" && redis === "ok",
    database,
    redis,
    ...(replica
      ? {
          replica: {
            syncedSecondsAgo: replica.state.syncedFrom ? Math.round((Date.now() - replica.state.syncedFrom) / 100) / 10 : null,
            pulling: replica.state.lastError === null,
          },
        }
      : {}),
  };
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

export function withHealth(next: Handler): Handler {
  return (req, res) => {
    const url = req.url ?? "/";
    if (req.method === "GET" && (url === "/healthz" || url.startsWith("/healthz?"))) {
      res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" }).end('{"status":"ok"}');
      return;
    }
    if (req.method === "GET" && (url === "/readyz" || url.startsWith("/readyz?"))) {
      void readiness().then(
        (r) => res.writeHead(r.ready ? 200 : 503, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify(r)),
        (e: unknown) =>
          res.writeHead(503, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify({ ready: false, error: String(e) })),
      );
      return;
    }
    return next(req, res);
  };
}

const AWAY_PAGE = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>ただいまご利用いただけません</title></head><body><h1>ただいまご利用いただけません</h1><p>${DATABASE_AWAY_MESSAGE}</p></body></html>`;

/**
 * While the database server is away (availability.ts), requests that need it
 * answer 503 with a Japanese page and Retry-After instead of Next's 500; a 500
 * caused by the outage itself is turned into the same 503. On an embedded
 * replica node, visitors' GETs still read the local copy and pass.
 */
export function withDatabaseGuard(next: Handler, opts: { replica: boolean }): Handler {
  const away = (res: http.ServerResponse) => {
    res.writeHead(503, { "content-type": "text/html; charset=utf-8", "retry-after": "5", "cache-control": "no-store" }).end(AWAY_PAGE);
  };
  return (req, res) => {
    // The APIs answer 503 themselves, in their own formats (tRPC, REST JSON).
    const api = (req.url ?? "").startsWith("/api/");
    const visitorRead = opts.replica && (req.method === "GET" || req.method === "HEAD") && !hasSessionCookie(req.headers.cookie ?? null);
    if (databaseAway() && !visitorRead && !api) return away(res);
    // A 500 that the outage caused (the first query failed before the state knew) goes out as the same 503 page.
    const writeHead = res.writeHead.bind(res) as (...a: unknown[]) => http.ServerResponse;
    const write = res.write.bind(res) as (...a: unknown[]) => boolean;
    const end = res.end.bind(res) as (...a: unknown[]) => http.ServerResponse;
    let swallowed = false;
    const outage = () => swallowed || (res.statusCode === 500 && databaseAway() && !res.headersSent);
    const replace = () => {
      swallowed = true;
      for (const h of res.getHeaderNames()) res.removeHeader(h);
      writeHead(503, { "content-type": "text/html; charset=utf-8", "retry-after": "5", "cache-control": "no-store" });
      end(AWAY_PAGE);
    };
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      if (status === 500 && databaseAway()) {
        res.statusCode = 500;
        swallowed = true;
        return res;
      }
      return writeHead(status, ...rest);
    }) as typeof res.writeHead;
    res.write = ((...args: unknown[]) => {
      if (!outage()) return write(...args);
      if (!res.headersSent) replace();
      return true;
    }) as typeof res.write;
    res.end = ((...args: unknown[]) => {
      if (!outage()) return end(...args);
      if (!res.headersSent) replace();
      const cb = args.find((a) => typeof a === "function") as (() => void) | undefined;
      cb?.();
      return res;
    }) as typeof res.end;
    return next(req, res);
  };
}
