import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "../../scripts/lib/free-port";
import { startTileServer } from "../../scripts/lib/tile-server";

/**
 * Browser tests run against the real production build: `next build` (only when
 * sources changed since the last build), a migrated and demo-seeded temp
 * database, and `next start` on a free port.
 */
const root = path.resolve(import.meta.dirname, "../..");
const bin = (n: string) => path.join(root, "node_modules", ".bin", n);

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function buildIsStale(): boolean {
  const id = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(id)) return true;
  const built = statSync(id).mtimeMs;
  const inputs = [path.join(root, "src"), path.join(root, "public")].map(newestMtime);
  const configs = ["next.config.js", "tailwind.config.ts", "package-lock.json"].map((f) => statSync(path.join(root, f)).mtimeMs);
  return Math.max(...inputs, ...configs) > built;
}

let server: ChildProcess | undefined;
let worker: ChildProcess | undefined;
let dir: string | undefined;
let tiles: Awaited<ReturnType<typeof startTileServer>> | undefined;

export default async function setup(project: TestProject) {
  dir = mkdtempSync(path.join(tmpdir(), "kir-e2e-"));
  const port = await freePort();
  // The map pages' base map comes from a local stand-in, never the real tile servers.
  tiles = await startTileServer();
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `file:${path.join(dir, "e2e.db")}`,
    UPLOAD_DIR: path.join(dir, "uploads"),
    MAIL_OUTBOX_DIR: path.join(dir, "outbox"),
    REDIS_PREFIX: `e2e${port}`,
    LOG_LEVEL: "warn",
    MAP_TILE_URL: `${tiles.url}/{z}/{x}/{y}.png`,
    // the hazard map portal's stand-in too (issue 34): the worker and the map's overlays read it
    HAZARD_TILE_BASE_URL: tiles.hazard.base,
  } as NodeJS.ProcessEnv;
  const runOrThrow = (cmd: string, args: string[]) => {
    const r = spawnSync(cmd, args, { cwd: root, env, stdio: "inherit" });
    if (r.status !== 0) throw new Error(`${path.basename(cmd)} ${args.join(" ")} failed`);
  };
  runOrThrow(bin("tsx"), ["scripts/migrate.ts"]);
  runOrThrow(bin("tsx"), ["scripts/seed.ts"]);
  // npm run build: the font subset (scripts/subset-fonts.ts), then next build.
  if (buildIsStale()) runOrThrow("npm", ["run", "--silent", "build"]);

  // The production server (src/server/http/main.ts). Its page cache and its lists-and-counts cache
  // are off here because the tests write to the database directly; tests/e2e/page-cache.test.ts
  // starts one with both on.
  server = spawn(bin("tsx"), ["src/server/http/main.ts", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    // The test runner stands for the site's reverse proxy: the per-client X-Forwarded-For of the
    // tests' REST clients is believed (client-ip.ts), so their per-IP limits stay apart.
    // Every browser of the suite is 127.0.0.1 to it: the per-client budgets (issue 27) are raised so
    // parallel files never share one; tests/integration/http/{trpc-batch,web-server}.test.ts prove them.
    env: {
      ...env,
      PAGE_CACHE_TTL_SECONDS: "0",
      DATA_CACHE_TTL_SECONDS: "0",
      TRUSTED_PROXIES: "127.0.0.1,::1",
      TRPC_CALLS_PER_MINUTE: "1000000",
      HTTP_MAX_REQUESTS_PER_CLIENT: "10000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // The worker sends the mail (to .eml files in MAIL_OUTBOX_DIR, read by the tests).
  worker = spawn(bin("tsx"), ["worker/index.ts"], { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(base + "/");
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the web server did not answer within 60 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide("baseURL", base);
  project.provide("databaseURL", env.DATABASE_URL!);
  project.provide("mailDir", env.MAIL_OUTBOX_DIR!);
  project.provide("redisPrefix", env.REDIS_PREFIX!);
  project.provide("uploadDir", env.UPLOAD_DIR!);
  project.provide("tileURL", tiles.url);

  return async () => {
    server?.kill("SIGTERM");
    worker?.kill("SIGTERM");
    await tiles?.close();
    await new Promise((r) => setTimeout(r, 300));
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    databaseURL: string;
    mailDir: string;
    redisPrefix: string;
    uploadDir: string;
    /** The tile stand-in (tile-server.ts): MAP_TILE_URL points at it, HAZARD_TILE_BASE_URL at its /hazard. */
    tileURL: string;
  }
}
