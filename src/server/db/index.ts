import { createClient, type Client } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { env } from "@/server/env";
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

/**
 * Opens a database. libSQL's local client keeps a small pool of connections;
 * each opens with foreign keys on and `timeout` becomes SQLite's busy_timeout,
 * so writers wait for each other instead of failing with SQLITE_BUSY.
 * WAL is a property of the file and is set once here.
 */
export async function openDb(url = env().DATABASE_URL, authToken = env().DATABASE_AUTH_TOKEN): Promise<Db> {
  ensureDir(url);
  const client = serializeWrites(createClient({ url, authToken, timeout: 5000 }));
  if (url.startsWith("file:") && !url.includes(":memory:")) {
    await client.execute("PRAGMA journal_mode=WAL");
  }
  await client.execute("PRAGMA foreign_keys=ON");
  return drizzle(client, { schema }) as Db;
}

let shared: Promise<Db> | undefined;

/** The process-wide database (web and worker). Tests open their own with openDb. */
export function getDb(): Promise<Db> {
  shared ??= openDb();
  return shared;
}

export async function closeDb(): Promise<void> {
  if (!shared) return;
  const db = await shared;
  shared = undefined;
  db.$client.close();
}
