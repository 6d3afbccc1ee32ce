// `npm run demo`: the whole product on one machine — dependencies, Redis,
// migrations, demo data (only into an empty database), a production build,
// then web and worker side by side until Ctrl-C.
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { demoBanner } from "./lib/demo-banner.mjs";
import { ensureDependencies, ensureRedis, log, root, run, start } from "./lib/prepare.mjs";

const args = new Set(process.argv.slice(2));
const started = Date.now();
ensureDependencies();
const redisUrl = await ensureRedis();

const port = process.env.PORT ?? "3000";
const env = {
  ...process.env,
  PORT: port,
  REDIS_URL: redisUrl,
  DEMO_ADMIN_PASSWORD: process.env.DEMO_ADMIN_PASSWORD ?? "kanri-demo-2026",
  DEMO_MEMBER_PASSWORD: process.env.DEMO_MEMBER_PASSWORD ?? "mypage-demo-2026",
};
const tsx = path.join(root, "node_modules", ".bin", "tsx");

log("migrating the database…");
if (run(tsx, ["scripts/migrate.ts"], { env }) !== 0) process.exit(1);
log("seeding demo data if the database is empty…");
if (run(tsx, ["scripts/seed.ts", "--if-empty"], { env }) !== 0) process.exit(1);

if (!args.has("--no-build") || !existsSync(path.join(root, ".next", "BUILD_ID"))) {
  log("building the web app (font subset, next build)…");
  const t = Date.now();
  // npm run build: the font subset (scripts/subset-fonts.ts), then next build.
  if (run("npm", ["run", "--silent", "build"], { env: { ...env, NODE_ENV: "production" } }) !== 0) process.exit(1);
  log(`built in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

// One web process per core (at most 2 for a demo): a Node process renders on one core.
const prodEnv = { ...env, NODE_ENV: "production", WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? String(Math.min(2, availableParallelism())) };
// The production web server: Next behind the page cache, WEB_CONCURRENCY processes (src/server/http/main.ts).
const web = start(tsx, ["src/server/http/main.ts", "-p", port], { env: prodEnv });
const worker = start(tsx, ["worker/index.ts"], { env: prodEnv });

const base = (process.env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, "");
const adminBase = process.env.ADMIN_BASE_PATH ?? "/_kanri-7f3c";
setTimeout(() => {
  console.log(demoBanner({ base, adminBase, seconds: ((Date.now() - started) / 1000).toFixed(0), env, cwd: root }));
}, 1500);

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  log(`stopping (${signal})…`);
  web.kill("SIGTERM");
  worker.kill("SIGTERM");
  const force = setTimeout(() => {
    web.kill("SIGKILL");
    worker.kill("SIGKILL");
  }, 15_000);
  force.unref();
}
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));

let alive = 2;
for (const [name, child] of [
  ["web", web],
  ["worker", worker],
]) {
  child.on("exit", (code, signal) => {
    alive--;
    if (!stopping) {
      log(`${name} exited (${signal ?? code}); stopping the other process`);
      stop("child-exit");
      process.exitCode = code ?? 1;
    }
    if (alive === 0) process.exit();
  });
}
