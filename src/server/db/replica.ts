import { createClient, type Client, type InStatement, type TransactionMode } from "@libsql/client";
import { existsSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { publicContent } from "@/server/cache/public-content";
import { fastReads } from "./fast-reads";
import { openRemote } from "./kept-streams";

/**
 * An embedded replica that never blocks the event loop (issue 32).
 *
 * libSQL's `sync()` is synchronous native code: against an unreachable server
 * it holds the calling thread for about 3 s per attempt (PrimaryHandshakeTimeout;
 * 4-6 s were seen under load). So the replica is split in three:
 * - a worker thread owns the replica's only syncing handle and pulls every
 *   DATABASE_SYNC_INTERVAL; a dead server blocks that thread alone, and it
 *   reports when each successful pull *started*;
 * - this thread reads the same file through a local connection of its own
 *   (SQLite's WAL gives it a consistent snapshot beside the pulls), on the
 *   file's fast read path (fast-reads.ts: the file mapped, statements kept);
 * - writes, batches with writes and transactions go to the primary over HTTP
 *   (async), as do reads that must be fresh (`fresh`): a member or admin who
 *   wrote recently, or any reader after a public-content announcement.
 *
 * A pull that started at time S has everything the sync server had at S. The
 * sync server may itself be a sqld replica a little behind the primary, so a
 * write at time W counts as local once a pull started at W + LAG_ALLOWANCE_MS.
 */
export const LAG_ALLOWANCE_MS = 2000;
/** Without a successful pull for this long the local copy is "stale": members read the primary. */
export const LIVE_WINDOW_MS = 5000;

export type ReplicaState = {
  /** Start time (ms) of the last successful pull; 0 before the first. */
  syncedFrom: number;
  /** The error of the last failed pull, cleared by a success. */
  lastError: string | null;
  /** When a public-content announcement was last seen (the pulls must pass it). */
  publicChangedAt: number;
};

export type Replica = {
  /** Reads local, everything else on the primary; reads after an announcement on the primary (falling back to local). */
  client: Client;
  /** The primary itself (async, over HTTP). */
  primary: Client;
  state: ReplicaState;
  /** True when a write made at `at` (ms) is in the local copy and the copy is live. */
  covers(at: number): boolean;
};

const READ_ONLY = /^\s*(select|explain)\b/i;
const sqlOf = (stmt: InStatement): string => (typeof stmt === "string" ? stmt : stmt.sql);

// The worker: one syncing handle on the file, a pull every `interval` ms, each reported.
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.libsql);
let db;
let stopped = false;
parentPort.on("message", (m) => { if (m === "stop") stopped = true; });
const loop = () => {
  if (stopped) { try { db && db.close(); } catch {} parentPort.postMessage({ stopped: true }); return; }
  const startedAt = Date.now();
  try {
    db ??= new Database(workerData.file, { syncUrl: workerData.syncUrl, authToken: workerData.authToken, readYourWrites: false });
    const r = db.sync();
    parentPort.postMessage({ ok: true, startedAt, ms: Date.now() - startedAt, frameNo: r && r.frame_no });
  } catch (e) {
    parentPort.postMessage({ ok: false, startedAt, ms: Date.now() - startedAt, error: String(e && e.message || e) });
  }
  setTimeout(loop, workerData.interval);
};
loop();
`;

function libsqlPath(): string {
  // Resolved from the project root: Next's server bundle has no require.resolve of its own.
  return `${process.cwd()}/node_modules/libsql`;
}

export type ReplicaOptions = { file: string; syncUrl: string; primaryUrl: string; authToken?: string; intervalSeconds: number };

export async function openReplica(opts: ReplicaOptions): Promise<Replica> {
  const state: ReplicaState = { syncedFrom: 0, lastError: null, publicChangedAt: 0 };
  const primary = openRemote(opts.primaryUrl, opts.authToken);

  const hadCopy = existsSync(opts.file);
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { libsql: libsqlPath(), file: opts.file, syncUrl: opts.syncUrl, authToken: opts.authToken, interval: Math.round(opts.intervalSeconds * 1000) },
  });
  worker.unref();
  let first!: () => void;
  const firstPull = new Promise<void>((r) => (first = r));
  worker.on("message", (m: { ok?: boolean; startedAt: number; error?: string }) => {
    if (m.ok) {
      state.syncedFrom = m.startedAt;
      state.lastError = null;
    } else if (m.error) state.lastError = m.error;
    first();
  });
  worker.on("error", (e) => {
    state.lastError = e.message;
    first();
  });
  // The first pull creates the file. A copy left by an earlier run is served at once: a server that is
  // away costs a pull about 3 s, which a restarting node must not spend before its first answer.
  if (!hadCopy) await firstPull;

  const local = fastReads(createClient({ url: `file:${opts.file}`, timeout: 5000 }), opts.file, 5000);

  let seenVersion = publicContent().version;
  /** After an announcement the local copy is behind until a pull starts past it (plus the lag allowance). */
  const publicPending = () => {
    const version = publicContent().version;
    if (version !== seenVersion) {
      seenVersion = version;
      state.publicChangedAt = Date.now();
    }
    return state.publicChangedAt > 0 && state.syncedFrom < state.publicChangedAt + LAG_ALLOWANCE_MS;
  };
  /** A read: on the primary while an announcement is pending, back to the local copy if the primary fails. */
  const read = async <T>(onLocal: () => Promise<T>, onPrimary: () => Promise<T>): Promise<T> => {
    if (!publicPending()) return onLocal();
    try {
      return await onPrimary();
    } catch {
      return onLocal(); // stale but answering: visitors may read an older copy while the primary is away
    }
  };

  const client = new Proxy(local, {
    get(target, prop, receiver) {
      switch (prop) {
        case "execute":
          return (stmt: InStatement, args?: unknown) => {
            const call = (c: Client) => (c.execute as (s: InStatement, a?: unknown) => Promise<never>).call(c, stmt, args);
            return READ_ONLY.test(sqlOf(stmt))
              ? read(
                  () => call(local),
                  () => call(primary),
                )
              : call(primary);
          };
        case "batch":
          return (stmts: InStatement[], mode?: TransactionMode) =>
            mode === "read" || stmts.every((s) => READ_ONLY.test(sqlOf(s)))
              ? read(
                  () => local.batch(stmts, mode),
                  () => primary.batch(stmts, mode),
                )
              : primary.batch(stmts, mode);
        case "transaction":
          return (mode?: TransactionMode) => (mode === "read" ? local.transaction("read") : primary.transaction(mode));
        case "migrate":
        case "executeMultiple": {
          const fn = Reflect.get(primary, prop) as (...a: unknown[]) => unknown;
          return (...args: unknown[]) => fn.apply(primary, args);
        }
        case "sync":
          return async () => undefined; // the worker pulls; nothing on this thread may
        case "close":
          return () => {
            worker.postMessage("stop");
            local.close();
            primary.close();
          };
        default: {
          const value = Reflect.get(target, prop, receiver);
          return typeof value === "function" ? value.bind(target) : value;
        }
      }
    },
  });

  return {
    client,
    primary,
    state,
    covers(at: number) {
      const now = Date.now();
      return now - state.syncedFrom < LIVE_WINDOW_MS && state.syncedFrom >= at + LAG_ALLOWANCE_MS && !publicPending();
    },
  };
}
