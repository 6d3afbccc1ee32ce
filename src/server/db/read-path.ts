import type { Client, InArgs, InStatement, ResultSet } from "@libsql/client";

/** A faster way to run a client's reads (fast-reads.ts on a file, kept-streams.ts on a server). */
export interface ReadPath {
  /** Runs `sql` if this path takes it, else returns undefined; throws (or rejects) on any failure. */
  read(sql: string, args: InArgs | undefined): ResultSet | undefined | Promise<ResultSet | undefined>;
  /** A read this path took failed: it runs again on the client. */
  fellBack(): void;
  /** The client closes: release what the path holds. */
  close(): void;
}

/** SELECT only: an EXPLAIN, a PRAGMA or a WITH (which may write) stays on the client. */
export const SELECT = /^\s*select\b/i;

/**
 * `client` with its `execute`s offered to `path` first. Any error there re-runs the statement on the
 * client, so callers get the client's own error (LibsqlError and its code) and the client's
 * wrappers (availability.ts) see it; everything else (batches, transactions, close) is the client's.
 * An execute put in the client's place (a test recording the SQL sent) is used as it is.
 */
export function withReadPath(client: Client, path: ReadPath): Client {
  const clientExecute = client.execute;
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === "execute" && value === clientExecute) {
        return async (stmt: InStatement | string, args?: InArgs) => {
          const [sql, params] = typeof stmt === "string" ? [stmt, args] : [stmt.sql, stmt.args];
          if (!target.closed) {
            try {
              const result = await path.read(sql, params);
              if (result) return result;
            } catch {
              path.fellBack();
              // fall through: the client runs it and reports its own error (or succeeds where the path cannot)
            }
          }
          return (value as (s: InStatement | string, a?: InArgs) => Promise<ResultSet>).call(target, stmt, args);
        };
      }
      if (prop === "close") {
        return () => {
          path.close();
          return (value as () => void).call(target);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
