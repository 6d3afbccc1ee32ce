import { closeDb, getDb } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { env } from "@/server/env";

// `npm run db:migrate`: applies drizzle/ migrations and loads master data into DATABASE_URL.
const started = Date.now();
const db = await getDb();
await migrateDb(db);
await closeDb();
console.log(`[migrate] ${env().DATABASE_URL} is up to date (${Date.now() - started} ms)`);
