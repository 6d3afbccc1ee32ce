import { createClient } from "@libsql/client";
import path from "node:path";
import { parseArgs } from "node:util";
import { env } from "@/server/env";
import { isLocalUrl } from "@/server/db/remote";
import { databaseFile, listBackups, restoreDatabase, restoreToServer } from "@/server/maintenance";

// npm run db:restore -- --list
// npm run db:restore -- --latest --yes
// npm run db:restore -- --file app-20261122-183000.db --yes
//
// Brings a backup (scripts/backup.ts or the nightly job) back as DATABASE_URL.
// STOP the web and the worker first. A local file is replaced: the backup
// is integrity-checked before anything changes, and the current database is
// saved as BACKUP_DIR/pre-restore-….db. A libSQL server (DATABASE_URL
// http(s)://, libsql://) must be a new, empty primary: the backup is loaded
// into it through the server (restoreToServer), so its replicas follow.
// Pending outbox rows in the backup are relayed again by the next worker
// (deterministic job ids make that harmless).
const { values } = parseArgs({
  options: {
    list: { type: "boolean", default: false },
    latest: { type: "boolean", default: false },
    file: { type: "string" },
    yes: { type: "boolean", default: false },
  },
});

const backups = await listBackups();
if (values.list) {
  if (!backups.length) console.log(`no backups under ${path.resolve(env().BACKUP_DIR)}`);
  for (const b of backups) console.log(`${b.name}\t${(b.bytes / 1024 / 1024).toFixed(1)} MB`);
  process.exit(0);
}
const chosen = values.file ? (backups.find((b) => b.name === values.file)?.file ?? path.resolve(values.file)) : values.latest ? backups[0]?.file : undefined;
if (!chosen) {
  console.error("choose a backup: --latest or --file <name|path> (see --list)");
  process.exit(2);
}
if (!isLocalUrl(env().DATABASE_URL)) {
  if (!values.yes) {
    console.error(`this loads ${chosen} into the empty libSQL server at ${env().DATABASE_URL}.\nstop the web and the worker, then run again with --yes`);
    process.exit(2);
  }
  const r = await restoreToServer({
    from: chosen,
    url: env().DATABASE_URL,
    authToken: env().DATABASE_AUTH_TOKEN,
    progress: (m) => console.log(`[restore] ${m}`),
  }).catch((e: unknown) => {
    console.error(`[restore] ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
  console.log(`[restore] ${chosen} → ${env().DATABASE_URL}: ${r.tables} tables, ${r.rows} rows`);
  process.exit(0);
}
const target = databaseFile();
if (!target) {
  console.error(`DATABASE_URL (${env().DATABASE_URL}) is in memory: nothing to restore into`);
  process.exit(2);
}
if (!values.yes) {
  console.error(`this replaces ${target} with ${chosen}.\nstop the web and the worker, then run again with --yes`);
  process.exit(2);
}
const r = await restoreDatabase({ from: chosen });
const client = createClient({ url: `file:${r.restored}` });
const counts = await client.execute(
  "SELECT (SELECT count(*) FROM investments) AS investments, (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM newsletters) AS newsletters",
);
client.close();
console.log(`[restore] ${chosen} → ${r.restored}`);
if (r.saved) console.log(`[restore] the previous database was saved as ${r.saved}`);
console.log(`[restore] ${JSON.stringify(counts.rows[0])}`);
