/**
 * Out-of-process parts for the fault suites: the worker as its own process
 * (`node --import tsx worker/index.ts`, so signals reach it) and a private
 * redis-server on a spare port that a test may restart empty — never the
 * machine's shared Redis.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { Redis } from "ioredis";
import { freePort } from "../../../scripts/lib/free-port";

const ROOT = path.resolve(import.meta.dirname, "../../..");

export type WorkerProcess = {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything the process printed, labelled, for failure messages. */
  output(): string;
};

const running = new Set<ChildProcess>();

/** Starts worker/index.ts with the test's environment on top of this process's. */
export function spawnWorker(tag: string, env: Record<string, string>): WorkerProcess {
  // `tsx worker/index.ts` in one process (the tsx CLI would run the worker in a grandchild a signal never reaches).
  const child = spawn(process.execPath, ["--import", "tsx", "worker/index.ts"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  running.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  return { child, exited, output: () => `[${tag}]\n${output}` };
}

/** SIGKILLs every worker this file started and that is still running (afterAll). */
export function killWorkers(): void {
  for (const c of running) c.kill("SIGKILL");
}

export type PrivateRedis = {
  port: number;
  url: string;
  /** Stops the server and starts an empty one on the same port (no persistence: every key is gone). */
  restartEmpty(): Promise<void>;
  stop(): Promise<void>;
};

async function pingable(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = new Redis(url, { maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null });
    r.on("error", () => undefined);
    try {
      await r.connect();
      await r.ping();
      return;
    } catch (e) {
      if (Date.now() > until) throw new Error(`redis-server at ${url} not answering: ${String(e)}`);
    } finally {
      r.disconnect();
    }
    await new Promise((res) => setTimeout(res, 50));
  }
}

/** A redis-server of this test's own on a spare port, without persistence. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let proc: ChildProcess | null = null;
  const start = async () => {
    proc = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    await pingable(url, 10_000);
  };
  const stop = async () => {
    const p = proc;
    proc = null;
    if (!p || p.exitCode !== null) return;
    const gone = new Promise((r) => p.once("exit", r));
    p.kill("SIGTERM");
    await gone;
  };
  await start();
  return {
    port,
    url,
    async restartEmpty() {
      await stop();
      await start();
    },
    stop,
  };
}
