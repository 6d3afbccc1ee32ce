import type { IncomingMessage, ServerResponse } from "node:http";
import { PEER_HEADER, peerHeaderValue } from "./client-ip";

/**
 * What the production server settles before Next routes a request, in one
 * place (issue 16):
 * - a path that does not percent-decode (`/investments/%`, `/api/x/%ZZ`,
 *   invalid UTF-8) is a 400 here, instead of a 500 from whichever route's
 *   decoding met it first;
 * - the socket's address reaches the app in PEER_HEADER, signed, any copy the
 *   client sent removed (client-ip.ts).
 */
/** JSON API paths: refusals there are answered in JSON. */
const CAPPED = /^\/(?:api|sanctum)(?:\/|$)/;

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

function reply(res: ServerResponse, status: number, pathname: string, message: string): void {
  const api = CAPPED.test(pathname);
  const body = api ? JSON.stringify({ message }) : message;
  res.writeHead(status, {
    "content-type": api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
  });
  res.end(body);
}

function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export function withRequestGuards(handler: Handler): Handler {
  return (req, res) => {
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const pathname = q === -1 ? url : url.slice(0, q);
    if (!decodes(pathname)) return reply(res, 400, pathname, "URLが正しくありません。");

    delete req.headers[PEER_HEADER];
    const peer = peerHeaderValue(req.socket.remoteAddress);
    if (peer) req.headers[PEER_HEADER] = peer;
    return handler(req, res);
  };
}
