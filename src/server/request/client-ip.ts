import { createHmac, timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";
import { env } from "@/server/env";

/**
 * The client's address for per-IP rate limits and logs (issue 16: the
 * left-most X-Forwarded-For entry was believed, so rotating it escaped every
 * limit).
 *
 * The socket's peer is the only address nobody can forge. The production
 * server (main.ts) hands it to the app in PEER_HEADER, signed with APP_SECRET
 * after dropping any copy the client sent, so it can be trusted even where the
 * app runs without that server. X-Forwarded-For is read only when the peer is
 * a trusted proxy (TRUSTED_PROXIES): then the client is the right-most entry
 * not added by a trusted proxy, the only one a trusted proxy wrote itself.
 */
export const PEER_HEADER = "x-kir-peer";

const sign = (address: string) => createHmac("sha256", env().APP_SECRET).update(`peer:${address}`).digest("base64url");

/** "::ffff:1.2.3.4" (an IPv4 client on a dual-stack socket) is 1.2.3.4. */
function normalize(address: string): string {
  const a = address.trim();
  return a.toLowerCase().startsWith("::ffff:") && isIP(a.slice(7)) === 4 ? a.slice(7) : a;
}

/** The value main.ts sets for a socket address. */
export function peerHeaderValue(remoteAddress: string | undefined): string | undefined {
  if (!remoteAddress) return undefined;
  const address = normalize(remoteAddress);
  return `${address} ${sign(address)}`;
}

/** The verified socket address, or null when the header is absent or forged. */
export function verifiedPeer(value: string | null): string | null {
  if (!value) return null;
  const [address = "", mac = ""] = value.split(" ");
  const expected = Buffer.from(sign(address));
  const given = Buffer.from(mac);
  return isIP(address) && given.length === expected.length && timingSafeEqual(given, expected) ? address : null;
}

type Trust = { hops: number } | { list: BlockList } | null;
let trustCache: { source: string; trust: Trust } | undefined;

function trust(): Trust {
  const source = env().TRUSTED_PROXIES;
  if (trustCache?.source === source) return trustCache.trust;
  let parsed: Trust = null;
  if (/^\d+$/.test(source)) parsed = Number(source) > 0 ? { hops: Number(source) } : null;
  else if (source) {
    const list = new BlockList();
    for (const entry of source
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean)) {
      const [address = "", bits] = entry.split("/");
      const type = isIP(address) === 6 ? "ipv6" : "ipv4";
      if (bits === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(bits), type);
    }
    parsed = { list };
  }
  trustCache = { source, trust: parsed };
  return parsed;
}

function trusted(list: BlockList, address: string): boolean {
  const type = isIP(address);
  return type !== 0 && list.check(address, type === 6 ? "ipv6" : "ipv4");
}

/** The client address: see above. Null only when the app runs without the production server (next dev). */
export function clientAddress(headers: Headers): string | null {
  const peer = verifiedPeer(headers.get(PEER_HEADER));
  return peer && clientBehind(peer, headers.get("x-forwarded-for"));
}

/**
 * Whether a socket's peer is a proxy of TRUSTED_PROXIES (with a hop count, every peer is): its
 * connections carry many clients, so the server bounds its requests per client, not its sockets.
 */
export function isTrustedProxy(remoteAddress: string): boolean {
  const t = trust();
  if (!t) return false;
  return "hops" in t || trusted(t.list, normalize(remoteAddress));
}

/** The client of a request that came from socket peer `peer` with this X-Forwarded-For (see clientAddress). */
export function clientBehind(peerAddress: string, forwardedFor: string | null | undefined): string {
  const peer = normalize(peerAddress);
  const t = trust();
  if (!t) return peer;
  const forwarded = (forwardedFor ?? "").split(",").map(normalize).filter(Boolean);
  const chain = [...forwarded, peer];
  let candidate: string | undefined;
  if ("hops" in t) candidate = chain[Math.max(0, chain.length - 1 - t.hops)];
  else {
    let i = chain.length - 1;
    while (i > 0 && trusted(t.list, chain[i] ?? "")) i--;
    candidate = chain[i];
  }
  // A proxy writes addresses; anything else in that place was not written by one.
  return candidate && isIP(candidate) ? candidate : peer;
}
