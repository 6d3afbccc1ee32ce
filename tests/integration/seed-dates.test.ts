/**
 * The demo data never shows a date after the moment it was seeded (a last
 * login or a withdrawal "next month" is nonsense on the admin screens). Every
 * millisecond-timestamp column of every table is checked, except the few that
 * are plans by nature: a scheduled post's publication time and a listing's
 * 次回更新予定日 (a text date, not checked here).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getTableColumns, getTableName, isTable, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDb, type Db } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import * as schema from "@/server/db/schema";
import { seedDemo } from "@/seed";
import { testDbUrl } from "../helpers/db";

/** table.column → a SQL condition selecting the rows where a future value is a plan, not a record. */
const PLANS: Record<string, string> = {
  "cms_posts.published_at": "status = 'scheduled'",
};

let dir: string;
let db: Db;
let seededAt: number;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "kir-seed-dates-"));
  db = await openDb(await testDbUrl(dir, "seed.db"));
  await migrateDb(db);
  const now = new Date();
  await seedDemo(db, { now, images: false, root: path.join(dir, "uploads") });
  // Rows whose timestamps come from column defaults are stamped while seeding, a little after `now`.
  seededAt = Date.now();
});

afterAll(() => {
  db?.$client.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it("no timestamp of the demo data lies in the future", async () => {
  const future: string[] = [];
  let checked = 0;
  for (const value of Object.values(schema)) {
    if (!isTable(value)) continue;
    const table = value as SQLiteTable;
    const name = getTableName(table);
    for (const column of Object.values(getTableColumns(table)) as SQLiteColumn[]) {
      if (column.columnType !== "SQLiteTimestamp") continue;
      checked++;
      const key = `${name}.${column.name}`;
      const plan = PLANS[key];
      const where = plan ? sql.raw(` AND NOT (${plan})`) : sql``;
      const rows = await db.all<{ n: number; max: number | null }>(
        sql`SELECT count(*) AS n, max(${sql.identifier(column.name)}) AS max FROM ${sql.identifier(name)} WHERE ${sql.identifier(column.name)} > ${seededAt}${where}`,
      );
      const row = rows[0];
      if (row && row.n > 0) future.push(`${key}: ${row.n} rows, up to ${new Date(row.max ?? 0).toISOString()}`);
    }
  }
  expect(checked).toBeGreaterThan(20);
  expect(future).toEqual([]);
});
