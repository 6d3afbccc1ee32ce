import { env } from "@/server/env";

/**
 * A small structured logger (JSON lines). Secrets never go in: callers pass
 * fields explicitly, and keys that look like secrets are masked as a safety net,
 * like SQL parameters in any message.
 */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 } as const;
type Level = Exclude<keyof typeof LEVELS, "silent">;
const SECRET_KEY = /pass(word)?|token|secret|hash|cookie|authorization/i;

/**
 * Drizzle's failed-query message ends with the statement's parameters (a session's hash, an
 * address, a user agent, whatever a user typed); tRPC and our own lines pass that message on.
 * The statement stays (it says which query failed), the parameters never reach a log.
 */
const QUERY_PARAMS = /(Failed query: [\s\S]*?)\nparams: [\s\S]*$/;

function scrub(v: unknown, depth = 0): unknown {
  if (typeof v === "string") return v.replace(QUERY_PARAMS, "$1\nparams: [left out]");
  if (v instanceof Error) {
    const code = (v as { code?: unknown }).code;
    return { name: v.name, message: scrub(v.message), ...(typeof code === "string" ? { code } : {}) };
  }
  if (depth < 4 && Array.isArray(v)) return v.map((x) => scrub(x, depth + 1));
  if (depth < 4 && v && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, SECRET_KEY.test(k) ? "[redacted]" : k === "params" ? "[left out]" : scrub(x, depth + 1)]));
  }
  return v;
}

function redact(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, SECRET_KEY.test(k) ? "[redacted]" : k === "params" ? "[left out]" : scrub(v)]));
}

function write(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (LEVELS[level] < LEVELS[env().LOG_LEVEL]) return;
  const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...redact(fields) });
  if (level === "error" || level === "warn") process.stderr.write(line + "\n");
  else process.stdout.write(line + "\n");
}

export const logger = {
  debug: (msg: string, f?: Record<string, unknown>) => write("debug", msg, f),
  info: (msg: string, f?: Record<string, unknown>) => write("info", msg, f),
  warn: (msg: string, f?: Record<string, unknown>) => write("warn", msg, f),
  error: (msg: string, f?: Record<string, unknown>) => write("error", msg, f),
};
