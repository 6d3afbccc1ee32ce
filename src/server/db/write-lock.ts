import type { Client, InStatement, Transaction, TransactionMode } from "@libsql/client";

/**
 * One writer at a time inside this process.
 *
 * libSQL's local driver is synchronous: when a second connection of the same
 * process wants to write while a transaction is open, SQLite's busy handler
 * waits *on the event loop thread*, so the open transaction can never reach
 * its COMMIT and both sides fail with SQLITE_BUSY after busy_timeout. Writes
 * (transactions, batches, non-SELECT statements) therefore queue on an async
 * mutex; reads go straight through (WAL lets them run beside a writer).
 * Between processes (web and worker) SQLite's own locking still applies.
 * Only local files use this: a libSQL server (index.ts) serializes writers
 * itself, across processes and machines.
 */
/** Waiting longer than this means a write was issued on `db` inside a `db.transaction` (use `tx`). */
const MAX_WAIT_MS = 15_000;

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((r) => (release = r));
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("database write lock not acquired within 15 s (a write on db inside db.transaction?)")), MAX_WAIT_MS);
      timer.unref();
    });
    return Promise.race([ready, timeout]).finally(() => clearTimeout(timer));
  }
}

const READ_ONLY = /^\s*(select|explain)\b/i;
const sqlOf = (stmt: InStatement): string => (typeof stmt === "string" ? stmt : stmt.sql);

function holdUntilDone(tx: Transaction, release: () => void): Transaction {
  let released = false;
  const done = () => {
    if (!released) {
      released = true;
      release();
    }
  };
  return new Proxy(tx, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === "commit" || prop === "rollback") {
        return async () => {
          try {
            // SQLite rolls a transaction back itself on SQLITE_FULL (and some I/O errors): the driver's own
            // rollback would then throw TRANSACTION_CLOSED over the error that says why. Nothing is left to undo.
            if (prop === "rollback" && target.closed) return target.close();
            return await (value as () => Promise<void>).call(target);
          } finally {
            done();
          }
        };
      }
      if (prop === "close") {
        return () => {
          try {
            (value as () => void).call(target);
          } finally {
            done();
          }
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export function serializeWrites(client: Client): Client {
  const mutex = new Mutex();
  const locked = async <T>(fn: () => Promise<T>): Promise<T> => {
    const release = await mutex.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  };
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      switch (prop) {
        case "execute":
          return (stmt: InStatement, args?: unknown) =>
            READ_ONLY.test(sqlOf(stmt))
              ? (value as (s: InStatement, a?: unknown) => unknown).call(target, stmt, args)
              : locked(() => (value as (s: InStatement, a?: unknown) => Promise<unknown>).call(target, stmt, args));
        case "batch":
        case "migrate":
        case "executeMultiple":
          return (...args: unknown[]) => locked(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        case "transaction":
          return async (mode?: TransactionMode) => {
            if (mode === "read") return (value as (m?: TransactionMode) => Promise<Transaction>).call(target, mode);
            const release = await mutex.acquire();
            try {
              return holdUntilDone(await (value as (m?: TransactionMode) => Promise<Transaction>).call(target, mode), release);
            } catch (e) {
              release();
              throw e;
            }
          };
        default:
          return value.bind(target);
      }
    },
  });
}
