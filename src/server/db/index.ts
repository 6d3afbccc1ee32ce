import { createClient, type Client } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import cluster from "node:cluster";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { env } from "@/server/env";
import { fastReads } from "./fast-reads";
import { openRemote } from "./kept-streams";
import { isLocalUrl } from "./remote";
import { openReplica, type Replica } from "./replica";
import * as schema from "./schema";
import { serializeWrites } from "./write-lock";

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };
export { schema };

/** The path of a `file:` database, or null (in memory, not a file). */
function filePath(url: string): string | null {
  if (!url.startsWith("file:") || url.includes(":memory:")) return null;
  return url.slice("file:".length).split("?")[0] || null;
}

/** Ensures the directory of a `file:` database exists (a fresh clone has no data/). */
function ensureDir(url: string): void {
  const file = filePath(url);
  if (file) mkdirSync(path.dirname(path.resolve(/*turbopackIgnore: true*/ file)), { recursive: true });
}

/** SQLite's busy_timeout on every local connection: writers wait for each other instead of failing. */
const BUSY_TIMEOUT_MS = 5000;

type OpenOptions = { syncUrl?: string; syncInterval?: number; primaryUrl?: string };

/**
 * Opens a database.
 *
 * A local file: libSQL's local client keeps a small pool of connections; each
 * opens with foreign keys on and `timeout` becomes SQLite's busy_timeout, so
 * writers wait for each other instead of failing with SQLITE_BUSY. WAL is a
 * property of the file and is set once here. Writes of this process queue on
 * the write lock (write-lock.ts).
 *
 * A libSQL server (http(s)://, libsql://, ws(s)://, e.g. a sqld primary or
 * replica): every request is asynchronous and the server serializes writers
 * (transactions begin IMMEDIATE), so there is no process lock: web nodes and
 * the worker contend on the server's lock alone, which is what keeps the
 * double-submit guard, property numbers and newsletter fencing right across
 * machines. sqld runs WAL with foreign keys on; a replica forwards writes to
 * its primary.
 *
 * An embedded replica (DATABASE_SYNC_URL; DATABASE_URL is then the local
 * copy): reads run on the local file, pulled by a worker thread; writes and
 * reads that must be fresh go to the primary (DATABASE_PRIMARY_URL) over
 * HTTP. Nothing on the event loop waits for a pull (replica.ts).
 */
export async function openDb(url = env().DATABASE_URL, authToken = env().DATABASE_AUTH_TOKEN, opts: OpenOptions = {}): Promise<Db> {
  if (!isLocalUrl(url)) {
    const client = openRemote(url, authToken);
    remotes.add(client);
    return drizzle(client, { schema }) as Db;
  }
  ensureDir(url);
  const syncUrl = opts.syncUrl ?? (url === env().DATABASE_URL ? env().DATABASE_SYNC_URL : undefined);
  if (syncUrl) {
    const syncInterval = opts.syncInterval ?? env().DATABASE_SYNC_INTERVAL;
    const primaryUrl = opts.primaryUrl ?? (url === env().DATABASE_URL ? env().DATABASE_PRIMARY_URL : undefined) ?? syncUrl;
    // One replica per file and process: Next's server bundle and the server entry load this module separately.
    const file = perProcessFile(url).slice("file:".length).split("?")[0] ?? "";
    const key = Symbol.for(`kir.replica:${file}`);
    const g = globalThis as { [k: symbol]: Promise<Replica> | undefined };
    g[key] ??= openReplica({ file, syncUrl, primaryUrl, authToken, intervalSeconds: syncInterval });
    const replica = await g[key];
    const db = drizzle(replica.client, { schema }) as Db;
    replicas.set(db.$client, { replica, primaryDb: drizzle(replica.primary, { schema }) as Db });
    return db;
  }
  const file = filePath(url);
  const created = createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS });
  // reads outside transactions skip the client's per-call overhead (fast-reads.ts); a memory database has no second connection
  const client = serializeWrites(file ? fastReads(created, file, BUSY_TIMEOUT_MS) : created);
  if (!url.includes(":memory:")) await client.execute("PRAGMA journal_mode=WAL");
  await client.execute("PRAGMA foreign_keys=ON");
  return drizzle(client, { schema }) as Db;
}

/** A replica file belongs to one process: WEB_CONCURRENCY's processes (node:cluster workers) get one each. */
function perProcessFile(url: string): string {
  return cluster.isWorker && cluster.worker ? url.replace(/(\.db)?$/, `-p${cluster.worker.id}$1`) : url;
}

const remotes = new WeakSet<Client>();
const replicas = new WeakMap<Client, { replica: Replica; primaryDb: Db }>();

/**
 * Refreshes the query planner's statistics (after a bulk load). sqld refuses
 * ANALYZE (and PRAGMA optimize) from clients, so on a server the planner goes
 * without sqlite_stat1; the search's queries are written not to need it (see
 * the bench's file vs sqld figures).
 */
export async function analyze(db: Db): Promise<void> {
  if (remotes.has(db.$client) || replicas.has(db.$client)) return;
  await db.$client.execute("ANALYZE");
}

/**
 * ANALYZE when the planner has statistics for a table but not for all of its
 * indexes (a migration just added some): SQLite then trusts the default guess
 * for the new ones over the measured figures of the old, and may walk a sort
 * index for a search it cannot serve (issue 33's sort indexes: 15 ms instead
 * of 0.3). A database without statistics, or on a server, is left as it is.
 */
export async function analyzeNewIndexes(db: Db): Promise<void> {
  if (remotes.has(db.$client) || replicas.has(db.$client)) return;
  const hasStats = await db.$client.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_stat1'");
  if (!hasStats.rows.length) return;
  const missing = await db.$client.execute(
    `SELECT m.name FROM sqlite_master m
     WHERE m.type = 'index' AND m.sql IS NOT NULL AND m.sql NOT LIKE '% WHERE %'
       AND m.tbl_name IN (SELECT tbl FROM sqlite_stat1 WHERE idx IS NOT NULL)
       AND m.name NOT IN (SELECT idx FROM sqlite_stat1 WHERE idx IS NOT NULL)
     LIMIT 1`,
  );
  if (missing.rows.length) await db.$client.execute("ANALYZE");
}

/** Whether `db` talks to a libSQL server over HTTP (each request a round trip: batch what can go together). */
export function isRemote(db: Db): boolean {
  return remotes.has(db.$client);
}

/** On an embedded replica, the primary itself (reads there see every write); elsewhere null. */
export function primaryOf(db: Db): Db | null {
  return replicas.get(db.$client)?.primaryDb ?? null;
}

/** On an embedded replica, its pull state (health, staleness); elsewhere null. */
export function replicaOf(db: Db): Replica | null {
  return replicas.get(db.$client)?.replica ?? null;
}

let shared: Promise<Db> | undefined;
let sharedDb: Db | undefined;

/** The process-wide database (web and worker). Tests open their own with openDb. */
export function getDb(): Promise<Db> {
  shared ??= openDb().then((db) => (sharedDb = db));
  return shared;
}

/**
 * Whether `db` is this copy of the module's getDb() database. Process-wide
 * state kept on globalThis (Next's server bundle, its instrumentation and the
 * server entry load separate copies of the modules) is keyed on it.
 */
export function isProcessDb(db: Db): boolean {
  return db === sharedDb;
}

export async function closeDb(): Promise<void> {
  if (!shared) return;
  const db = await shared;
  shared = undefined;
  sharedDb = undefined;
  db.$client.close();
}
