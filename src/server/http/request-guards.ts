import type { IncomingMessage, ServerResponse } from "node:http";
import { PEER_HEADER, peerHeaderValue } from "./client-ip";

/**
 * What the production server settles before Next routes a request, in one
 * place (issue 16):
 * - the socket's address reaches the app in PEER_HEADER, signed, any copy the
 *   client sent removed (client-ip.ts).
 */

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

export function withRequestGuards(handler: Handler): Handler {
  return (req, res) => {
    delete req.headers[PEER_HEADER];
    const peer = peerHeaderValue(req.socket.remoteAddress);
    if (peer) req.headers[PEER_HEADER] = peer;
    return handler(req, res);
  };
}
