import { env } from "@/server/env";
import { readyRedis } from "@/server/redis/client";
import { logger } from "@/server/logger";
import { primaryOf, replicaOf, type Db } from "./index";
import { isLocalUrl } from "./remote";

/**
 * Read-your-writes for a member (or staff) on every node (issue 32): after a
 * mutation by a signed-in account, its write time goes to Redis
 * (`<prefix>:rw:<kind>:<id>`), shared by all web nodes. A node on an embedded
 * replica serves that account from its local copy only once a pull that
 * started after the write (plus the lag allowance) has finished, and from
 * the primary until then (replica.ts `covers`). Visitors carry no account,
 * so they cost no Redis round trip; nodes without a replica never look.
 */
const TTL_MS = 10 * 60_000;
/** A Redis that does not answer in this long is treated as down (the primary is read instead). */
const REDIS_WAIT_MS = 300;

function within<T>(p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("redis: no answer")), REDIS_WAIT_MS)))]).finally(() =>
    clearTimeout(timer),
  );
}

/** Replica nodes exist only beside a libSQL server: a deployment on a local file has no one to tell. */
const serverDeployment = () => !isLocalUrl(env().DATABASE_URL) || Boolean(env().DATABASE_SYNC_URL);
type Accounts = { user?: number | null; admin?: number | null };

const key = (kind: "user" | "admin", id: number) => `${env().REDIS_PREFIX}:rw:${kind}:${id}`;
const keysOf = (a: Accounts) =>
  [a.user != null ? key("user", a.user) : null, a.admin != null ? key("admin", a.admin) : null].filter((k): k is string => k !== null);

/** Records that these accounts just wrote (after the write committed). Never throws. */
export async function noteWrite(accounts: Accounts): Promise<void> {
  const keys = keysOf(accounts);
  if (!keys.length || !serverDeployment()) return;
  const at = String(Date.now());
  try {
    const multi = (await readyRedis(REDIS_WAIT_MS)).multi();
    for (const k of keys) multi.set(k, at, "PX", TTL_MS);
    await within(multi.exec());
  } catch (e) {
    // Without the marker another node may serve this account its copy from before the write for up to a pull.
    logger.warn("db.write_marker_failed", { message: e instanceof Error ? e.message : String(e) });
  }
}

/** The database this account's reads should use: the local copy when it has their last write, else the primary. */
export async function dbForAccounts(db: Db, accounts: Accounts): Promise<Db> {
  const replica = replicaOf(db);
  const primary = primaryOf(db);
  const keys = keysOf(accounts);
  if (!replica || !primary || !keys.length) return db;
  let last = 0;
  try {
    for (const v of await within(readyRedis(REDIS_WAIT_MS).then((r) => r.mget(...keys)))) last = Math.max(last, Number(v ?? 0));
  } catch {
    return primary; // the marker is unknown: the primary is always right
  }
  return replica.covers(last) ? db : primary;
}
