/**
 * Shared set-up of the search suites: a temp database with the demo seed
 * (fixed NOW, no picture files), handmade listings where a test needs exact
 * control, and helpers that read the expected ids straight from SQL.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Db } from "@/server/db";
import { openDb } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { investment_transports, investments } from "@/server/db/schema";
import { seedDemo } from "@/seed";
import { searchInvestments } from "@/server/search/sql";
import type { Audience } from "@/server/listings";
import type { SearchQuery } from "@/schemas/search";
import { testDbUrl } from "../../helpers/db";

/** 2026-11-21 noon in Japan: every seeded and handmade date is relative to it. */
export const NOW = new Date("2026-11-21T12:00:00+09:00");
export const DAY = 86_400_000;

export interface TestDb {
  db: Db;
  cleanup: () => void;
}

/** A migrated temp database, optionally with the demo listings (340, seeded at NOW). */
export async function openSearchDb(opts: { demo?: boolean } = {}): Promise<TestDb> {
  const dir = mkdtempSync(path.join(tmpdir(), "kir-search-"));
  const db = await openDb(await testDbUrl(dir, "search.db"));
  await migrateDb(db);
  if (opts.demo) await seedDemo(db, { now: NOW, images: false, members: 2, root: path.join(dir, "uploads") });
  return {
    db,
    cleanup: () => {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type ListingInsert = Partial<typeof investments.$inferInsert>;
export type TransportInsert = Partial<Omit<typeof investment_transports.$inferInsert, "investment_id">>;

/** Inserts one listing (sensible defaults, public, derived columns as given) and its transports; returns its id. */
export async function insertListing(db: Db, over: ListingInsert = {}, transports: TransportInsert[] = []): Promise<number> {
  const row = await db
    .insert(investments)
    .values({
      type_cd: 1,
      name: "テスト物件",
      pref_cd: 27,
      city_cd: "271021",
      district_cd: "梅田一丁目",
      price: 10_000,
      public: true,
      members: false,
      public_at: new Date(NOW.getTime() - 3 * DAY),
      update_at: new Date(NOW.getTime() - 3 * DAY),
      keywords: "",
      ...over,
    })
    .returning({ id: investments.id })
    .get();
  if (transports.length) {
    await db.insert(investment_transports).values(transports.map((t, i) => ({ distance: 1, e_sort: i, ...t, investment_id: row.id })));
  }
  return row.id;
}

/** Every id a search returns (all pages), in the order returned. */
export async function searchIds(db: Db, audience: Audience, query: SearchQuery, now: Date = NOW): Promise<number[]> {
  const out: number[] = [];
  for (let page = 1; ; page++) {
    const r = await searchInvestments(db, audience, { ...query, page }, { now, pageSize: 1000 });
    out.push(...r.items.map((c) => c.id));
    if (r.page >= r.last) return out;
  }
}

/** Sorted ids of a search (order ignored). */
export async function searchIdSet(db: Db, audience: Audience, query: SearchQuery, now: Date = NOW): Promise<number[]> {
  return (await searchIds(db, audience, query, now)).sort((a, b) => a - b);
}

/** Sorted ids of `SELECT id FROM investments WHERE <where>` (raw SQL written by the test). */
export async function sqlIds(db: Db, where: string, args: (string | number | null)[] = []): Promise<number[]> {
  const r = await db.$client.execute({ sql: `SELECT id FROM investments WHERE ${where} ORDER BY id`, args });
  return r.rows.map((row) => Number(row.id));
}

/** Ids in the order of a raw ORDER BY (for the sort tests). */
export async function sqlOrderedIds(db: Db, where: string, orderBy: string, args: (string | number | null)[] = []): Promise<number[]> {
  const r = await db.$client.execute({ sql: `SELECT id FROM investments WHERE ${where} ORDER BY ${orderBy}`, args });
  return r.rows.map((row) => Number(row.id));
}

/** Visitor visibility written out by hand (the rule visibleTo must implement). */
export const VISITOR_SQL = "public = 1 AND members = 0 AND not_updated_at IS NULL";
export const MEMBER_SQL = "public = 1 AND not_updated_at IS NULL";

/** Real stations (name → codes) from the master tables, for handmade transports. */
export async function stationsNamed(db: Db, name: string): Promise<{ station_cd: number; group_cd: number; line_cd: number; line_name: string }[]> {
  const r = await db.$client.execute({
    sql: `SELECT s.station_cd, s.station_g_cd AS group_cd, s.line_cd, l.name AS line_name
          FROM stations s JOIN railway_lines l ON l.line_cd = s.line_cd WHERE s.name = ? ORDER BY s.station_cd`,
    args: [name],
  });
  return r.rows.map((x) => ({
    station_cd: Number(x.station_cd),
    group_cd: Number(x.group_cd),
    line_cd: Number(x.line_cd),
    line_name: String(x.line_name),
  }));
}

/**
 * Records into `into` the text of every statement sent to the database, one at a time or in a batch
 * (a libSQL server's page goes out in one batch with its cards: pageWithCards), that `keep` accepts.
 * Replacing the client's execute sends reads past the file's fast path (fast-reads.ts): the plans
 * are what these tests look at.
 */
export function recordStatements(db: Db, keep: RegExp, into: string[]): void {
  const textOf = (stmt: unknown) => (typeof stmt === "string" ? stmt : (stmt as { sql: string }).sql);
  const execute = db.$client.execute.bind(db.$client);
  db.$client.execute = ((stmt: unknown, ...rest: unknown[]) => {
    if (keep.test(textOf(stmt))) into.push(textOf(stmt));
    return (execute as (...a: unknown[]) => unknown)(stmt, ...rest);
  }) as typeof db.$client.execute;
  const batch = db.$client.batch.bind(db.$client);
  db.$client.batch = ((stmts: unknown[], ...rest: unknown[]) => {
    for (const stmt of stmts) if (keep.test(textOf(stmt))) into.push(textOf(stmt));
    return (batch as (...a: unknown[]) => unknown)(stmts, ...rest);
  }) as typeof db.$client.batch;
}
