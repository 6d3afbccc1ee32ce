/**
 * The production web server: `npm start` (`tsx src/server/http/main.ts [-p 3000] [-H 0.0.0.0]`).
 *
 * Next's own request handler behind what `next start` cannot do:
 * - security headers and the per-request CSP nonce (security-headers.ts);
 * - checks before routing: undecodable paths, absolute-form targets, JSON body
 *   size, the socket's address for the app (request-guards.ts);
 * - bounds per client: header and request timeouts, a minimum body rate,
 *   sockets and requests in flight per client address (web-server.ts);
 * - WEB_CONCURRENCY processes (node:cluster) sharing the port, because one
 *   Node process renders on one core;
 * - response compression without a flush per chunk (compression.ts), and the
 *   build's scripts and stylesheets from twins compressed at build time
 *   (precompressed-static.ts);
 * - content pages without Next's scripts when nothing on them needs React
 *   (static-pages.ts, issue 21);
 * - health endpoints for a load balancer, and 503 in Japanese while the
 *   database server is away (health.ts);
 * - the visitors' page cache (page-cache.ts) and, through the same
 *   subscription, the lists-and-counts cache (src/server/investments/cached.ts),
 *   both cleared across processes over Redis pub/sub (cache/invalidation.ts).
 * Requires a production build (`next build`).
 */
import cluster from "node:cluster";
import path from "node:path";
import { parseArgs } from "node:util";

// Before Next is loaded: it reads both at import time.
const processEnv = process.env as Record<string, string | undefined>;
processEnv.NODE_ENV ??= "production";
processEnv.NEXT_TELEMETRY_DISABLED ??= "1";

const { values } = parseArgs({
  options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
  allowPositionals: true,
});

const { env } = await import("@/server/env");
const { logger } = await import("@/server/logger");
const config = env();
const port = Number(values.port ?? config.PORT);
const hostname = values.hostname ?? "0.0.0.0";
// A node of several with photos in its own directory: said once, at start.
if (cluster.isPrimary) (await import("@/server/media")).warnIfLocalMediaOnSharedDatabase();

if (cluster.isPrimary && config.WEB_CONCURRENCY > 1) {
  let stopping = false;
  // A larger young generation for the renders (young-generation.ts); a single process takes it from
  // NODE_OPTIONS, and a flag already given stands.
  const { YOUNG_GENERATION_FLAG, hasYoungGenerationFlag } = await import("./young-generation");
  if (!hasYoungGenerationFlag(process.execArgv, process.env.NODE_OPTIONS)) cluster.setupPrimary({ execArgv: [...process.execArgv, YOUNG_GENERATION_FLAG] });
  for (let i = 0; i < config.WEB_CONCURRENCY; i++) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    logger.error("web.process_exited", { pid: worker.process.pid, code, signal });
    cluster.fork(); // keep the configured number serving
  });
  const stop = () => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
    setTimeout(() => process.exit(0), 5000).unref();
    cluster.on("exit", () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  logger.info("web.primary", { processes: config.WEB_CONCURRENCY, port });
} else {
  const { default: next } = await import("next");
  const { PageCache, withPageCache } = await import("./page-cache");
  const { withCompression } = await import("./compression");
  const { withPrecompressedStatic } = await import("./precompressed-static");
  const { withRequestGuards } = await import("./request-guards");
  const { withSecurityHeaders } = await import("./security-headers");
  const { createWebServer } = await import("./web-server");
  const { subscribePublicChanges } = await import("@/server/cache/invalidation");
  const { loadClientModuleIndex, withStaticPages } = await import("./static-pages");
  const { withDatabaseGuard, withHealth } = await import("./health");

  const app = next({ dev: false, dir: process.cwd(), hostname, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const clientModules = loadClientModuleIndex(path.join(process.cwd(), ".next", "server", "app"));

  // The subscription also makes the lists-and-counts cache inside Next's bundle live (public-content.ts).
  // Always on, caches or not: the medians' candidates (listings/economics.ts) are recomputed on its
  // announcements rather than on every request, and a replica node reads its primary after one.
  const subscription = subscribePublicChanges(() => cache.clear());
  const cache = new PageCache({
    ttlMs: config.PAGE_CACHE_TTL_SECONDS * 1000,
    maxBytes: config.PAGE_CACHE_MAX_MB * 1024 * 1024,
    // Without a live subscription an edit could go unnoticed: no caching then.
    enabled: () => subscription.live,
  });

  const server = createWebServer(
    withHealth(
      withSecurityHeaders(
        withRequestGuards(
          withPageCache(
            cache,
            withCompression(
              withPrecompressedStatic(
                path.join(process.cwd(), ".next", "static"),
                withDatabaseGuard(
                  withStaticPages(clientModules, (req, res) => handle(req, res)),
                  { replica: Boolean(config.DATABASE_SYNC_URL) },
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
  server.listen(port, hostname, () =>
    logger.info("web.ready", {
      url: `http://${hostname}:${port}`,
      pid: process.pid,
      pageCache: config.PAGE_CACHE_TTL_SECONDS > 0,
      dataCache: config.DATA_CACHE_TTL_SECONDS > 0,
    }),
  );

  const stop = () => {
    server.close();
    server.closeIdleConnections();
    void subscription.close();
    setTimeout(() => process.exit(0), 3000).unref();
    server.on("close", () => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
