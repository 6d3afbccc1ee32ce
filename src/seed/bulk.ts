/**
 * Bulk writing for the seed: multi-row INSERTs sized under SQLite's
 * 32,766 bound-parameter limit, run inside the caller's transaction.
 */
import { count, getTableColumns, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "@/server/db";
import { investments, users } from "@/server/db/schema";
import { removeAllInvestmentImages, type StorageOptions } from "@/server/media";

/** SQLite's SQLITE_MAX_VARIABLE_NUMBER default is 32,766; keep a margin. */
export const MAX_BOUND_PARAMS = 32_000;

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Exec = Db | Tx;

/** Rows per INSERT statement for a table (every column may become one parameter). */
export function rowsPerStatement(table: SQLiteTable): number {
  return Math.max(1, Math.floor(MAX_BOUND_PARAMS / Object.keys(getTableColumns(table)).length));
}

/** Inserts rows with as few statements as the parameter limit allows. */
export async function insertMany<T extends SQLiteTable>(
  exec: Exec,
  table: T,
  rows: T["$inferInsert"][],
  opts: { ignoreConflicts?: boolean } = {},
): Promise<void> {
  const size = rowsPerStatement(table);
  for (let i = 0; i < rows.length; i += size) {
    const q = (exec as Db).insert(table).values(rows.slice(i, i + size));
    if (opts.ignoreConflicts) await q.onConflictDoNothing();
    else await q;
  }
}

export async function maxId(exec: Exec, table: typeof investments | typeof users): Promise<number> {
  const row = await (exec as Db)
    .select({ m: sql<number | null>`max(${table.id})` })
    .from(table)
    .get();
  return Number(row?.m ?? 0);
}

export async function countRows(exec: Exec, table: SQLiteTable): Promise<number> {
  const row = await (exec as Db).select({ n: count() }).from(table).get();
  return row?.n ?? 0;
}

/**
 * `--reset`: removes every listing (transports, images, price history,
 * bookmarks and matchings cascade; inquiries keep their snapshot) and every
 * member (bookmarks, filters, matchings, sessions, settings cascade), and the
 * listing image files. Admins, CMS content and master data stay.
 */
export async function resetListingsAndMembers(db: Db, opts: StorageOptions = {}): Promise<{ listings: number; members: number }> {
  const listings = await countRows(db, investments);
  const members = await countRows(db, users);
  await db.transaction(async (tx) => {
    await tx.delete(investments);
    await tx.delete(users);
  });
  await removeAllInvestmentImages({ db, ...opts });
  return { listings, members };
}
