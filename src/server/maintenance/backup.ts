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
import { httpBase, isLocalUrl, serverFetch } from "@/server/db/remote";
import { env } from "@/server/env";

export const BACKUP_PATTERN = /^app-(\d{8})-(\d{6})(?:-\d+)?\.db$/;

export type BackupResult = { status: "skipped"; reason: string } | { status: "ok"; file: string; bytes: number; ms: number; removed: string[] };

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
  for (const name of names
    .filter((n) => BACKUP_PATTERN.test(n))
    .sort()
    .reverse()) {
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
  const res = await serverFetch(`${httpBase(url)}/dump`, { headers: authToken ? { authorization: `Bearer ${authToken}` } : {} });
  if (!res.ok) throw new Error(`dump of ${httpBase(url)} failed: HTTP ${res.status}`);
  return quoteSchemaRows(await res.text());
}

/**
 * sqld 0.24 writes a virtual table (the FTS5 index) as a sqlite_schema row
 * whose `sql` literal keeps its inner quotes undoubled (content='investments'),
 * which SQLite cannot parse; doubles them, leaving correct rows alone.
 */
export function quoteSchemaRows(dump: string): string {
  return dump.replace(
    /^(INSERT INTO sqlite_schema\(type,name,tbl_name,rootpage,sql\) VALUES\('[^']*','[^']*','[^']*',0,')(.*)('\);)$/gm,
    (line, head: string, body: string, tail: string) => (body.replace(/''/g, "").includes("'") ? head + body.replace(/'/g, "''") + tail : line),
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

type SchemaRow = { type: string; name: string; tbl_name: string; sql: string | null };
const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
const ROWS_PER_BATCH = 200;

/**
 * Loads a backup into a new, empty database on a libSQL server (a fresh sqld
 * primary; scripts/restore.ts, `npm run db:restore`): through the server's
 * own SQL, so its replicas and embedded replicas follow it like any other
 * writes (a file placed in sqld's data directory is served, but embedded
 * replicas then fail to sync from it with "snapshot not found").
 *
 * Tables first, their rows in foreign-key order (a parent before its
 * children, each table in rowid order), then the virtual tables (the FTS
 * index is rebuilt from its content table, an R-tree is copied), then the
 * indexes and last the triggers, so no trigger fires on the copied rows.
 */
export async function restoreToServer(opts: {
  from: string;
  url: string;
  authToken?: string;
  progress?: (msg: string) => void;
}): Promise<{ tables: number; rows: number }> {
  const from = path.resolve(opts.from);
  const problem = await checkDatabaseFile(from);
  if (problem) throw new Error(`${from} is not a usable backup: ${problem}`);
  const target = createClient({ url: opts.url, authToken: opts.authToken, fetch: serverFetch });
  const source = createClient({ url: `file:${from}` });
  try {
    const existing = await target.execute(
      "SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_%' ESCAPE '\\'",
    );
    if (Number(existing.rows[0]?.n ?? 0) > 0) throw new Error(`${httpBase(opts.url)} is not empty: restore into a new primary`);
    const schema = (
      await source.execute("SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid")
    ).rows as unknown as SchemaRow[];
    const virtual = schema.filter((r) => r.type === "table" && /^CREATE VIRTUAL TABLE/i.test(r.sql ?? ""));
    const shadow = (name: string) => virtual.some((v) => name.startsWith(`${v.name}_`));
    const tables = schema.filter((r) => r.type === "table" && !virtual.includes(r) && !shadow(r.name));
    // A parent before its children (a self-reference is left to rowid order).
    const ordered: SchemaRow[] = [];
    const parents = new Map<string, string[]>();
    for (const t of tables) {
      const fks = (await source.execute(`PRAGMA foreign_key_list(${q(t.name)})`)).rows.map((r) => String(r.table));
      parents.set(
        t.name,
        fks.filter((p) => p !== t.name),
      );
    }
    const visit = (t: SchemaRow, path: string[] = []) => {
      if (ordered.includes(t) || path.includes(t.name)) return;
      for (const p of parents.get(t.name) ?? []) {
        const parent = tables.find((x) => x.name === p);
        if (parent) visit(parent, [...path, t.name]);
      }
      ordered.push(t);
    };
    for (const t of tables) visit(t);

    for (const t of ordered) await target.execute(t.sql!);
    let rows = 0;
    const copy = async (name: string) => {
      const cols = (await source.execute(`PRAGMA table_info(${q(name)})`)).rows.map((r) => String(r.name));
      const list = cols.map(q).join(", ");
      for (let offset = 0; ; offset += ROWS_PER_BATCH) {
        const chunk = await source.execute(`SELECT ${list} FROM ${q(name)} ORDER BY rowid LIMIT ${ROWS_PER_BATCH} OFFSET ${offset}`);
        if (!chunk.rows.length) break;
        const placeholders = `(${cols.map(() => "?").join(", ")})`;
        await target.execute({
          sql: `INSERT INTO ${q(name)} (${list}) VALUES ${chunk.rows.map(() => placeholders).join(", ")}`,
          args: chunk.rows.flatMap((r) => cols.map((c) => r[c] ?? null)),
        });
        rows += chunk.rows.length;
      }
    };
    for (const t of ordered) {
      await copy(t.name);
      opts.progress?.(`${t.name}: copied`);
    }
    for (const v of virtual) {
      await target.execute(v.sql!);
      if (/USING\s+fts5vocab/i.test(v.sql!)) continue; // a view of another index: nothing stored
      if (/USING\s+fts5\s*\([^)]*content\s*=/i.test(v.sql!)) await target.execute(`INSERT INTO ${q(v.name)}(${q(v.name)}) VALUES('rebuild')`);
      else if (/USING\s+rtree/i.test(v.sql!)) {
        const cols = (await source.execute(`PRAGMA table_info(${q(v.name)})`)).rows.map((r) => String(r.name));
        for (let offset = 0; ; offset += ROWS_PER_BATCH) {
          const chunk = await source.execute(`SELECT ${cols.map(q).join(", ")} FROM ${q(v.name)} LIMIT ${ROWS_PER_BATCH} OFFSET ${offset}`);
          if (!chunk.rows.length) break;
          await target.batch(
            chunk.rows.map((r) => ({
              sql: `INSERT INTO ${q(v.name)} VALUES (${cols.map(() => "?").join(", ")})`,
              args: cols.map((c) => r[c] ?? null),
            })),
            "write",
          );
        }
      } else await copy(v.name);
      opts.progress?.(`${v.name}: rebuilt`);
    }
    for (const r of schema.filter((x) => x.type === "index")) await target.execute(r.sql!);
    for (const r of schema.filter((x) => x.type === "view")) await target.execute(r.sql!);
    for (const r of schema.filter((x) => x.type === "trigger")) await target.execute(r.sql!);
    return { tables: ordered.length, rows };
  } finally {
    source.close();
    target.close();
  }
}
