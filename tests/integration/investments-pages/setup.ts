import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, isNull, type SQL } from "drizzle-orm";
import { openDb, type Db } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { investments, users } from "@/server/db/schema";
import { seedDemo } from "@/seed";
import { testDbUrl } from "../../helpers/db";

/** 2026-11-21 noon in Japan: the seed's dates are relative to this. */
export const NOW = new Date("2026-11-21T12:00:00+09:00");

export interface Seeded {
  db: Db;
  /** The demo member's id. */
  memberId: number;
  cleanup: () => void;
}

/** A temp database with the demo data set (listings with pictures, members). */
export async function seededDb(): Promise<Seeded> {
  const dir = mkdtempSync(path.join(tmpdir(), "kir-inv-pages-"));
  const db = await openDb(await testDbUrl(dir, "test.db"));
  await migrateDb(db);
  await seedDemo(db, { now: NOW, root: path.join(dir, "uploads") });
  const member = await db.select({ id: users.id }).from(users).where(eq(users.email, "member@example.com")).get();
  if (!member) throw new Error("demo member missing");
  return {
    db,
    memberId: member.id,
    cleanup: () => {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The visibility rules written out by hand (not through visibility.ts), for the tests' own counts. */
export const VISIBLE: Record<"visitor" | "member", SQL> = {
  member: and(eq(investments.public, true), isNull(investments.not_updated_at))!,
  visitor: and(eq(investments.public, true), isNull(investments.not_updated_at), eq(investments.members, false))!,
};
