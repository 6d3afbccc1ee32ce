// `npm run cluster` (after scripts/cluster.mjs has checked dependencies, sqld
// and Redis): the product on a libSQL server cluster on this machine.
//
//   sqld primary  ← web node A (remote client), the worker, migrations, seed
//        │ gRPC
//   sqld replica  ← web node B (embedded replica: a local copy synced from it;
//                   writes and fresh reads go to the primary)
//   Redis         ← both web nodes and the worker (queues, limits, page-cache
//                   invalidation), as in `npm run demo`
//
// Both sqld servers are supervised: one that dies is restarted (backoff, same
// data directory and ports) and a line says so; meanwhile the web nodes answer
// 503 where they need the primary.
//
// The same demo data as `npm run demo`, kept under data/cluster/ between runs.
// Ctrl-C stops the nodes, then the servers.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { superviseSqld, type Supervised } from "./sqld";

const root = path.resolve(import.meta.dirname, "../..");
const { values } = parseArgs({
  options: { "no-build": { type: "boolean", default: false }, dir: { type: "string", default: "data/cluster" } },
});
const dir = path.resolve(root, values.dir);
const log = (msg: string) => console.log(`\x1b[36m[cluster]\x1b[0m ${msg}`);
const started = Date.now();
const portA = Number(process.env.PORT ?? 3000);
const portB = portA + 1;

// Supervised: a sqld that dies is started again on its data directory and ports (logged here).
const primary = await superviseSqld("primary", { dir: path.join(dir, "primary") }, log);
const replica = await superviseSqld("replica", { dir: path.join(dir, "replica"), primaryGrpcUrl: primary.grpcUrl! }, log);
const servers: Supervised[] = [replica, primary];
log(`sqld primary ${primary.url} (gRPC ${primary.grpcUrl}), replica ${replica.url}`);

const base = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  DEMO_ADMIN_PASSWORD: process.env.DEMO_ADMIN_PASSWORD ?? "kanri-demo-2026",
  DEMO_MEMBER_PASSWORD: process.env.DEMO_MEMBER_PASSWORD ?? "mypage-demo-2026",
  UPLOAD_DIR: process.env.UPLOAD_DIR ?? path.join(dir, "uploads"),
  // Photos in the database, replicated with it: each node below keeps its own UPLOAD_DIR, as two machines would.
  MEDIA_STORAGE: process.env.MEDIA_STORAGE ?? "database",
  BACKUP_DIR: process.env.BACKUP_DIR ?? path.join(dir, "backups"),
  DATABASE_AUTH_TOKEN: undefined,
};
const onPrimary = { ...base, DATABASE_URL: primary.url, DATABASE_SYNC_URL: undefined };
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const runOrExit = (args: string[], env: NodeJS.ProcessEnv) => {
  const r = spawnSync(tsx, args, { cwd: root, stdio: "inherit", env });
  if (r.status !== 0) void shutdown(r.status ?? 1);
  return r.status === 0;
};

log("migrating the primary, seeding demo data if it is empty…");
if (!runOrExit(["scripts/migrate.ts"], onPrimary) || !runOrExit(["scripts/seed.ts", "--if-empty"], onPrimary)) await new Promise(() => undefined);

if (!values["no-build"] || !existsSync(path.join(root, ".next", "BUILD_ID"))) {
  log("building the web app (npm run build)…");
  const r = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit", env: { ...onPrimary, NODE_ENV: "production" } });
  if (r.status !== 0) await shutdown(1);
}

const children: { name: string; child: ChildProcess }[] = [];
function node(name: string, args: string[], env: NodeJS.ProcessEnv) {
  // `node --import tsx` so that signals reach the process itself.
  const child = spawn(process.execPath, ["--import", "tsx", ...args], { cwd: root, stdio: "inherit", env: { ...env, NODE_ENV: "production" } });
  child.on("exit", (code, signal) => {
    if (stopping) return;
    log(`${name} exited (${signal ?? code}); stopping the cluster`);
    void shutdown(code ?? 1);
  });
  children.push({ name, child });
}

// One process per web node: an embedded replica file belongs to one process.
node("web A", ["src/server/http/main.ts", "-p", String(portA)], { ...onPrimary, WEB_CONCURRENCY: "1", PORT: String(portA) });
node("web B", ["src/server/http/main.ts", "-p", String(portB)], {
  ...base,
  WEB_CONCURRENCY: "1",
  PORT: String(portB),
  DATABASE_URL: `file:${path.join(dir, "web-b", "replica.db")}`,
  DATABASE_SYNC_URL: replica.url,
  UPLOAD_DIR: process.env.UPLOAD_DIR ?? path.join(dir, "web-b", "uploads"),
  // Writes and the reads that must be fresh (a member after a save) go to the primary itself.
  DATABASE_PRIMARY_URL: primary.url,
});
node("worker", ["worker/index.ts"], onPrimary);

const adminBase = process.env.ADMIN_BASE_PATH ?? "/_kanri-7f3c";
/** Waits until a web node answers (Next takes a few seconds to start). */
async function answering(port: number): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).status < 500) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
void Promise.all([answering(portA), answering(portB)]).then(() => {
  console.log(`
\x1b[1m関西収益物件ナビ on a libSQL cluster\x1b[0m — ready in ${((Date.now() - started) / 1000).toFixed(0)} s
  web node A  http://localhost:${portA}/   (database: sqld primary ${primary.url})
  web node B  http://localhost:${portB}/   (embedded replica ${path.relative(root, dir)}/web-b/replica.db, synced from the sqld replica ${replica.url})
  health      /healthz (liveness), /readyz (database writable, Redis reachable) on both nodes
  worker      on the primary
  admin       http://localhost:${portA}${adminBase}/login  (admin@example.com / ${base.DEMO_ADMIN_PASSWORD})
  member      member@example.com / ${base.DEMO_MEMBER_PASSWORD}
  data        ${path.relative(root, dir)}/ (primary, replica, uploads, backups)
Press Ctrl-C to stop everything.
`);
});

let stopping = false;
async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  log("stopping web nodes and worker…");
  await Promise.all(
    children.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
          setTimeout(() => child.kill("SIGKILL"), 15_000).unref();
        }),
    ),
  );
  log("stopping sqld…");
  for (const s of servers) await s.stop();
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
