import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { inject } from "vitest";
import { openDb, type Db } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { createNamespace } from "../../scripts/cluster/sqld";

/** True on the integration suite's sqld pass (`npm test` runs it after the file pass). */
export const onSqld = (): boolean => process.env.TEST_DATABASE === "sqld";

/**
 * The URL of a new, empty test database: `file:<dir>/<name>`, or on the sqld
 * pass a new namespace on the run's sqld primary (tests/helpers/sqld-global.ts),
 * reached over HTTP like a production libSQL server. The namespaces go with
 * the primary's data directory at the end of the run.
 */
export async function testDbUrl(dir: string, name: string): Promise<string> {
  const sqld = onSqld() ? inject("sqld") : undefined;
  if (!sqld) return `file:${path.join(dir, name)}`;
  return createNamespace(sqld, `t${randomBytes(6).toString("hex")}`);
}

/** A fresh, migrated test database (see testDbUrl), removed by `cleanup`. */
export async function createTestDb(): Promise<{ db: Db; url: string; cleanup: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), "kir-test-"));
  const url = await testDbUrl(dir, "test.db");
  const db = await openDb(url);
  await migrateDb(db);
  return {
    db,
    url,
    cleanup: () => {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A number that changes whenever anything commits to the database at `url`,
 * whoever commits: SQLite's data_version seen from a connection of our own on
 * a file, the namespace's replication index (its WAL frame number) on sqld.
 */
export function commitCounter(url: string): { read(): Promise<number>; close(): void } {
  const sqld = onSqld() ? inject("sqld") : undefined;
  if (sqld) {
    const ns = new URL(url).hostname.split(".")[0]!;
    const index = async () =>
      Number(((await (await fetch(`${sqld.adminUrl}/v1/namespaces/${ns}/stats`)).json()) as { replication_index: number }).replication_index);
    return {
      // The server updates its stats a few milliseconds after acknowledging a commit (two reads in a row are
      // not enough): read until two reads 10 ms apart agree.
      read: async () => {
        for (let last = await index(); ;) {
          await new Promise((r) => setTimeout(r, 10));
          const now = await index();
          if (now === last) return now;
          last = now;
        }
      },
      close: () => undefined,
    };
  }
  const observer = createClient({ url });
  return { read: async () => Number((await observer.execute("PRAGMA data_version")).rows[0]![0]), close: () => observer.close() };
}
