/**
 * Online backups of a local (file:) database with `VACUUM INTO`: a consistent
 * snapshot taken inside a read transaction, so the web and the worker keep
 * writing meanwhile (WAL). The copy is written under a temporary name,
 * checked (`PRAGMA quick_check`) and only then renamed to its dated name, so a
 * crash never leaves a half file that looks like a backup. The newest `keep`
 * backups stay. scripts/restore.ts brings one back.
 *
 * A libSQL server (sqld, Turso) has no `VACUUM INTO` for the client: there the
 * backup is the server's consistent SQL dump (GET /dump, taken in one read
 * transaction on the server) loaded into a new local file, which is then
 * checked and named like any other backup.
 */
import { createClient } from "@libsql/client";
import { copyFile, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { httpBase, isLocalUrl, namespaceFetch } from "@/server/db/remote";
import { env } from "@/server/env";

export const BACKUP_PATTERN = /^app-(\d{8})-(\d{6})(?:-\d+)?\.db$/;

export type BackupResult =
  | { status: "skipped"; reason: string }
  | { status: "ok"; file: string; bytes: number; ms: number; removed: string[] };

/** The file path of a `file:` DATABASE_URL, or null (memory, libsql:// servers). */
export function databaseFile(url = env().DATABASE_URL): string | null {
  if (!url.startsWith("file:") || url.includes(":memory:")) return null;
  const file = url.slice("file:".length).split("?")[0] ?? "";
  return file ? path.resolve(file) : null;
}

/** "app-20261122-033000.db" in UTC, so names sort by time whatever the zone. */
export function backupName(at: Date): string {
  const iso = at.toISOString(); // 2026-11-22T03:30:00.000Z
  return `app-${iso.slice(0, 10).replace(/-/g, "")}-${iso.slice(11, 19).replace(/:/g, "")}.db`;
}

/** Checks a database file: quick_check is "ok" and the migrations table exists. Returns the problem or null. */
export async function checkDatabaseFile(file: string): Promise<string | null> {
  const client = createClient({ url: `file:${file}` });
  try {
    const check = await client.execute("PRAGMA quick_check");
    const first = check.rows[0] ? String(Object.values(check.rows[0])[0]) : "";
    if (first !== "ok") return `quick_check: ${first || "no result"}`;
    const mig = await client.execute("SELECT count(*) AS n FROM __drizzle_migrations");
    if (!Number(mig.rows[0]?.n ?? 0)) return "no migrations recorded";
    return null;
  } catch (e) {
    return String(e);
  } finally {
    client.close();
  }
}

export async function listBackups(dir = env().BACKUP_DIR): Promise<{ name: string; file: string; bytes: number }[]> {
  const abs = path.resolve(dir);
  let names: string[] = [];
  try {
    names = await readdir(abs);
  } catch {
    return [];
  }
  const out = [];
  for (const name of names.filter((n) => BACKUP_PATTERN.test(n)).sort().reverse()) {
    const file = path.join(abs, name);
    out.push({ name, file, bytes: (await stat(file)).size });
  }
  return out;
}

/**
 * Backs up the database at `url` (DATABASE_URL by default). The copy runs on
 * its own connection, outside the process's write lock: it only reads, so
 * other processes (the web) keep writing meanwhile. The local driver is
 * synchronous, so this process itself waits for the copy (seconds, at 3:30).
 */
export async function backupDatabase(opts: { dir?: string; keep?: number; now?: Date; url?: string; authToken?: string } = {}): Promise<BackupResult> {
  const started = performance.now();
  const url = opts.url ?? env().DATABASE_URL;
  const source = databaseFile(url);
  if (!source && isLocalUrl(url)) return { status: "skipped", reason: "an in-memory database has nothing to back up" };
  const dir = path.resolve(opts.dir ?? env().BACKUP_DIR);
  const keep = opts.keep ?? env().BACKUP_KEEP;
  await mkdir(dir, { recursive: true });
  let name = backupName(opts.now ?? new Date());
  for (let i = 2; await exists(path.join(dir, name)); i++) name = name.replace(/(-\d+)?\.db$/, `-${i}.db`);
  const file = path.join(dir, name);
  const partial = `${file}.partial`;
  await rm(partial, { force: true });
  const client = createClient({ url: `file:${source ?? partial}`, timeout: 5000 });
  try {
    if (source) await client.execute({ sql: "VACUUM INTO ?", args: [partial] });
    else await client.executeMultiple(await serverDump(url, opts.authToken ?? env().DATABASE_AUTH_TOKEN));
    const problem = await checkDatabaseFile(partial);
    if (problem) throw new Error(`backup copy failed its check: ${problem}`);
    await rename(partial, file);
  } catch (e) {
    await rm(partial, { force: true });
    throw e;
  } finally {
    client.close();
  }
  const removed: string[] = [];
  for (const old of (await listBackups(dir)).slice(keep)) {
    await rm(old.file, { force: true });
    removed.push(old.name);
  }
  return { status: "ok", file, bytes: (await stat(file)).size, ms: performance.now() - started, removed };
}

/** The SQL dump of a libSQL server's database (sqld and Turso serve it at /dump). */
async function serverDump(url: string, authToken: string | undefined): Promise<string> {
  const res = await namespaceFetch(`${httpBase(url)}/dump`, { headers: authToken ? { authorization: `Bearer ${authToken}` } : {} });
  if (!res.ok) throw new Error(`dump of ${httpBase(url)} failed: HTTP ${res.status}`);
  return quoteSchemaRows(await res.text());
}

/**
 * sqld 0.24 writes a virtual table (the FTS5 index) as a sqlite_schema row
 * whose `sql` literal keeps its inner quotes undoubled (content='investments'),
 * which SQLite cannot parse; doubles them, leaving correct rows alone.
 */
export function quoteSchemaRows(dump: string): string {
  return dump.replace(/^(INSERT INTO sqlite_schema\(type,name,tbl_name,rootpage,sql\) VALUES\('[^']*','[^']*','[^']*',0,')(.*)('\);)$/gm, (line, head: string, body: string, tail: string) =>
    body.replace(/''/g, "").includes("'") ? head + body.replace(/'/g, "''") + tail : line,
  );
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Puts a backup in place of the database at `url` (scripts/restore.ts). The
 * web and the worker must be stopped: the file is replaced underneath them.
 * The backup is checked first; the current database (with its WAL) is saved
 * beside the backups as pre-restore-….db; the old -wal/-shm files are removed
 * so SQLite cannot replay them onto the restored file.
 */
export async function restoreDatabase(opts: { from: string; url?: string; dir?: string; now?: Date }): Promise<{ restored: string; saved: string | null }> {
  const target = databaseFile(opts.url ?? env().DATABASE_URL);
  if (!target) throw new Error("DATABASE_URL is not a local file: restore it with the database server's own tools");
  const from = path.resolve(opts.from);
  const problem = await checkDatabaseFile(from);
  if (problem) throw new Error(`${from} is not a usable backup: ${problem}`);
  const dir = path.resolve(opts.dir ?? env().BACKUP_DIR);
  await mkdir(dir, { recursive: true });
  let saved: string | null = null;
  if (await exists(target)) {
    saved = path.join(dir, `pre-restore-${backupName(opts.now ?? new Date()).slice(4)}`);
    const current = createClient({ url: `file:${target}`, timeout: 5000 });
    try {
      await current.execute({ sql: "VACUUM INTO ?", args: [saved] });
    } finally {
      current.close();
    }
  }
  const tmp = `${target}.restore-tmp`;
  await copyFile(from, tmp);
  await rm(`${target}-wal`, { force: true });
  await rm(`${target}-shm`, { force: true });
  await rename(tmp, target);
  return { restored: target, saved };
}
