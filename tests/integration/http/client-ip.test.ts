import { afterEach, describe, expect, it } from "vitest";
import { clientIp } from "@/server/api/context";
import { PEER_HEADER, peerHeaderValue } from "@/server/request/client-ip";
import { setTestEnv } from "../../helpers/accounts";

/**
 * Whose address the per-IP limits count (issue 16): the socket's peer unless
 * TRUSTED_PROXIES says the peer is a proxy whose X-Forwarded-For may be read,
 * and then the right-most entry no trusted proxy added.
 */
let restore: (() => void) | undefined;
afterEach(() => restore?.());

function request(peer: string | undefined, forwardedFor?: string, extra: Record<string, string> = {}): Headers {
  const h = new Headers(extra);
  const value = peerHeaderValue(peer);
  if (value) h.set(PEER_HEADER, value);
  if (forwardedFor !== undefined) h.set("x-forwarded-for", forwardedFor);
  return h;
}

describe("clientIp", () => {
  it("without TRUSTED_PROXIES: the socket's peer, whatever X-Forwarded-For says", () => {
    restore = setTestEnv({ TRUSTED_PROXIES: undefined });
    expect(clientIp(request("203.0.113.7", "1.2.3.4"))).toBe("203.0.113.7");
    expect(clientIp(request("::ffff:203.0.113.7", "1.2.3.4, 5.6.7.8"))).toBe("203.0.113.7");
    expect(clientIp(request("2001:db8::1"))).toBe("2001:db8::1");
    // X-Real-IP and a forwarded header alone prove nothing.
    expect(clientIp(request(undefined, "1.2.3.4", { "x-real-ip": "9.9.9.9" }))).toBeNull();
  });

  it("a peer header the client wrote itself is not believed", () => {
    restore = setTestEnv({ TRUSTED_PROXIES: undefined });
    expect(clientIp(new Headers({ [PEER_HEADER]: "1.2.3.4" }))).toBeNull();
    const real = peerHeaderValue("203.0.113.7")!;
    const forged = real.replace("203.0.113.7", "198.51.100.1");
    expect(clientIp(new Headers({ [PEER_HEADER]: forged }))).toBeNull();
    expect(clientIp(new Headers({ [PEER_HEADER]: "not-an-ip " + real.split(" ")[1] }))).toBeNull();
  });

  it("with a hop count: the entry that many proxies back", () => {
    restore = setTestEnv({ TRUSTED_PROXIES: "1" });
    expect(clientIp(request("10.0.0.2", "198.51.100.9"))).toBe("198.51.100.9");
    // The client forged entries in front of what the proxy appended.
    expect(clientIp(request("10.0.0.2", "6.6.6.6, 7.7.7.7, 198.51.100.9"))).toBe("198.51.100.9");
    // Straight to the server, around the proxy: the peer.
    expect(clientIp(request("198.51.100.9"))).toBe("198.51.100.9");
    restore();
    restore = setTestEnv({ TRUSTED_PROXIES: "2" });
    expect(clientIp(request("10.0.0.2", "6.6.6.6, 198.51.100.9, 10.0.0.3"))).toBe("198.51.100.9");
  });

  it("with a CIDR list: the right-most address outside it", () => {
    restore = setTestEnv({ TRUSTED_PROXIES: "10.0.0.0/8, 127.0.0.1, ::1" });
    expect(clientIp(request("10.1.2.3", "6.6.6.6, 198.51.100.9, 10.4.5.6"))).toBe("198.51.100.9");
    expect(clientIp(request("::1", "198.51.100.9"))).toBe("198.51.100.9");
    // An untrusted peer's forwarded header is ignored.
    expect(clientIp(request("203.0.113.7", "198.51.100.9"))).toBe("203.0.113.7");
    // Only trusted hops: the left-most.
    expect(clientIp(request("10.1.2.3", "10.4.5.6"))).toBe("10.4.5.6");
    // Garbage where the client should be: the peer, not the garbage.
    expect(clientIp(request("10.1.2.3", "<script>"))).toBe("10.1.2.3");
  });
});
