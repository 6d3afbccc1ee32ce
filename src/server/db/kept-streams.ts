import { createClient, type Client, type InArgs, type ResultSet } from "@libsql/client";
import { ResultSetImpl } from "@libsql/core/util";
import * as hrana from "@libsql/hrana-client";
import { watchRemote } from "./availability";
import { SELECT, withReadPath } from "./read-path";
import { httpBase, serverFetch } from "./remote";

/**
 * Reads on a libSQL server over streams kept open between requests (issue 31).
 *
 * @libsql/client opens a stream (a connection on the server) for every `execute` and closes it in the
 * same HTTP request. Opening one is most of what a small read costs there: on sqld 0.24, loopback,
 * with kept-alive sockets (remote.ts), `SELECT 1` took 3.1 ms p50 that way and 0.9 ms on a stream
 * kept open (the next request carries its baton), a station's count 2.9 → 1.0 ms. A search sends one
 * to two such requests, so this was most of the sqld primary's gap to the file.
 *
 * Read-only statements (`SELECT` outside a transaction) go to an idle stream of a small pool, one
 * statement at a time per stream, and it returns to the pool after. Each statement on a stream runs in
 * autocommit, so it sees every write committed before it, as on a fresh stream. Writes, batches,
 * transactions and everything else go to the client as before. A stream idle for IDLE_MS is closed
 * before the server expires it (sqld: 10 s without a request); any error on this path closes the stream
 * and re-runs the statement on the client, so an expired stream costs one request more and callers get
 * the client's own error (LibsqlError and its code; availability.ts sees the same failures).
 */

/** Closed after this long idle: under sqld's 10 s stream expiry, with room for a slow request. */
export const IDLE_MS = 4000;
/** Idle streams kept; more in flight at once are closed when they finish. */
const MAX_IDLE = 8;

const stats = { reads: 0, opened: 0, fallbacks: 0 };

/**
 * Reads run on kept streams, streams opened for them, reads handed back to the client (an error, an
 * expired stream), over the process: for tests and diagnostics.
 */
export function keptStreamStats(): Readonly<typeof stats> {
  return { ...stats };
}

function stmtOf(sql: string, args: InArgs | undefined): hrana.Stmt {
  const stmt = new hrana.Stmt(sql);
  if (Array.isArray(args)) stmt.bindIndexes(args);
  else if (args) for (const [name, value] of Object.entries(args)) stmt.bindName(name, value);
  return stmt;
}

/** As @libsql/client builds a ResultSet from a hrana result (its rows are the same Row objects). */
function resultSetOf(r: hrana.RowsResult): ResultSet {
  return new ResultSetImpl(
    r.columnNames.map((c) => c ?? ""),
    r.columnDecltypes.map((c) => c ?? ""),
    r.rows,
    r.affectedRowCount,
    r.lastInsertRowid,
  );
}

/** `client` (a libSQL server's, created with `url`) with its read-only `execute`s on kept streams. */
export function keptStreams(client: Client, url: string, authToken: string | undefined): Client {
  const server = hrana.openHttp(httpBase(url), authToken, serverFetch as typeof fetch);
  // as the client reads integers (drizzle's libsql driver expects numbers)
  server.intMode = "number";
  const idle: { stream: hrana.HttpStream; since: number }[] = [];
  let closed = false;

  const take = (): hrana.HttpStream => {
    const now = Date.now();
    for (let kept = idle.pop(); kept; kept = idle.pop()) {
      if (now - kept.since < IDLE_MS && !kept.stream.closed) return kept.stream;
      kept.stream.close();
    }
    stats.opened++;
    return server.openStream();
  };
  const give = (stream: hrana.HttpStream) => {
    if (closed || idle.length >= MAX_IDLE) stream.close();
    else idle.push({ stream, since: Date.now() });
  };

  return withReadPath(client, {
    async read(sql, args) {
      if (closed || !SELECT.test(sql)) return undefined;
      const stream = take();
      stats.reads++;
      try {
        const result = resultSetOf(await stream.query(stmtOf(sql, args)));
        give(stream);
        return result;
      } catch (e) {
        stream.close();
        throw e;
      }
    },
    fellBack: () => void stats.fallbacks++,
    close() {
      closed = true;
      for (const kept of idle.splice(0)) kept.stream.close();
      server.close();
    },
  });
}

/** The client of a libSQL server as the app uses it: kept-alive sockets (serverFetch), reads on kept streams, availability watched. */
export function openRemote(url: string, authToken: string | undefined): Client {
  return watchRemote(keptStreams(createClient({ url, authToken, fetch: serverFetch }), url, authToken), url);
}
