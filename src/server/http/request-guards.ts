import type { IncomingMessage, ServerResponse } from "node:http";
import { env } from "@/server/env";
import { PEER_HEADER, peerHeaderValue, verifiedPeer } from "@/server/request/client-ip";

/**
 * What the production server settles before Next routes a request, in one
 * place (issue 16):
 * - a request target in absolute form is our own origin's path or a 400
 *   (originFormTarget, issue 27);
 * - a path that does not percent-decode (`/investments/%`, `/api/x/%ZZ`,
 *   invalid UTF-8) is a 400 here, instead of a 500 from whichever route's
 *   decoding met it first;
 * - request bodies of the JSON API (tRPC, REST) are capped at
 *   MAX_JSON_BODY_BYTES from Content-Length, answered 413 before the body is
 *   read (what follows is discarded for up to 2 s, then the connection closed); a
 *   body without a length there is refused (411), so no
 *   stream can exceed the cap unseen. Uploads keep their own larger cap
 *   (src/server/routes/admin-upload.ts);
 * - the socket's address reaches the app in PEER_HEADER, signed, any copy the
 *   client sent removed (client-ip.ts);
 * - nothing in a response names the internal folders the proxy rewrites the
 *   admin and preview base paths to (src/proxy.ts): Next's rewrite headers
 *   are dropped, a redirect into an internal folder is sent under its public
 *   base path, and a flight (RSC) request under the preview base path gets
 *   the site's ordinary 404, as under any unknown path (Next would answer it
 *   with a redirect, telling the path exists). The preview pages' own links
 *   then load as full pages.
 */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
/** Upload endpoints, which check their own (larger) limit. */
const UPLOADS = /^\/api\/admin\/(?:images|cms-images)(?:\/|$)/;
const CAPPED = /^\/(?:api|sanctum)(?:\/|$)/;

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** A path no route answers: Next renders the ordinary 404 for it. */
const NOT_FOUND_PATH = "/__not-found__";
const INTERNAL_FOLDERS = [
  { internal: "/admin-area", base: () => env().ADMIN_BASE_PATH },
  { internal: "/preview-area", base: () => env().PREVIEW_BASE_PATH },
];
const REWRITE_HEADERS = /^x-(?:middleware-|nextjs-rewritten-)/i;

function under(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(base + "/");
}

/** Drops the rewrite headers and maps redirects into an internal folder back to the public base path. */
function hideInternals(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    for (const name of res.getHeaderNames()) if (REWRITE_HEADERS.test(name)) res.removeHeader(name);
    const location = res.getHeader("location");
    if (typeof location === "string") {
      for (const f of INTERNAL_FOLDERS) {
        if (location === f.internal || location.startsWith(f.internal + "/") || location.startsWith(f.internal + "?")) {
          res.setHeader("location", f.base() + location.slice(f.internal.length));
        }
      }
    }
    return writeHead(...args);
  }) as ServerResponse["writeHead"];
}

/**
 * After refusing a body, keep discarding what the client is still sending (nothing is kept or
 * parsed) for at most LINGER_MS, then close the connection: closing at once (Connection: close)
 * resets it under a client still writing, and many clients then never read the answer.
 */
const LINGER_MS = 2000;

function lingerThenClose(req: IncomingMessage): void {
  if (req.complete) return;
  const timer = setTimeout(() => req.socket.destroy(), LINGER_MS);
  timer.unref();
  req.on("end", () => clearTimeout(timer));
  req.resume();
}

function reply(req: IncomingMessage, res: ServerResponse, status: number, pathname: string, message: string): void {
  const api = CAPPED.test(pathname);
  const body = api ? JSON.stringify({ message }) : message;
  res.writeHead(status, {
    "content-type": api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
  });
  res.end(body);
  lingerThenClose(req);
}

function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * A request target in absolute form (`GET http://evil.example/x HTTP/1.1`, RFC 9112 §3.2.2) names
 * its own host, and Next builds redirects from it (issue 27: a redirect to that host). Ours is
 * taken as its path; any other host, an authority form (CONNECT) or `*` beyond OPTIONS is a 400.
 * Returns the origin-form target, or null to refuse.
 */
export function originFormTarget(target: string, method: string | undefined): string | null {
  if (target.startsWith("/")) return target;
  if (target === "*") return method === "OPTIONS" ? target : null;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  return url.origin === new URL(env().APP_URL).origin && !url.username && !url.password ? url.pathname + url.search : null;
}

export function withRequestGuards(handler: Handler): Handler {
  return (req, res) => {
    const target = originFormTarget(req.url ?? "/", req.method);
    if (target === null) return reply(req, res, 400, "/", "URLが正しくありません。");
    // An absolute target of our own origin: its authority is the host (RFC 9112 §3.2.2), already ours.
    if (target !== req.url && target !== "*") req.headers.host = new URL(env().APP_URL).host;
    req.url = target;
    const url = target;
    const q = url.indexOf("?");
    const pathname = q === -1 ? url : url.slice(0, q);
    if (!decodes(pathname)) return reply(req, res, 400, pathname, "URLが正しくありません。");

    if (CAPPED.test(pathname) && !UPLOADS.test(pathname) && req.method !== "GET" && req.method !== "HEAD" && req.method !== "OPTIONS") {
      const length = req.headers["content-length"];
      if (length === undefined && req.headers["transfer-encoding"] !== undefined) {
        return reply(req, res, 411, pathname, "リクエストの長さ（Content-Length）を指定してください。");
      }
      if (Number(length ?? 0) > MAX_JSON_BODY_BYTES) {
        return reply(req, res, 413, pathname, `送信データが大きすぎます（上限 ${MAX_JSON_BODY_BYTES / 1024 / 1024}MB）。`);
      }
    }

    if (req.headers.rsc !== undefined && under(pathname, env().PREVIEW_BASE_PATH)) req.url = NOT_FOUND_PATH;
    hideInternals(res);

    // A validly signed address comes from this server itself: Next performing a rewrite as an HTTP
    // request to itself (src/proxy.ts). Anything else is replaced by the socket's peer.
    const forwarded = req.headers[PEER_HEADER];
    if (typeof forwarded !== "string" || verifiedPeer(forwarded) === null) {
      delete req.headers[PEER_HEADER];
      const peer = peerHeaderValue(req.socket.remoteAddress);
      if (peer) req.headers[PEER_HEADER] = peer;
    }
    return handler(req, res);
  };
}
