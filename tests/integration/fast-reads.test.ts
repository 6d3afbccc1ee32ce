import { createClient, LibsqlError, type Client } from "@libsql/client";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDb, type Db } from "@/server/db";
import { fastReadFallbacks } from "@/server/db/fast-reads";
import { migrateDb } from "@/server/migrate";
import { investments } from "@/server/db/schema";
import { seedScale } from "@/seed";
import { READS_OF_EVERY_SHAPE } from "../helpers/read-cases";

/**
 * The local file's read path (src/server/db/fast-reads.ts) must give what @libsql/client gives:
 * the same rows (names, indexes, types), the same errors, and every committed write. Always on a
 * file (the path exists for files only), on both passes of the suite.
 */
let dir: string;
let db: Db;
let plain: Client;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "kir-fast-reads-"));
  const url = `file:${path.join(dir, "fast.db")}`;
  db = await openDb(url);
  await migrateDb(db);
  await seedScale(db, { investments: 40, members: 0, filters: 0, progress: false });
  plain = createClient({ url });
}, 120_000);
afterAll(() => {
  db.$client.close();
  plain.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A row as every reader sees it: its enumerable keys, its values by index, its length. */
const shape = (row: Record<string | number, unknown>) => ({
  keys: Object.keys(row),
  byName: { ...row },
  byIndex: Array.prototype.slice.call(row),
  length: row.length,
  json: JSON.stringify(row),
});

describe("fast reads on a local file", () => {
  it.each([
    ...READS_OF_EVERY_SHAPE,
    // a column named as an index of the row: before it (its index's value), its own or after it, past the end
    ["columns named as indexes", 'SELECT 0 AS "2", 10 AS a, 20 AS "0", 30 AS "7", 40, 50 AS "2"', []],
  ])("%s: the same rows as the client", async (_, text, args) => {
    const fast = await db.$client.execute({ sql: text, args: args as never });
    const slow = await plain.execute({ sql: text, args: args as never });
    expect(fast.columns).toEqual(slow.columns);
    expect(fast.columnTypes).toEqual(slow.columnTypes);
    expect(fast.rows.length).toBe(slow.rows.length);
    expect(fast.rows.length).toBeGreaterThan(0);
    expect(fast.rows.map((r) => shape(r as never))).toEqual(slow.rows.map((r) => shape(r as never)));
    expect(JSON.stringify(fast)).toBe(JSON.stringify(slow));
  });

  it("runs a page's ids with a constant column on its own path, not the client's as well", async () => {
    // searchPage selects `"id", 0`: a column named "0" once made every such read fail here and run again on the client
    const before = fastReadFallbacks();
    const rows = await db.$client.execute('SELECT "id", 0 FROM investments ORDER BY id DESC LIMIT 5');
    expect(rows.rows.map((r) => [r[0], r[1], r["id"], r["0"]])).toEqual(
      (await plain.execute('SELECT "id", 0 FROM investments ORDER BY id DESC LIMIT 5')).rows.map((r) => [r[0], r[1], r["id"], r["0"]]),
    );
    expect(fastReadFallbacks()).toBe(before);
    // an error still goes to the client, which reports it
    await expect(db.$client.execute("SELECT nope FROM investments")).rejects.toThrow();
    expect(fastReadFallbacks()).toBe(before + 1);
  });

  it("binds named arguments as the client does", async () => {
    const stmt = { sql: "SELECT :a AS a, @b AS b, $c AS c", args: { a: 1, "@b": "x", $c: false } };
    expect((await db.$client.execute(stmt)).rows.map((r) => ({ ...r }))).toEqual((await plain.execute(stmt)).rows.map((r) => ({ ...r })));
  });

  it("reports the client's errors and refuses what the client refuses", async () => {
    for (const bad of [
      { sql: "SELECT nope FROM investments", args: [] },
      { sql: "SELECT rowid FROM investments_fts WHERE investments_fts MATCH ?", args: ['"unclosed'] },
      { sql: "SELECT ?", args: [Number.NaN] },
      { sql: "SELECT 9007199254740993", args: [] },
    ]) {
      const fast = await db.$client.execute(bad).then(
        () => null,
        (e: unknown) => e,
      );
      const slow = await plain.execute(bad).then(
        () => null,
        (e: unknown) => e,
      );
      expect(fast).not.toBeNull();
      expect(fast?.constructor).toBe(slow?.constructor);
      expect(String(fast)).toBe(String(slow));
      if (slow instanceof LibsqlError) expect((fast as LibsqlError).code).toBe(slow.code);
    }
  });

  it("sees every committed write at once, and a transaction's only after its commit", async () => {
    const [first] = await db.select({ id: investments.id, price: investments.price }).from(investments).limit(1).all();
    const price = () => db.get<{ price: number }>(sql`SELECT price FROM investments WHERE id = ${first!.id}`).then((r) => r?.price);
    await db
      .update(investments)
      .set({ price: first!.price + 1 })
      .where(sql`id = ${first!.id}`);
    expect(await price()).toBe(first!.price + 1);
    await db.transaction(async (tx) => {
      await tx
        .update(investments)
        .set({ price: first!.price + 2 })
        .where(sql`id = ${first!.id}`);
      expect((await tx.get<{ price: number }>(sql`SELECT price FROM investments WHERE id = ${first!.id}`))?.price).toBe(first!.price + 2);
      expect(await price()).toBe(first!.price + 1);
    });
    expect(await price()).toBe(first!.price + 2);
    // an EXPLAIN the driver never resets must not pin later reads to an old snapshot
    await db.$client.execute("EXPLAIN QUERY PLAN SELECT id FROM investments WHERE price > 1000");
    for (const step of [3, 4, 5]) {
      await db
        .update(investments)
        .set({ price: first!.price + step })
        .where(sql`id = ${first!.id}`);
      expect(await price()).toBe(first!.price + step);
    }
    // a statement prepared before a schema change still answers after it
    await db.$client.execute("CREATE TABLE fast_reads_probe (a INTEGER)");
    await db.$client.execute("INSERT INTO fast_reads_probe VALUES (7)");
    expect((await db.$client.execute("SELECT * FROM fast_reads_probe")).rows.map((r) => ({ ...r }))).toEqual([{ a: 7 }]);
    await db.$client.execute("ALTER TABLE fast_reads_probe ADD COLUMN b TEXT DEFAULT 'x'");
    expect((await db.$client.execute("SELECT * FROM fast_reads_probe")).rows.map((r) => ({ ...r }))).toEqual([{ a: 7, b: "x" }]);
  });

  it("reads through a mapping of the file, not SQLite's 2 MB page cache", async () => {
    // this process's mappings of the database file itself (its -wal and -shm have names of their own)
    const mapped = (file: string) =>
      readFileSync("/proc/self/maps", "utf8")
        .split("\n")
        .filter((line) => line.endsWith(` ${file}`)).length;
    const file = path.join(dir, "mapped.db");
    const other = await openDb(`file:${file}`);
    await migrateDb(other);
    // the pages into the file itself (SQLite maps the file, not the WAL)
    await other.$client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    expect(mapped(file)).toBe(0); // the client's own connections (migrations, writes) do not map it
    expect((await other.$client.execute("SELECT count(*) AS n FROM investments")).rows[0]?.n).toBe(0);
    expect(mapped(file)).toBeGreaterThan(0);
    other.$client.close();
    rmSync(file, { force: true });
  });

  it("closes its connection with the client", async () => {
    const other = await openDb(`file:${path.join(dir, "closing.db")}`);
    expect((await other.$client.execute("SELECT 1 AS one")).rows[0]?.one).toBe(1);
    other.$client.close();
    expect(other.$client.closed).toBe(true);
    await expect(other.$client.execute("SELECT 1")).rejects.toThrow();
    rmSync(path.join(dir, "closing.db"), { force: true });
  });
});
