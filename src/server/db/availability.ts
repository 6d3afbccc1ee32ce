import type { Client } from "@libsql/client";
import { logger } from "@/server/logger";
import { httpBase, serverFetch } from "./remote";

/**
 * Whether the libSQL server this process writes to is answering (issue 32):
 * a request that fails because the server is away answers 503 with a
 * Japanese message instead of 500, and readiness says so. Any failure to
 * reach it marks it away; a probe of its /health every second (or the next
 * successful call) marks it back. Kept on globalThis: Next's bundle and the
 * server entry load separate copies of this module.
 */
type Availability = { away: boolean; since: number; probing: boolean };
const KEY = Symbol.for("kir.db-availability");

function availability(): Availability {
  const g = globalThis as { [KEY]?: Availability };
  g[KEY] ??= { away: false, since: 0, probing: false };
  return g[KEY];
}

/** True while the database server is known to be unreachable. */
export function databaseAway(): boolean {
  return availability().away;
}

export const DATABASE_AWAY_MESSAGE = "ただいまデータベースに接続できないため、ご利用いただけません。しばらくしてから再度お試しください。";

const UNREACHABLE =
  /ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT|EPIPE|socket hang up|fetch failed|other side closed|aborted|Server returned HTTP status 50[234]|PrimaryHandshakeTimeout/i;

/** Whether an error (or one of its causes) says the database server could not be reached. */
export function isDatabaseUnreachable(e: unknown): boolean {
  for (let cur = e, depth = 0; cur && depth < 6; depth++) {
    if (cur instanceof Error) {
      if (UNREACHABLE.test(cur.message) || UNREACHABLE.test(String((cur as { code?: unknown }).code ?? ""))) return true;
      cur = cur.cause;
    } else return typeof cur === "string" && UNREACHABLE.test(cur);
  }
  return false;
}

function markUp(): void {
  const s = availability();
  if (!s.away) return;
  s.away = false;
  logger.warn("db.primary_back", { awayMs: Date.now() - s.since });
}

function markDown(url: string, e: unknown): void {
  const s = availability();
  if (!s.away) {
    s.away = true;
    s.since = Date.now();
    logger.error("db.primary_away", { message: e instanceof Error ? e.message : String(e) });
  }
  if (s.probing) return;
  s.probing = true;
  const probe = async () => {
    try {
      const res = await serverFetch(`${httpBase(url)}/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) markUp();
    } catch {
      // still away
    }
    if (availability().away) setTimeout(() => void probe(), 1000).unref();
    else s.probing = false;
  };
  setTimeout(() => void probe(), 1000).unref();
}

/** The remote client, with every call's outcome recorded in the availability state. */
export function watchRemote(client: Client, url: string): Client {
  const watch = async <T>(p: Promise<T>): Promise<T> => {
    try {
      const value = await p;
      markUp();
      return value;
    } catch (e) {
      if (isDatabaseUnreachable(e)) markDown(url, e);
      throw e;
    }
  };
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      if (prop === "execute" || prop === "batch" || prop === "transaction" || prop === "migrate" || prop === "executeMultiple") {
        return (...args: unknown[]) => watch((value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
      }
      return value.bind(target);
    },
  });
}
