/**
 * Backup and restore on a libSQL server (issue 32): the nightly backup of a
 * sqld primary (its SQL dump loaded into a checked file), the primary wiped
 * (stopped, its data directory deleted, started again empty on the same
 * port), the backup restored into it through the server, and every table has
 * the same rows; an embedded replica syncs from the restored primary and the
 * free-word index answers.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDb, type Db } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { backupDatabase, restoreToServer } from "@/server/maintenance";
import { seedScale } from "@/seed";
import { startSqld, type Sqld } from "../../../scripts/cluster/sqld";

let dir = "";
let primary: Sqld;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "kir-restore-"));
  primary = await startSqld({ dir: path.join(dir, "primary") });
});

afterAll(async () => {
  await primary?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Every table's rows (virtual tables and their shadows aside), as JSON per table. */
async function snapshot(db: Db): Promise<Record<string, string>> {
  const tables = (
    await db.$client.execute(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name",
    )
  ).rows.map((r) => String(r.name));
  const out: Record<string, string> = {};
  for (const t of tables) {
    if (/^investments_(fts|geo)_/.test(t)) continue;
    out[t] = JSON.stringify((await db.$client.execute(`SELECT * FROM "${t}" ORDER BY rowid`)).rows);
  }
  return out;
}

it("backup of a sqld primary → wipe → restore into the new empty primary → the same rows", async () => {
  let db = await openDb(primary.url);
  await migrateDb(db);
  await seedScale(db, { investments: 40, members: 12, filters: 20, progress: false });
  const before = await snapshot(db);
  expect(Object.keys(before).length).toBeGreaterThan(10);
  expect(JSON.parse(before.investments!)).toHaveLength(40);
  const ftsBefore = (await db.$client.execute("SELECT count(*) AS n FROM investments_fts WHERE investments_fts MATCH 'マンション'")).rows[0]?.n;
  db.$client.close();

  const backup = await backupDatabase({ url: primary.url, dir: path.join(dir, "backups"), keep: 3 });
  expect(backup.status).toBe("ok");
  if (backup.status !== "ok") return;

  // Wipe: the server's data is gone; a new, empty primary on the same port.
  const port = Number(new URL(primary.url).port);
  await primary.stop();
  rmSync(path.join(dir, "primary"), { recursive: true, force: true });
  primary = await startSqld({ dir: path.join(dir, "primary"), httpPort: port });
  db = await openDb(primary.url);
  expect((await db.$client.execute("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table' AND name = 'investments'")).rows[0]?.n).toBe(0);

  const restored = await restoreToServer({ from: backup.file, url: primary.url });
  expect(restored.rows).toBeGreaterThan(0);
  expect(await snapshot(db)).toEqual(before);
  expect((await db.$client.execute("SELECT count(*) AS n FROM investments_fts WHERE investments_fts MATCH 'マンション'")).rows[0]?.n).toBe(ftsBefore);
  // Restoring twice would duplicate everything: refused.
  await expect(restoreToServer({ from: backup.file, url: primary.url })).rejects.toThrow(/not empty/);

  // An embedded replica follows the restored primary (a file dropped into sqld's directory would not sync).
  const replica = await openDb(`file:${path.join(dir, "replica.db")}`, undefined, { syncUrl: primary.url, syncInterval: 0.2 });
  expect(await snapshot(replica)).toEqual(before);
  replica.$client.close();
  db.$client.close();
});
