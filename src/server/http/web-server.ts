import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { clientBehind, isTrustedProxy, PEER_HEADER, verifiedPeer } from "@/server/request/client-ip";

/**
 * The production server's HTTP server with bounds per client (issue 27: one client held 1,500 slow
 * uploads open for up to 300 s). Values from env (HTTP_*):
 * - headers within HTTP_HEADERS_TIMEOUT_SECONDS and the whole request within
 *   HTTP_REQUEST_TIMEOUT_SECONDS (Node answers 408 and closes);
 * - a body slower than HTTP_BODY_MIN_BYTES_PER_SECOND once HTTP_BODY_GRACE_SECONDS have passed is
 *   cut off (the connection is closed: nothing can be answered to a request the app is reading);
 * - at most HTTP_MAX_CONNECTIONS_PER_CLIENT open sockets per peer address, unless the peer is a
 *   trusted proxy (TRUSTED_PROXIES), whose sockets carry everyone: an excess socket gets a 429 and
 *   is closed before any request is read;
 * - at most HTTP_MAX_REQUESTS_PER_CLIENT requests in flight per client address (the forwarded one
 *   behind a trusted proxy): an excess request gets a 429 and its connection is closed.
 * Counts are per web process (each of WEB_CONCURRENCY holds its own sockets).
 */
type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

export const TOO_MANY_CONNECTIONS_MESSAGE = "同時に接続できる数の上限に達しました。しばらくしてから再度お試しください。";

/** Sockets refused at connection: whatever request they still carry is not handed to the app. */
const refused = new WeakSet<Socket>();

function refuseSocket(socket: Socket): void {
  refused.add(socket);
  const body = Buffer.from(TOO_MANY_CONNECTIONS_MESSAGE);
  socket.end(
    `HTTP/1.1 429 Too Many Requests\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${body.length}\r\nretry-after: 5\r\ncache-control: no-store\r\nconnection: close\r\n\r\n${body.toString()}`,
  );
  // What the client still sends is not read; the socket goes when it has flushed, or in a second at most.
  setTimeout(() => socket.destroy(), 1000).unref();
}

function refuseRequest(req: IncomingMessage, res: ServerResponse): void {
  const body = Buffer.from(TOO_MANY_CONNECTIONS_MESSAGE);
  res.writeHead(429, {
    "content-type": "text/plain; charset=utf-8",
    "content-length": body.length,
    "retry-after": "5",
    "cache-control": "no-store",
    connection: "close",
  });
  res.end(body);
  // A body still coming is discarded, unread, for a moment (closing under a writing client resets it before it reads the answer).
  if (!req.complete) {
    req.resume();
    setTimeout(() => req.socket.destroy(), 1000).unref();
  }
}

function count(map: Map<string, number>, key: string, delta: number): number {
  const n = (map.get(key) ?? 0) + delta;
  if (n <= 0) map.delete(key);
  else map.set(key, n);
  return n;
}

const hasBody = (req: IncomingMessage) => req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;

/** Closes the connection of a request whose body arrives slower than `minRate` bytes a second after `graceMs`. */
function watchBodyRate(req: IncomingMessage, res: ServerResponse, minRate: number, graceMs: number): void {
  const socket = req.socket;
  const start = Date.now();
  const startBytes = socket.bytesRead;
  const timer = setInterval(
    () => {
      if (req.complete || socket.destroyed) return stop();
      // Bytes the app has not read yet: the pace is the app's, not the client's.
      if (req.readableLength > 0) return;
      const elapsedMs = Date.now() - start;
      if (elapsedMs < graceMs) return;
      const received = socket.bytesRead - startBytes;
      if (received < (minRate * elapsedMs) / 1000) {
        stop();
        logger.warn("http.slow_body", { url: req.url, received, seconds: Math.round(elapsedMs / 100) / 10 });
        socket.destroy();
      }
    },
    Math.min(1000, Math.max(20, graceMs / 4)),
  );
  timer.unref();
  const stop = () => clearInterval(timer);
  req.once("end", stop);
  res.once("close", stop);
}

/** An HTTP server for `handler` with the bounds above; listen() is the caller's. */
export function createWebServer(handler: Handler): http.Server {
  const c = env();
  const requestTimeout = c.HTTP_REQUEST_TIMEOUT_SECONDS * 1000;
  const headersTimeout = Math.min(c.HTTP_HEADERS_TIMEOUT_SECONDS * 1000, requestTimeout);
  const sockets = new Map<string, number>();
  const inFlight = new Map<string, number>();

  const server = http.createServer(
    {
      headersTimeout,
      requestTimeout,
      // Node checks both timeouts on this interval (30 s by default, longer than a short bound).
      connectionsCheckingInterval: Math.min(30_000, Math.max(20, headersTimeout / 4)),
    },
    (req, res) => {
      if (refused.has(req.socket)) {
        req.socket.destroy();
        return;
      }
      const peer = req.socket.remoteAddress;
      // Our own requests to ourselves (Next performing a rewrite) carry our signed address: the outer request already counts.
      const internal = typeof req.headers[PEER_HEADER] === "string" && verifiedPeer(req.headers[PEER_HEADER]) !== null;
      if (peer && !internal) {
        const forwarded = req.headers["x-forwarded-for"];
        const client = clientBehind(peer, Array.isArray(forwarded) ? forwarded.join(",") : forwarded);
        if (count(inFlight, client, 1) > c.HTTP_MAX_REQUESTS_PER_CLIENT) {
          count(inFlight, client, -1);
          logger.warn("http.too_many_requests", { client });
          return refuseRequest(req, res);
        }
        res.once("close", () => count(inFlight, client, -1));
      }
      if (c.HTTP_BODY_MIN_BYTES_PER_SECOND > 0 && hasBody(req)) watchBodyRate(req, res, c.HTTP_BODY_MIN_BYTES_PER_SECOND, c.HTTP_BODY_GRACE_SECONDS * 1000);
      return handler(req, res);
    },
  );

  server.on("connection", (socket: Socket) => {
    const peer = socket.remoteAddress;
    if (!peer || isTrustedProxy(peer)) return;
    const key = clientBehind(peer, null);
    if (count(sockets, key, 1) > c.HTTP_MAX_CONNECTIONS_PER_CLIENT) {
      count(sockets, key, -1);
      logger.warn("http.too_many_connections", { client: key });
      return refuseSocket(socket);
    }
    socket.once("close", () => count(sockets, key, -1));
  });
  return server;
}
