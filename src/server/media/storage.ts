/**
 * The one storage interface under every stored file (listing photos and their
 * variants, staged uploads, CMS covers, the demo seed's picture pool), with two
 * backends chosen by MEDIA_STORAGE:
 *
 *   local     files under UPLOAD_DIR (the default: one machine, or a directory
 *             every web node shares)
 *   database  the bytes in libSQL (media_files → media_blobs, content-addressed),
 *             so a sqld cluster replicates them and every node serves what any
 *             node stored; staging lives there too, so an upload staged through
 *             node A can be saved through node B
 *
 * Files are named by keys such as `investments/12/{name}_thumb.webp`,
 * `staging/{token}.webp` or `cms/{name}.webp`; only this module turns a key into
 * a path or a row. Keys are built by media/ itself from generated names, and
 * checked again here, so a crafted one never escapes the root.
 */
import { createHash, randomBytes } from "node:crypto";
import { constants as fsConstants, createReadStream } from "node:fs";
import { copyFile, link, mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { getDb, type Db } from "@/server/db";
import { media_blobs, media_files } from "@/server/db/schema";
import { env } from "@/server/env";
import { logger } from "@/server/logger";

export type MediaBackend = "local" | "database";

/** What the database backend runs its statements on: the process's database, a test's, or an open transaction. */
export type MediaDb = Pick<Db, "select" | "insert" | "update" | "delete" | "run">;

export interface StorageOptions {
  /** Local backend's root directory; defaults to env().UPLOAD_DIR. Given alone (tests), it means the local backend. */
  root?: string;
  /** Defaults to "local" when `root` is given, else to env().MEDIA_STORAGE. */
  backend?: MediaBackend;
  /** Database backend: the database (default: the process's). */
  db?: Db;
  /** Database backend: run inside this open transaction, so the files change with the rows (all or nothing). */
  tx?: MediaDb;
}

export interface MediaObject {
  size: number;
  /** A strong validator for If-None-Match. */
  etag: string;
  body(): Promise<Buffer>;
  stream(): ReadableStream<Uint8Array>;
}

export interface MediaStore {
  readonly backend: MediaBackend;
  /** Identifies the store for in-process memos (one per root or database). */
  readonly id: string;
  get(key: string): Promise<MediaObject | null>;
  exists(key: string): Promise<boolean>;
  /** Writes every entry or none (a failure removes what was written). */
  putMany(entries: readonly (readonly [key: string, body: Buffer])[]): Promise<void>;
  /** Renames each pair; false where the source is missing. All or nothing on a failure. */
  moveMany(pairs: readonly (readonly [from: string, to: string])[]): Promise<boolean[]>;
  /** Copies every file whose key starts with `fromPrefix` to the same key under `toPrefix`; how many. */
  copyPrefix(fromPrefix: string, toPrefix: string): Promise<number>;
  remove(keys: readonly string[]): Promise<void>;
  /** Removes every file under a folder (`investments/12/`). */
  removeFolder(folder: string): Promise<void>;
  /** Keys of the files directly in a folder. */
  list(folder: string): Promise<string[]>;
  /** Removes the files in a folder stored before `cutoffMs`; returns their keys. */
  purgeOlderThan(folder: string, cutoffMs: number): Promise<string[]>;
}

const KEY_RE = /^[a-z0-9_-]+(?:\/[a-z0-9_.-]+)*$/i;
function checkKey(key: string): string {
  if (!KEY_RE.test(key) || key.split("/").some((p) => p === "." || p === "..")) throw new Error("invalid media key");
  return key;
}
function checkFolder(folder: string): string {
  checkKey(folder.replace(/\/$/, ""));
  return folder.endsWith("/") ? folder : `${folder}/`;
}

/* ---------------------------------------------------------------- local */

class LocalMediaStore implements MediaStore {
  readonly backend = "local" as const;
  readonly id: string;
  constructor(private readonly root: string) {
    this.id = `local:${root}`;
  }

  private p(key: string): string {
    return path.join(/*turbopackIgnore: true*/ this.root, checkKey(key));
  }

  async get(key: string): Promise<MediaObject | null> {
    const file = this.p(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return {
      size: info.size,
      etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      body: () => readFile(/*turbopackIgnore: true*/ file),
      stream: () => Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
    };
  }

  async exists(key: string): Promise<boolean> {
    return (await stat(this.p(key)).catch(() => null))?.isFile() ?? false;
  }

  async putMany(entries: readonly (readonly [string, Buffer])[]): Promise<void> {
    const written: string[] = [];
    try {
      for (const [key, body] of entries) {
        const file = this.p(key);
        await mkdir(path.dirname(file), { recursive: true });
        // Through a temporary name: a reader (or a full disk) never leaves half a file under the real one.
        const tmp = path.join(/*turbopackIgnore: true*/ path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
        try {
          await writeFile(tmp, body);
          await rename(tmp, file);
        } catch (e) {
          await unlink(tmp).catch(() => undefined);
          throw e;
        }
        written.push(file);
      }
    } catch (e) {
      await Promise.all(written.map((f) => unlink(f).catch(() => undefined)));
      throw e;
    }
  }

  async moveMany(pairs: readonly (readonly [string, string])[]): Promise<boolean[]> {
    const done: [string, string][] = [];
    const out: boolean[] = [];
    try {
      for (const [from, to] of pairs) {
        const a = this.p(from);
        const b = this.p(to);
        await mkdir(path.dirname(b), { recursive: true });
        try {
          await rename(a, b);
          done.push([a, b]);
          out.push(true);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
          out.push(false);
        }
      }
      return out;
    } catch (e) {
      for (const [a, b] of done.reverse()) await rename(b, a).catch(() => undefined);
      throw e;
    }
  }

  async copyPrefix(fromPrefix: string, toPrefix: string): Promise<number> {
    const fromDir = path.dirname(this.p(fromPrefix));
    const base = path.basename(fromPrefix);
    const files = (await readdir(fromDir).catch(() => [] as string[])).filter((f) => f.startsWith(base) && !f.startsWith("."));
    const pairs = files.map((f) => [path.join(/*turbopackIgnore: true*/ fromDir, f), this.p(toPrefix + f.slice(base.length))] as const);
    const made: string[] = [];
    try {
      for (const [from, to] of pairs) {
        await mkdir(path.dirname(to), { recursive: true });
        // Hard link when possible (no extra disk space), a copy otherwise.
        await link(from, to).catch(() => copyFile(from, to, fsConstants.COPYFILE_FICLONE));
        made.push(to);
      }
    } catch (e) {
      await Promise.all(made.map((f) => unlink(f).catch(() => undefined)));
      throw e;
    }
    return pairs.length;
  }

  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(
      keys.map((k) =>
        unlink(this.p(k)).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== "ENOENT") throw e;
        }),
      ),
    );
  }

  async removeFolder(folder: string): Promise<void> {
    await rm(this.p(checkFolder(folder).slice(0, -1)), { recursive: true, force: true });
  }

  async list(folder: string): Promise<string[]> {
    const f = checkFolder(folder);
    const files = await readdir(this.p(f.slice(0, -1))).catch(() => [] as string[]);
    return files.filter((n) => !n.startsWith(".")).map((n) => f + n);
  }

  async purgeOlderThan(folder: string, cutoffMs: number): Promise<string[]> {
    const removed: string[] = [];
    for (const key of await this.list(folder)) {
      const file = this.p(key);
      const info = await stat(file).catch(() => null);
      if (info?.isFile() && info.mtimeMs < cutoffMs) {
        await rm(file, { force: true });
        removed.push(key);
      }
    }
    return removed;
  }
}

/* ---------------------------------------------------------------- database */

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");
/** The keys under a folder are a range of the primary key: [`a/b/`, `a/b0`) ('0' follows '/' in ASCII). */
const under = (folder: string) => and(gte(media_files.key, folder), lt(media_files.key, `${folder.slice(0, -1)}0`));

class DatabaseMediaStore implements MediaStore {
  readonly backend = "database" as const;
  readonly id: string;
  constructor(
    private readonly db: Db,
    private readonly tx: MediaDb | undefined,
  ) {
    this.id = `database:${(db.$client as unknown as { url?: string }).url ?? "db"}`;
  }

  /** Runs `fn` in the caller's transaction, else in one of its own: a file and its bytes change together. */
  private atomic<T>(fn: (q: MediaDb) => Promise<T>): Promise<T> {
    return this.tx ? fn(this.tx) : this.db.transaction((t) => fn(t));
  }

  private get q(): MediaDb {
    return this.tx ?? this.db;
  }

  /** Drops bodies no file names any more. */
  private async gc(q: MediaDb, hashes: readonly string[]): Promise<void> {
    const unique = [...new Set(hashes)];
    for (let i = 0; i < unique.length; i += 200) {
      const part = unique.slice(i, i + 200);
      await q
        .delete(media_blobs)
        .where(and(inArray(media_blobs.hash, part), sql`not exists (select 1 from ${media_files} where ${media_files.hash} = ${media_blobs.hash})`));
    }
  }

  async get(key: string): Promise<MediaObject | null> {
    const row = await this.q
      .select({ hash: media_files.hash, size: media_files.size })
      .from(media_files)
      .where(eq(media_files.key, checkKey(key)))
      .get();
    if (!row) return null;
    let loaded: Promise<Buffer> | undefined;
    const body = () =>
      (loaded ??= this.q
        .select({ body: media_blobs.body })
        .from(media_blobs)
        .where(eq(media_blobs.hash, row.hash))
        .get()
        .then((b) => {
          if (!b) throw new Error("media blob missing");
          return Buffer.from(b.body);
        }));
    return {
      size: row.size,
      etag: `"${row.hash.slice(0, 24)}"`,
      body,
      stream: () =>
        new ReadableStream<Uint8Array>({
          async pull(controller) {
            controller.enqueue(new Uint8Array(await body()));
            controller.close();
          },
        }),
    };
  }

  async exists(key: string): Promise<boolean> {
    return Boolean(
      await this.q
        .select({ k: media_files.key })
        .from(media_files)
        .where(eq(media_files.key, checkKey(key)))
        .get(),
    );
  }

  async putMany(entries: readonly (readonly [string, Buffer])[]): Promise<void> {
    if (!entries.length) return;
    const now = Date.now();
    const rows = entries.map(([key, body]) => ({ key: checkKey(key), body, hash: sha256(body) }));
    await this.atomic(async (q) => {
      const old = await q
        .select({ hash: media_files.hash })
        .from(media_files)
        .where(
          inArray(
            media_files.key,
            rows.map((r) => r.key),
          ),
        )
        .all();
      for (const r of rows) {
        await q.insert(media_blobs).values({ hash: r.hash, body: r.body }).onConflictDoNothing();
        await q
          .insert(media_files)
          .values({ key: r.key, hash: r.hash, size: r.body.length, created_at: now })
          .onConflictDoUpdate({ target: media_files.key, set: { hash: r.hash, size: r.body.length, created_at: now } });
      }
      if (old.length)
        await this.gc(
          q,
          old.map((o) => o.hash),
        );
    });
  }

  async moveMany(pairs: readonly (readonly [string, string])[]): Promise<boolean[]> {
    return this.atomic(async (q) => {
      const out: boolean[] = [];
      for (const [from, to] of pairs) {
        const r = await q
          .update(media_files)
          .set({ key: checkKey(to) })
          .where(eq(media_files.key, checkKey(from)));
        out.push(r.rowsAffected > 0);
      }
      return out;
    });
  }

  async copyPrefix(fromPrefix: string, toPrefix: string): Promise<number> {
    checkKey(fromPrefix);
    checkKey(toPrefix);
    // One statement, no bytes moved: the copies name the same bodies.
    const r = await this.q.run(sql`
      insert into ${media_files} (key, hash, size, created_at)
      select ${toPrefix} || substr(key, ${fromPrefix.length + 1}), hash, size, ${Date.now()}
      from ${media_files} where key >= ${fromPrefix} and key < ${`${fromPrefix}\x7f`}
      on conflict(key) do update set hash = excluded.hash, size = excluded.size, created_at = excluded.created_at`);
    return r.rowsAffected;
  }

  async remove(keys: readonly string[]): Promise<void> {
    if (!keys.length) return;
    keys.forEach(checkKey);
    await this.atomic(async (q) => {
      const gone = await q
        .delete(media_files)
        .where(inArray(media_files.key, [...keys]))
        .returning({ hash: media_files.hash });
      await this.gc(
        q,
        gone.map((g) => g.hash),
      );
    });
  }

  async removeFolder(folder: string): Promise<void> {
    const f = checkFolder(folder);
    await this.atomic(async (q) => {
      const gone = await q.delete(media_files).where(under(f)).returning({ hash: media_files.hash });
      await this.gc(
        q,
        gone.map((g) => g.hash),
      );
    });
  }

  async list(folder: string): Promise<string[]> {
    const f = checkFolder(folder);
    const rows = await this.q.select({ key: media_files.key }).from(media_files).where(under(f)).all();
    return rows.map((r) => r.key).filter((k) => !k.slice(f.length).includes("/"));
  }

  async purgeOlderThan(folder: string, cutoffMs: number): Promise<string[]> {
    const f = checkFolder(folder);
    return this.atomic(async (q) => {
      const gone = await q
        .delete(media_files)
        .where(and(under(f), lt(media_files.created_at, cutoffMs)))
        .returning({ key: media_files.key, hash: media_files.hash });
      await this.gc(
        q,
        gone.map((g) => g.hash),
      );
      return gone.map((g) => g.key).filter((k) => !k.slice(f.length).includes("/"));
    });
  }
}

/* ---------------------------------------------------------------- choosing one */

export function uploadRoot(opts: StorageOptions = {}): string {
  // turbopackIgnore: a run-time directory, not a module; without it the build traces the whole project.
  return path.resolve(/*turbopackIgnore: true*/ opts.root ?? env().UPLOAD_DIR);
}

export function mediaBackend(opts: StorageOptions = {}): MediaBackend {
  return opts.backend ?? (opts.root !== undefined ? "local" : env().MEDIA_STORAGE);
}

/** The store for these options: MEDIA_STORAGE's backend on the process's database / UPLOAD_DIR unless told otherwise. */
export async function mediaStore(opts: StorageOptions = {}): Promise<MediaStore> {
  if (mediaBackend(opts) === "local") return new LocalMediaStore(uploadRoot(opts));
  return new DatabaseMediaStore(opts.db ?? (await getDb()), opts.tx);
}

/**
 * Startup check for web nodes and workers: a local directory while the database is a
 * libSQL server or an embedded replica (what several machines share) means each machine
 * has photos of its own and the others answer 404 for them.
 */
export function warnIfLocalMediaOnSharedDatabase(): void {
  const e = env();
  const shared = Boolean(e.DATABASE_SYNC_URL) || /^(https?|libsql|wss?):/i.test(e.DATABASE_URL);
  if (shared && e.MEDIA_STORAGE === "local") {
    logger.warn("media.local_storage_on_shared_database", {
      message:
        "MEDIA_STORAGE=local with a shared libSQL database: photos stored on this node are served only by this node " +
        `(UPLOAD_DIR=${uploadRoot()}); set MEDIA_STORAGE=database on every node, or share UPLOAD_DIR between them`,
    });
  }
}
