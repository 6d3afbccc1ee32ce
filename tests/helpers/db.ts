import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDb, type Db } from "@/server/db";
import { migrateDb } from "@/server/db/migrate";

/** A fresh, migrated libSQL database in a temp file (WAL, foreign keys), removed by `cleanup`. */
export async function createTestDb(): Promise<{ db: Db; url: string; cleanup: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), "kir-test-"));
  const url = `file:${path.join(dir, "test.db")}`;
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
