import type { Client, InArgs, ResultSet, Row } from "@libsql/client";
import { ResultSetImpl } from "@libsql/core/util";
import Database from "libsql";
import { LRUCache } from "lru-cache";
import { SELECT, withReadPath } from "./read-path";

/**
 * Reads on a local file without @libsql/client's per-call costs (issue 31).
 *
 * The client prepares every statement anew, asks the statement for its
 * columns twice and builds each row with two Object.defineProperty calls per
 * value: for the 20 cards of a list page (~50 columns each) that is 2–3 ms of
 * the ~4 ms hydration, while SQLite's own work is ~0.4 ms. This path runs
 * read-only statements (`SELECT` outside a transaction) on a
 * connection of its own to the same file, with prepared statements kept per
 * SQL text (dropped whenever the schema version changes) and rows built from
 * one prototype per statement. Everything else (writes, batches,
 * transactions, EXPLAIN, PRAGMA) goes to the client as before.
 *
 * The rows behave as the client's do (Row: named columns enumerable, indexes
 * and `length` not; integers as numbers, a RangeError beyond 2^53; BLOBs as
 * ArrayBuffers), so drizzle and raw `$client.execute` callers see no
 * difference. A committed write is visible to the next read here exactly as
 * on the client's own pooled connections (WAL: each read statement sees the
 * latest commit). Any error on this path re-runs the statement on the client,
 * so callers get the client's error (LibsqlError and its code) unchanged.
 */

// SELECT only (read-path.ts): an EXPLAIN statement is never reset by the driver, and while it lives every
// later read on the connection stays on the snapshot of the first one after it (tests/integration/fast-reads.test.ts)
const STATEMENTS = 500;

/**
 * The read connection maps the file (`PRAGMA mmap_size`, this libSQL build's cap: 2 GiB) instead of
 * copying each page it visits into SQLite's own page cache, which is 2 MB by default: at 100,000
 * listings (a 520 MB file, 12–21 MB per covering index) a search's pages missed that cache on nearly
 * every step, each miss a read() from the OS cache. Mapped, a set's count went 3.8 → 0.6 ms
 * (st=9962101…) and a whole search 12–15 → 5–7 ms. The mapping is the OS's page cache itself, shared
 * with every process on the file (WEB_CONCURRENCY's workers), so it adds no private memory; writes
 * still go through the client's connections and WAL. Not for a database file on a network filesystem,
 * where SQLite's mmap is unsafe (an I/O error there becomes SIGBUS).
 */
export const MMAP_BYTES = 0x7fff0000;

type Native = InstanceType<typeof Database>;
type Prepared = ReturnType<Native["prepare"]>;

interface Cached {
  stmt: Prepared;
  columns: string[];
  columnTypes: string[];
  /** The prototype of this statement's rows: index getters and `length` (not own, so not enumerable). */
  proto: object;
  /**
   * Each column name with the index of its value, and whether it must be defined over an index getter
   * (see describe): the first occurrence wins, as in the client (a join's second `id` is reachable by index only).
   */
  named: [string, number, boolean][];
}

const VALUES = Symbol("values");
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function fromSql(v: unknown): unknown {
  if (typeof v === "bigint") {
    if (v < MIN_SAFE || v > MAX_SAFE) throw new RangeError("Received integer which cannot be safely represented as a JavaScript number");
    return Number(v);
  }
  if (v instanceof Buffer) return v.buffer;
  return v;
}

function toSql(v: unknown): unknown {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (v instanceof Date) return v.valueOf();
  if (v instanceof ArrayBuffer) return Buffer.from(v);
  // undefined, non-finite numbers and the rest: the client's checks and messages apply (see the catch)
  if (v === undefined || (typeof v === "number" && !Number.isFinite(v))) throw new TypeError("argument the client must judge");
  return v;
}

function rowPrototype(columns: readonly string[]): object {
  const proto: PropertyDescriptorMap = {
    length: { get: () => columns.length },
  };
  for (let i = 0; i < columns.length; i++) {
    proto[i] = {
      get(this: Record<symbol, unknown[]>) {
        return this[VALUES]![i];
      },
    };
  }
  return Object.create(Object.prototype, proto) as object;
}

let fallbacks = 0;

/** How many reads this path handed to the client (an error it reports, or what this path cannot run): for tests and diagnostics. */
export function fastReadFallbacks(): number {
  return fallbacks;
}

export function fastReads(client: Client, file: string, timeoutMs: number): Client {
  let native: Native | null = null;
  const cache = new LRUCache<string, Cached>({ max: STATEMENTS });

  let schema: { version: Prepared; seen: unknown } | null = null;

  const prepared = (sql: string): Cached => {
    if (!native) {
      native = new Database(file, { timeout: timeoutMs } as never);
      native.exec(`PRAGMA mmap_size=${MMAP_BYTES}`);
      const version = native.prepare("PRAGMA schema_version");
      version.raw(true);
      schema = { version, seen: null };
    }
    // a migration (here or in another process) may change what `SELECT *` means: start over
    const now = (schema!.version.all([]) as unknown[][])[0]?.[0];
    if (now !== schema!.seen) {
      cache.clear();
      schema!.seen = now;
    }
    let c = cache.get(sql);
    if (!c) {
      const stmt = native.prepare(sql);
      stmt.raw(true);
      stmt.safeIntegers(true);
      c = { stmt, columns: [], columnTypes: [], proto: {}, named: [] };
      cache.set(sql, c);
    }
    return c;
  };

  /** The statement's columns, read after it ran: SQLite re-prepares on a schema change it meets while stepping. */
  const describe = (c: Cached): void => {
    const cols = c.stmt.columns();
    c.columns = cols.map((col) => col.name);
    c.columnTypes = cols.map((col) => col.type ?? "");
    c.proto = rowPrototype(c.columns);
    // A name that is an index of the row (`SELECT id, 0`: a column named "0") behaves as in the client,
    // which defines index i before name i: a name ≤ its own position is that index (left to the
    // prototype's getter: assigning it would throw and send the read to the client a second time, 2.4 ms
    // instead of 1.1 for the set-driven search pages); a later index becomes an enumerable property with
    // that index's value (defined, not assigned, over the getter). Duplicate names: the first wins.
    const seen = new Set<string>();
    c.named = [];
    c.columns.forEach((name, i) => {
      const index = /^(?:0|[1-9]\d*)$/.test(name) ? Number(name) : -1;
      if (index >= 0 && index <= i) return;
      if (!seen.has(name)) c.named.push(index >= 0 && index < c.columns.length ? [name, index, true] : [name, i, false]);
      seen.add(name);
    });
  };

  const run = (sql: string, args: InArgs | undefined): ResultSet => {
    const c = prepared(sql);
    const all = c.stmt.all.bind(c.stmt) as (params?: unknown) => unknown[][];
    // bound as the client binds them: an array positionally, an object by name (without its @ $ : prefix)
    const raw = Array.isArray(args)
      ? all(args.map(toSql))
      : args && Object.keys(args).length
        ? all(Object.fromEntries(Object.entries(args).map(([k, v]) => [/^[@$:]/.test(k) ? k.slice(1) : k, toSql(v)])))
        : all([]);
    if (!c.columns.length || (raw.length && raw[0]!.length !== c.columns.length)) describe(c);
    const { named, proto } = c;
    const rows: Row[] = new Array(raw.length);
    for (let r = 0; r < raw.length; r++) {
      const values = raw[r]!;
      const row = Object.create(proto) as Record<string | symbol, unknown>;
      for (let i = 0; i < values.length; i++) values[i] = fromSql(values[i]);
      // one non-enumerable slot per row (spreading or Object.keys must not see it); names are plain properties
      Object.defineProperty(row, VALUES, { value: values });
      for (let k = 0; k < named.length; k++) {
        const [name, index, define] = named[k]!;
        if (define) Object.defineProperty(row, name, { value: values[index], enumerable: true, configurable: true, writable: true });
        else row[name] = values[index];
      }
      rows[r] = row as unknown as Row;
    }
    return new ResultSetImpl(c.columns, c.columnTypes, rows, 0, undefined);
  };

  return withReadPath(client, {
    read: (sql, args) => (SELECT.test(sql) ? run(sql, args) : undefined),
    fellBack: () => void fallbacks++,
    close() {
      cache.clear();
      native?.close();
      native = null;
      schema = null;
    },
  });
}
