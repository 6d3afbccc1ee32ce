import { createClient, LibsqlError, type Client } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { openDb, type Db } from "@/server/db";
import { IDLE_MS, keptStreamStats } from "@/server/db/kept-streams";
import { serverFetch } from "@/server/db/remote";
import { migrateDb } from "@/server/migrate";
import { investments } from "@/server/db/schema";
import { seedScale } from "@/seed";
import { startSqld, type Sqld } from "../../scripts/cluster/sqld";
import { READS_OF_EVERY_SHAPE } from "../helpers/read-cases";

/**
 * A libSQL server's read path (src/server/db/kept-streams.ts): read-only statements on streams kept
 * open between requests must give what @libsql/client gives on a stream of its own — the same rows,
 * the same errors, every committed write — and survive what happens to a stream: its expiry, the
 * server's restart. On a sqld of its own (its ports kept over a restart), on both passes of the suite.
 */
let dir: string;
let server: Sqld;
let port: number;
let db: Db;
let plain: Client;
const delta = <T extends Record<string, number>>(before: T, after: T) => Object.fromEntries(Object.keys(before).map((k) => [k, after[k]! - before[k]!])) as T;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "kir-kept-streams-"));
  server = await startSqld({ dir: path.join(dir, "sqld") });
  port = Number(new URL(server.url).port);
  db = await openDb(server.url);
  await migrateDb(db);
  await seedScale(db, { investments: 30, members: 0, filters: 0, progress: false });
  plain = createClient({ url: server.url, fetch: serverFetch });
}, 120_000);
afterAll(async () => {
  db?.$client.close();
  plain?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("reads on a libSQL server's kept streams", () => {
  it.each(READS_OF_EVERY_SHAPE)("%s: the same rows as the client", async (_, text, args) => {
    const before = keptStreamStats();
    const kept = await db.$client.execute({ sql: text, args: args as never });
    const own = await plain.execute({ sql: text, args: args as never });
    expect(delta(before, keptStreamStats())).toMatchObject({ reads: 1, fallbacks: 0 });
    expect(kept.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(kept)).toBe(JSON.stringify(own));
    expect(kept.rows.map((r) => Array.prototype.slice.call(r))).toEqual(own.rows.map((r) => Array.prototype.slice.call(r)));
  });

  it("keeps one stream for reads one after another, one more for each read at the same time", async () => {
    await db.$client.execute("SELECT 1");
    let before = keptStreamStats();
    for (let i = 0; i < 10; i++) await db.select({ id: investments.id }).from(investments).limit(1).all();
    expect(delta(before, keptStreamStats())).toEqual({ reads: 10, opened: 0, fallbacks: 0 });
    // three at once: three streams, which stay for the next three
    const three = () => Promise.all([1, 2, 3].map((n) => db.$client.execute({ sql: "SELECT ? AS n", args: [n] })));
    await three();
    before = keptStreamStats();
    expect((await three()).map((r) => r.rows[0]!.n)).toEqual([1, 2, 3]);
    expect(delta(before, keptStreamStats())).toEqual({ reads: 3, opened: 0, fallbacks: 0 });
  });

  it("sees every committed write at once, a transaction's only after its commit", async () => {
    const [first] = await db.select({ id: investments.id, price: investments.price }).from(investments).limit(1).all();
    const price = () => db.get<{ price: number }>(sql`SELECT price FROM investments WHERE id = ${first!.id}`).then((r) => r?.price);
    for (const step of [1, 2, 3]) {
      await db
        .update(investments)
        .set({ price: first!.price + step })
        .where(sql`id = ${first!.id}`);
      expect(await price()).toBe(first!.price + step);
    }
    await db.transaction(async (tx) => {
      await tx
        .update(investments)
        .set({ price: first!.price + 9 })
        .where(sql`id = ${first!.id}`);
      expect(await price()).toBe(first!.price + 3);
    });
    expect(await price()).toBe(first!.price + 9);
  });

  it("reports the client's own errors", async () => {
    for (const bad of ["SELECT nope FROM investments", "SELECT * FROM no_such_table"]) {
      const before = keptStreamStats();
      const kept = await db.$client.execute(bad).then(
        () => null,
        (e: unknown) => e,
      );
      const own = await plain.execute(bad).then(
        () => null,
        (e: unknown) => e,
      );
      expect(kept).toBeInstanceOf(LibsqlError);
      expect((kept as LibsqlError).code).toBe((own as LibsqlError).code);
      expect(String(kept)).toBe(String(own));
      expect(delta(before, keptStreamStats()).fallbacks).toBe(1);
    }
    // and the next read is on a kept stream again
    const before = keptStreamStats();
    await db.$client.execute("SELECT 1");
    expect(delta(before, keptStreamStats())).toMatchObject({ reads: 1, fallbacks: 0 });
  });

  it("opens a new stream for a read after IDLE_MS, before the server expires the old one", async () => {
    await db.$client.execute("SELECT 1");
    const before = keptStreamStats();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + IDLE_MS + 1 });
    try {
      expect((await db.$client.execute("SELECT 2 AS n")).rows[0]!.n).toBe(2);
    } finally {
      vi.useRealTimers();
    }
    expect(delta(before, keptStreamStats())).toEqual({ reads: 1, opened: 1, fallbacks: 0 });
  });

  it("answers after the server restarts: a read on a stream the new server does not know runs again on one of its own", async () => {
    await db.$client.execute("SELECT 1");
    await server.stop();
    server = await startSqld({ dir: path.join(dir, "sqld"), httpPort: port });
    const count = () => db.$client.execute("SELECT count(*) AS n FROM investments").then((r) => Number(r.rows[0]!.n));
    let before = keptStreamStats();
    expect(await count()).toBe(30);
    expect(delta(before, keptStreamStats())).toMatchObject({ reads: 1, fallbacks: 1 });
    before = keptStreamStats();
    expect(await count()).toBe(30);
    expect(delta(before, keptStreamStats())).toMatchObject({ reads: 1, fallbacks: 0 });
  }, 60_000);
});
