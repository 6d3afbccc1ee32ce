// `npm test`: what CI runs (.ci/run). Installs what a fresh machine lacks,
// then lint, typecheck and every suite: unit, integration (real libSQL, Redis,
// SMTP sink) twice — on local files, then on a sqld primary the suite starts
// on spare ports (tests/helpers/sqld-global.ts) together with the cluster
// tests (primary, replica, two web nodes, a worker) — and e2e (built app in
// Debian's Chromium).
import path from "node:path";
import { ensureChromium, ensureDependencies, ensureRedis, ensureSqld, log, root, run } from "./lib/prepare.mjs";

const started = Date.now();
ensureDependencies();
ensureSqld();
const redisUrl = await ensureRedis();
ensureChromium();

const bin = (name) => path.join(root, "node_modules", ".bin", name);
const env = { ...process.env, REDIS_URL: redisUrl, NODE_ENV: "test" };
const only = process.argv[2];
const steps = [
  ["lint", bin("eslint"), ["."]],
  // One formatter (Prettier, .prettierrc.json): `npm run format` rewrites, CI only checks.
  ["format", bin("prettier"), ["--check", "--log-level", "warn", "."]],
  ["typegen", bin("next"), ["typegen"]],
  ["typecheck", bin("tsc"), ["--noEmit"]],
  ["unit", bin("vitest"), ["run", "--project", "unit"]],
  // The cluster tests always run on sqld: once, in the second pass.
  ["integration", bin("vitest"), ["run", "--project", "integration", "--exclude", "tests/integration/cluster/**"]],
  ["integration-sqld", bin("vitest"), ["run", "--project", "integration"], { TEST_DATABASE: "sqld" }],
  ["e2e", bin("vitest"), ["run", "--project", "e2e"]],
].filter(([name]) => !only || name === only);

const timings = [];
for (const [name, cmd, args, extraEnv] of steps) {
  log(`▶ ${name}`);
  const t = Date.now();
  const code = run(cmd, args, { env: { ...env, ...extraEnv } });
  timings.push(`${name} ${((Date.now() - t) / 1000).toFixed(1)} s`);
  if (code !== 0) {
    log(`✗ ${name} failed (exit ${code})`);
    process.exit(code);
  }
}
log(`✓ all green in ${((Date.now() - started) / 1000).toFixed(1)} s (${timings.join(", ")})`);
