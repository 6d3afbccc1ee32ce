import { createClient, type Client } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import cluster from "node:cluster";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { publicContent } from "@/server/cache/public-content";
import { env } from "@/server/env";
import { isLocalUrl, namespaceFetch } from "./remote";
import * as schema from "./schema";
import { serializeWrites } from "./write-lock";

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };
export { schema };

/** Ensures the directory of a `file:` database exists (a fresh clone has no data/). */
function ensureDir(url: string): void {
  if (!url.startsWith("file:") || url.includes(":memory:")) return;
  const file = url.slice("file:".length).split("?")[0] ?? "";
  if (file) mkdirSync(path.dirname(path.resolve(/*turbopackIgnore: true*/ file)), { recursive: true });
}

type OpenOptions = { syncUrl?: string; syncInterval?: number };

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
 * copy): reads run on the local file, writes and transactions go to the
 * server, and `readYourWrites` pulls this process's own writes back before
 * its next read. See embeddedReplica below for what else keeps it fresh.
 */
export async function openDb(url = env().DATABASE_URL, authToken = env().DATABASE_AUTH_TOKEN, opts: OpenOptions = {}): Promise<Db> {
  if (!isLocalUrl(url)) {
    const client = createClient({ url, authToken, fetch: namespaceFetch });
    remotes.add(client);
    return drizzle(client, { schema }) as Db;
  }
  ensureDir(url);
  const syncUrl = opts.syncUrl ?? (url === env().DATABASE_URL ? env().DATABASE_SYNC_URL : undefined);
  if (syncUrl) {
    const syncInterval = opts.syncInterval ?? env().DATABASE_SYNC_INTERVAL;
    // One client per replica file and process: Next's server bundle and the server entry load this module separately.
    const file = perProcessFile(url);
    const key = Symbol.for(`kir.replica:${file}`);
    const g = globalThis as { [k: symbol]: Promise<Client> | undefined };
    g[key] ??= (async () => {
      const client = serializeWrites(createClient({ url: file, authToken, syncUrl, syncInterval, readYourWrites: true, timeout: 5000 }));
      await client.sync();
      return embeddedReplica(client, () => delete g[key]);
    })();
    const client = await g[key];
    replicas.add(client); // in this copy of the module too
    return drizzle(client, { schema }) as Db;
  }
  const client = serializeWrites(createClient({ url, authToken, timeout: 5000 }));
  if (!url.includes(":memory:")) await client.execute("PRAGMA journal_mode=WAL");
  await client.execute("PRAGMA foreign_keys=ON");
  return drizzle(client, { schema }) as Db;
}

/** A replica file belongs to one process: WEB_CONCURRENCY's processes (node:cluster workers) get one each. */
function perProcessFile(url: string): string {
  return cluster.isWorker && cluster.worker ? url.replace(/(\.db)?$/, `-p${cluster.worker.id}$1`) : url;
}

const remotes = new WeakSet<Client>();
const replicas = new WeakSet<Client>();

/**
 * Refreshes the query planner's statistics (after a bulk load). sqld refuses
 * ANALYZE (and PRAGMA optimize) from clients, so on a server the planner goes
 * without sqlite_stat1; the search's queries are written not to need it (see
 * the bench's file vs sqld figures).
 */
export async function analyze(db: Db): Promise<void> {
  if (remotes.has(db.$client)) return;
  await db.$client.execute("ANALYZE");
}

/**
 * An embedded replica pulls in the background every DATABASE_SYNC_INTERVAL,
 * so a change made on another node can be that late here. Two things may not
 * wait that long: after a "public content changed" announcement (an admin
 * edit on any node; src/server/http/invalidation.ts bumps the shared version)
 * the next read pulls first, so the page cache never re-stores the old page;
 * and catchUpReplica (a session cookie unknown here may be from a login on
 * another node a moment ago).
 */
function embeddedReplica(client: Client, forget: () => void): Client {
  let seen = publicContent().version;
  let pulling: Promise<unknown> | null = null;
  const fresh = async () => {
    const version = publicContent().version;
    if (version === seen) return;
    pulling ??= client.sync().finally(() => {
      seen = version;
      pulling = null;
    });
    await pulling;
  };
  const wrapped = new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === "execute" || prop === "batch") {
        return async (...args: unknown[]) => {
          await fresh();
          return (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        };
      }
      if (prop === "close") {
        return () => {
          forget();
          target.close();
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return wrapped;
}

/** On an embedded replica, pulls the server's latest changes now and returns true; elsewhere false. */
export async function catchUpReplica(db: Db): Promise<boolean> {
  if (!replicas.has(db.$client)) return false;
  await db.$client.sync();
  return true;
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
