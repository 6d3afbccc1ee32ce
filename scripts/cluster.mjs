// `npm run cluster`: the product on a local libSQL server cluster — a sqld
// primary and one replica, two web nodes, one worker, Redis — with the demo
// data, until Ctrl-C. Plain Node up to here (a fresh clone has no
// dependencies yet); the cluster itself is scripts/cluster/main.ts.
import path from "node:path";
import { ensureDependencies, ensureRedis, ensureSqld, root } from "./lib/prepare.mjs";
import { spawn } from "node:child_process";

ensureDependencies();
ensureSqld();
const redisUrl = await ensureRedis();
const child = spawn(process.execPath, ["--import", "tsx", "scripts/cluster/main.ts", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, REDIS_URL: redisUrl, PATH: `${path.join(root, "node_modules", ".bin")}:${process.env.PATH}` },
});
// Ctrl-C reaches main.ts through the terminal's process group; it stops the nodes and the servers.
process.on("SIGINT", () => undefined);
process.on("SIGTERM", () => child.kill("SIGTERM"));
child.on("exit", (code) => process.exit(code ?? 0));
