import { parseArgs } from "node:util";
import { env } from "@/server/env";
import { backupDatabase, listBackups } from "@/server/maintenance";

// npm exec tsx scripts/backup.ts [-- --list]
// An online backup of DATABASE_URL now (VACUUM INTO a dated file under BACKUP_DIR,
// keeping the newest BACKUP_KEEP) — the same job the worker runs nightly at 3:30 JST.
const { values } = parseArgs({ options: { list: { type: "boolean", default: false } } });
if (values.list) {
  for (const b of await listBackups()) console.log(`${b.name}\t${(b.bytes / 1024 / 1024).toFixed(1)} MB`);
  process.exit(0);
}
const r = await backupDatabase();
if (r.status === "skipped") {
  console.error(`[backup] skipped: ${r.reason}`);
  process.exit(1);
}
console.log(`[backup] ${env().DATABASE_URL} → ${r.file} (${(r.bytes / 1024 / 1024).toFixed(1)} MB, ${Math.round(r.ms)} ms)`);
if (r.removed.length) console.log(`[backup] removed old backups: ${r.removed.join(", ")}`);
