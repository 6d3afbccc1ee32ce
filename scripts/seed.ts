/**
 * Seeds the database. Argument parsing only; the work is in src/seed.
 *
 *   tsx scripts/seed.ts                      demo data (skipped when listings exist)
 *   tsx scripts/seed.ts --reset              wipe listings and members, then demo data
 *   tsx scripts/seed.ts --investments 100000 --members 5000 --filters 50000 [--reset]
 *
 * Options: --database <url> (overrides DATABASE_URL), --seed <text>,
 * --admin-password / --member-password (or DEMO_ADMIN_PASSWORD /
 * DEMO_MEMBER_PASSWORD), --no-images, --force (demo even if listings exist),
 * --no-progress.
 */
import { parseArgs } from "node:util";
import { openDb } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { env } from "@/server/env";
import { DEMO_DEFAULTS, resetListingsAndMembers, seedDemo, seedScale } from "@/seed";

const { values } = parseArgs({
  options: {
    investments: { type: "string" },
    members: { type: "string" },
    filters: { type: "string" },
    reset: { type: "boolean", default: false },
    database: { type: "string" },
    seed: { type: "string" },
    "admin-password": { type: "string" },
    "member-password": { type: "string" },
    "no-images": { type: "boolean", default: false },
    force: { type: "boolean", default: false },
    // Demo mode already skips a database that has listings; the flag states it explicitly (npm run demo).
    "if-empty": { type: "boolean", default: false },
    "no-progress": { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
  strict: true,
});

if (values.help) {
  console.log(`usage: tsx scripts/seed.ts [--reset] [--database <url>] [--seed <text>]
       demo mode (default): [--admin-password <pw>] [--member-password <pw>] [--no-images] [--force]
       scale mode: --investments <n> [--members <n>] [--filters <n>] [--no-progress]`);
  process.exit(0);
}

function count(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v.replace(/[_,]/g, ""));
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a non-negative integer`);
    process.exit(2);
  }
  return n;
}

const investments = count("investments", values.investments);
const members = count("members", values.members);
const filters = count("filters", values.filters);
const scaleMode = investments !== undefined || members !== undefined || filters !== undefined;

// --database wins over the environment: set it before env() is first read, so every module sees it.
if (values.database) process.env.DATABASE_URL = values.database;
const url = env().DATABASE_URL;
const started = Date.now();
const db = await openDb(url);
try {
  await migrateDb(db);
  if (values.reset) {
    const r = await resetListingsAndMembers(db);
    console.log(`[seed] reset: removed ${r.listings} listings and ${r.members} members`);
  }

  if (scaleMode) {
    const r = await seedScale(db, {
      investments,
      members,
      filters,
      seed: values.seed,
      progress: !values["no-progress"] && !!process.stdout.isTTY,
      log: (l) => console.log(`[seed] ${l}`),
    });
    console.log(
      `[seed] scale done in ${(r.ms.total / 1000).toFixed(1)} s: ${r.investments} listings (${(r.ms.investments / 1000).toFixed(1)} s), ` +
        `${r.members} members (${(r.ms.members / 1000).toFixed(1)} s), ${r.filters} saved searches (${(r.ms.filters / 1000).toFixed(1)} s)`,
    );
  } else {
    const adminPassword = values["admin-password"] ?? env().DEMO_ADMIN_PASSWORD ?? DEMO_DEFAULTS.adminPassword;
    const memberPassword = values["member-password"] ?? env().DEMO_MEMBER_PASSWORD ?? DEMO_DEFAULTS.memberPassword;
    const r = await seedDemo(db, {
      seed: values.seed,
      adminPassword,
      memberPassword,
      images: !values["no-images"],
      force: values.force,
      log: (l) => console.log(`[seed] ${l}`),
    });
    if (r.skipped) {
      console.log("[seed] the database already has listings; nothing seeded (use --reset to start over)");
    } else {
      console.log(`[seed] demo data ready in ${(r.ms / 1000).toFixed(1)} s (${url})`);
      console.log("[seed] logins:");
      console.log(`  admin : ${r.admin.email} / ${r.admin.created ? r.admin.password : "(existing account, password unchanged)"}`);
      console.log(`  member: ${r.member.email} / ${r.member.created ? r.member.password : "(existing account, password unchanged)"}`);
    }
  }
} finally {
  db.$client.close();
}
console.log(`[seed] total ${((Date.now() - started) / 1000).toFixed(1)} s`);
