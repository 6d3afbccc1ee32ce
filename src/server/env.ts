import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { TRPC_CLIENT_MAX_ITEMS, TRPC_MAX_BATCH_DEFAULT } from "@/lib/constants/api";

/**
 * The one place that reads process.env. Every variable is optional with a
 * default that works on a developer machine, so `npm run demo` needs no setup.
 * Parsed once, lazily, so scripts can set variables before first use.
 */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_URL: z.string().url().optional(),
  DATABASE_URL: z.string().min(1).default("file:./data/app.db"),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  /**
   * Makes DATABASE_URL (a local file) an embedded replica of the libSQL server
   * at this URL: reads local, writes sent to the server (src/server/db/index.ts).
   */
  DATABASE_SYNC_URL: z.string().url().optional(),
  /** Seconds between an embedded replica's background pulls from DATABASE_SYNC_URL. */
  DATABASE_SYNC_INTERVAL: z.coerce.number().min(0.1).max(3600).default(1),
  /**
   * Where an embedded replica sends writes and the reads that must be fresh
   * (src/server/db/replica.ts): the primary. Default DATABASE_SYNC_URL, right
   * when that is the primary; set it when DATABASE_SYNC_URL is a replica.
   */
  DATABASE_PRIMARY_URL: z.string().url().optional(),
  REDIS_URL: z.string().min(1).default("redis://127.0.0.1:6379"),
  /** Prefix for BullMQ keys and rate-limit keys, so tests and several sites can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/i)
    .default("kir"),
  /** Obfuscated, underscore-prefixed admin base path (spec §2). */
  ADMIN_BASE_PATH: z
    .string()
    .regex(/^\/_[a-z0-9_-]{3,}$/i, "ADMIN_BASE_PATH must look like /_something")
    .default("/_kanri-7f3c"),
  PREVIEW_BASE_PATH: z
    .string()
    .regex(/^\/_[a-z0-9_-]{3,}$/i, "PREVIEW_BASE_PATH must look like /_something")
    .default("/_preview-7f3c"),
  APP_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("関西収益物件ナビ <no-reply@example.invalid>"),
  MAIL_OUTBOX_DIR: z.string().default("./data/outbox"),
  STAFF_EMAIL: z.string().email().default("staff@example.invalid"),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET_KEY: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.string().url().default("https://www.google.com/recaptcha/api/siteverify"),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  GOOGLE_MAPS_API_KEY: z.string().optional(),
  /**
   * Base-map tiles of the map search (/investments/map): an XYZ URL template
   * ({z}/{x}/{y}), 地理院タイル (GSI standard map) by default, and the credit
   * the provider asks for (HTML, links allowed). Only the map pages load tiles.
   */
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/, "an http(s) URL template with {z}, {x} and {y}")
    .default("https://cyberjapandata.gsi.go.jp/xyz/std/{z}/{x}/{y}.png"),
  MAP_TILE_ATTRIBUTION: z.string().default('<a href="https://maps.gsi.go.jp/development/ichiran.html" target="_blank" rel="noopener">地理院タイル</a>'),
  /**
   * The national hazard map portal's raster tiles (issue 34): {base}/{layer}/{z}/{x}/{y}.png
   * (src/lib/hazard.ts names the layers). The worker reads them for each listing's flags and
   * the map pages draw them as overlays; tests and the demo point it at the local stand-in
   * (scripts/lib/tile-server.ts). Its origin is added to the CSP's img-src.
   */
  HAZARD_TILE_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+(\/.*)?$/, "an http(s) URL")
    .default("https://disaportaldata.gsi.go.jp/raster"),
  /** One hazard tile read by the worker gives up after this (the job is retried later). */
  HAZARD_TILE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(15),
  ANALYTICS_ID: z.string().optional(),
  CORS_ORIGINS: z.string().default(""),
  /**
   * Reverse proxies in front of the web server whose X-Forwarded-For entries are believed
   * (src/server/request/client-ip.ts): a hop count ("1") or a comma-separated list of addresses /
   * CIDR ranges ("10.0.0.0/8, ::1"). Empty: nobody's; the client is the socket's peer.
   */
  TRUSTED_PROXIES: z
    .string()
    .trim()
    .default("")
    .refine(
      (v) => v === "" || /^\d{1,2}$/.test(v) || v.split(",").every((e) => /^[0-9a-f.:]+(?:\/\d{1,3})?$/i.test(e.trim())),
      "TRUSTED_PROXIES must be a hop count or a list of addresses / CIDR ranges",
    ),
  UPLOAD_DIR: z.string().default("./data/uploads"),
  /**
   * Where photos and other stored files live (src/server/media/storage.ts): "local", files under
   * UPLOAD_DIR (one machine, or a directory every node shares); "database", the bytes in libSQL,
   * so every node of a sqld cluster serves what any node stored.
   */
  MEDIA_STORAGE: z.enum(["local", "database"]).default("local"),
  BACKUP_DIR: z.string().default("./data/backups"),
  /** Nightly backups kept under BACKUP_DIR (older ones are deleted). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(14),
  /** Newsletter SMTP rate limit, mails per second across all workers (0: unlimited). */
  NEWSLETTER_RATE_PER_SECOND: z.coerce.number().min(0).max(10_000).default(10),
  /** Recipients per newsletter batch job. */
  NEWSLETTER_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(200),
  /** A newsletter delivery (and batch job) held by a worker that stopped answering is taken over after this. */
  NEWSLETTER_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** SMTP: bound on opening a connection (TCP connect, greeting, EHLO, login); a refused or silent server fails within it. */
  SMTP_CONNECT_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(15),
  /** SMTP: bound on each wait for the server once connected (a command's reply, the data phase making no progress). */
  SMTP_COMMAND_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(60),
  /** Newsletter: longest pause between attempts to reach an SMTP server that is down (the backoff doubles up to this). */
  SMTP_RETRY_MAX_SECONDS: z.coerce.number().min(0.05).max(600).default(5),
  /** Worker: how often it checks that the repeatable jobs still exist in Redis (they are also checked on every reconnect). */
  SCHEDULES_CHECK_SECONDS: z.coerce.number().min(0.1).max(3600).default(60),
  /** Instant matching mail: new matchings of a member are collected this long into one mail. */
  MATCHING_NOTIFY_DELAY_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  /** Web server processes (src/server/http/main.ts); one renders on one core. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** Visitors' rendered-page cache lifetime (cleared on every admin change anyway); 0 turns it off. */
  PAGE_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Cached lists and counts for visitors and members (cleared on every admin change anyway); 0 turns it off. */
  DATA_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Memory bound of the page cache, per web process. */
  PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /** Procedures one /api/trpc request may batch (400 above); never below what the browser's batch link sends. */
  TRPC_MAX_BATCH: z.coerce.number().int().min(TRPC_CLIENT_MAX_ITEMS).max(1000).default(TRPC_MAX_BATCH_DEFAULT),
  /** Procedures one client address may run through /api/trpc per minute, each call of a batch counted (429 above). */
  TRPC_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(1200),
  /** Inquiries whose auto-reply goes to one (normalised) e-mail address per hour, from any IP (429 above). */
  CONTACT_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(3),
  /**
   * The production server's bounds on one client (src/server/http/web-server.ts, issue 27): a request's
   * headers must arrive within HTTP_HEADERS_TIMEOUT_SECONDS and the whole request within
   * HTTP_REQUEST_TIMEOUT_SECONDS; a body must keep up HTTP_BODY_MIN_BYTES_PER_SECOND (0: off) once
   * HTTP_BODY_GRACE_SECONDS have passed; one client address holds at most
   * HTTP_MAX_CONNECTIONS_PER_CLIENT sockets (peers not in TRUSTED_PROXIES) and
   * HTTP_MAX_REQUESTS_PER_CLIENT requests in flight (behind a trusted proxy, per forwarded address).
   * The socket bound is wider than the request bound: an office behind one NAT address is many
   * browsers holding ~6 keep-alive sockets each, idle most of the time; 1,500 held uploads still are not.
   */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(0.05).max(600).default(20),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(0.05).max(3600).default(120),
  HTTP_BODY_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).max(100_000_000).default(1024),
  HTTP_BODY_GRACE_SECONDS: z.coerce.number().min(0.05).max(600).default(10),
  HTTP_MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(256),
  HTTP_MAX_REQUESTS_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(64),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Demo account passwords used by the seed (scripts/seed.ts). */
  DEMO_ADMIN_PASSWORD: z.string().min(8).optional(),
  DEMO_MEMBER_PASSWORD: z.string().min(6).optional(),
});

export type Env = z.infer<typeof schema> & { APP_URL: string; APP_SECRET: string };

let cached: Env | undefined;

/** Reads a persisted random secret so signed links survive restarts without configuration. */
function localSecret(): string {
  const file = path.resolve("data", ".app-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production" && !e.APP_SECRET && e.APP_URL?.startsWith("https://")) {
    console.warn("[env] APP_SECRET is not set; using a secret generated under data/. Set it when running several web processes.");
  }
  cached = {
    ...e,
    APP_URL: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    APP_SECRET: e.APP_SECRET ?? localSecret(),
  };
  return cached;
}

/** Tests change variables between suites. */
export function resetEnvForTests(): void {
  cached = undefined;
}
