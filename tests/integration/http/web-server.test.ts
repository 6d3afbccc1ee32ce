import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { withRequestGuards } from "@/server/http/request-guards";
import { withSecurityHeaders } from "@/server/http/security-headers";
import { createWebServer, TOO_MANY_CONNECTIONS_MESSAGE } from "@/server/http/web-server";
import { setTestEnv } from "../../helpers/accounts";

/**
 * Issue 27 items 6 and 7: the production server's front (createWebServer + request guards +
 * security headers, as main.ts builds it) around a stand-in for Next, on a real port, spoken to
 * over raw TCP sockets.
 */

/** Next's part: redirects a trailing slash as Next does (from the request's URL), reads bodies, holds /hold. */
const held: ServerResponse[] = [];
function nextStandIn(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
  if (url.pathname.length > 1 && url.pathname.endsWith("/")) {
    res.writeHead(308, { location: new URL(url.pathname.slice(0, -1) + url.search, url).href });
    res.end();
    return;
  }
  if (url.pathname === "/hold") {
    held.push(res);
    return;
  }
  let bytes = 0;
  req.on("data", (c: Buffer) => (bytes += c.length));
  req.on("end", () => res.end(`ok ${url.pathname} ${bytes}`));
}

let server: Server | undefined;
let restore: (() => void) | undefined;
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  for (const r of held.splice(0)) r.end();
  if (server) await new Promise((r) => server!.close(r));
  server?.closeAllConnections();
  server = undefined;
  restore?.();
});

async function start(vars: Record<string, string | undefined>): Promise<number> {
  restore = setTestEnv({ APP_URL: "http://localhost:3000", TRUSTED_PROXIES: undefined, ...vars });
  server = createWebServer(withSecurityHeaders(withRequestGuards(nextStandIn)));
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return (server.address() as AddressInfo).port;
}

type Raw = { socket: net.Socket; text: () => string; closed: Promise<string> };

/** A TCP connection from `from` that writes `data` (if any); `closed` resolves with all it read once the server closes it. */
async function connect(port: number, data: string | null, from = "127.0.0.1"): Promise<Raw> {
  const socket = net.connect({ port, host: "127.0.0.1", localAddress: from });
  sockets.push(socket);
  let text = "";
  socket.on("data", (c: Buffer) => (text += c.toString("utf8")));
  socket.on("error", () => undefined);
  const closed = new Promise<string>((r) => socket.once("close", () => r(text)));
  await new Promise<void>((r) => socket.once("connect", r));
  if (data !== null) socket.write(data);
  return { socket, text: () => text, closed };
}

/** A whole response read until the server closes the connection (Connection: close). */
async function fetchRaw(port: number, requestLine: string, headers: string[] = [], from?: string): Promise<string> {
  return (await connect(port, `${requestLine}\r\n${["host: localhost:3000", "connection: close", ...headers].join("\r\n")}\r\n\r\n`, from)).closed;
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
};
const status = (response: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0);
const location = (response: string) => /\r\nlocation: ([^\r]*)/i.exec(response)?.[1];

describe("absolute-form request targets (item 6)", () => {
  it("another host is a 400, never a redirect there", async () => {
    const port = await start({});
    for (const target of [
      "http://evil.example/investments/",
      "https://evil.example/",
      "http://localhost:3000@evil.example/x/",
      "http://user:pw@localhost:3000/x/",
      "*",
    ]) {
      const r = await fetchRaw(port, `GET ${target} HTTP/1.1`, ["host: evil.example"], "127.0.0.1");
      expect(status(r), target).toBe(400);
      expect(r).not.toMatch(/\r\nlocation:/i);
      expect(r).toContain("URLが正しくありません。");
    }
    // An authority form outside CONNECT: Node's parser refuses it itself.
    const authority = await fetchRaw(port, "GET evil.example:443 HTTP/1.1");
    expect(status(authority)).toBe(400);
    expect(authority).not.toMatch(/\r\nlocation:/i);
  });

  it("our own origin in absolute form is served as its path, and redirects stay on our origin", async () => {
    const port = await start({});
    const r = await fetchRaw(port, "GET http://localhost:3000/investments/?page=2 HTTP/1.1", ["host: evil.example"]);
    expect(status(r)).toBe(308);
    expect(location(r)).toBe("http://localhost:3000/investments?page=2");
    const ok = await fetchRaw(port, "GET http://localhost:3000/blog HTTP/1.1");
    expect(status(ok)).toBe(200);
    expect(ok).toContain("ok /blog");
  });
});

describe("connections per client (item 7)", () => {
  it("the (N+1)th concurrent connection from one address is refused; another address is still served", async () => {
    const port = await start({ HTTP_MAX_CONNECTIONS_PER_CLIENT: "3" });
    for (let i = 0; i < 3; i++) await connect(port, "GET /hold HTTP/1.1\r\nhost: localhost:3000\r\n\r\n", "127.0.0.1");
    await until(() => held.length === 3);

    const refused = await fetchRaw(port, "GET /blog HTTP/1.1", [], "127.0.0.1");
    expect(status(refused)).toBe(429);
    expect(refused).toContain(TOO_MANY_CONNECTIONS_MESSAGE);
    expect(refused).not.toContain("ok /blog");

    const other = await fetchRaw(port, "GET /blog HTTP/1.1", [], "127.0.0.2");
    expect(status(other)).toBe(200);
    expect(other).toContain("ok /blog");

    // A held connection released frees its place.
    held.shift()!.end("done");
    sockets[0]!.destroy();
    let again = "";
    while (status(again) !== 200) again = await fetchRaw(port, "GET /blog HTTP/1.1", [], "127.0.0.1");
    expect(again).toContain("ok /blog");
  });

  it("behind a trusted proxy, sockets of the proxy are not capped but requests in flight per forwarded client are", async () => {
    const port = await start({ TRUSTED_PROXIES: "127.0.0.1", HTTP_MAX_CONNECTIONS_PER_CLIENT: "2", HTTP_MAX_REQUESTS_PER_CLIENT: "2" });
    for (const client of ["203.0.113.7", "203.0.113.7", "203.0.113.8"]) {
      await connect(port, `GET /hold HTTP/1.1\r\nhost: localhost:3000\r\nx-forwarded-for: ${client}\r\n\r\n`);
    }
    await until(() => held.length === 3);

    const refused = await fetchRaw(port, "GET /blog HTTP/1.1", ["x-forwarded-for: 203.0.113.7"]);
    expect(status(refused)).toBe(429);
    expect(refused).toContain(TOO_MANY_CONNECTIONS_MESSAGE);
    // A forged entry in front of the proxy's own changes nothing.
    expect(status(await fetchRaw(port, "GET /blog HTTP/1.1", ["x-forwarded-for: 198.51.100.1, 203.0.113.7"]))).toBe(429);

    const other = await fetchRaw(port, "GET /blog HTTP/1.1", ["x-forwarded-for: 203.0.113.9"]);
    expect(status(other)).toBe(200);
  });
});

describe("slow requests (item 7)", () => {
  it("a body trickling slower than the minimum rate is cut off; the same body sent promptly is read", async () => {
    const port = await start({ HTTP_BODY_MIN_BYTES_PER_SECOND: "1000", HTTP_BODY_GRACE_SECONDS: "0.3" });
    const size = 20_000;
    const head = `POST /upload HTTP/1.1\r\nhost: localhost:3000\r\ncontent-type: application/octet-stream\r\ncontent-length: ${size}\r\nconnection: close\r\n\r\n`;

    const fast = await connect(port, head + "x".repeat(size));
    expect(await fast.closed).toContain(`ok /upload ${size}`);

    const slow = await connect(port, head);
    const drip = setInterval(() => slow.socket.writable && slow.socket.write("x".repeat(5)), 50);
    try {
      const answer = await slow.closed; // the test's timeout is the "does not hang" bound
      expect(answer).not.toContain("ok /upload");
    } finally {
      clearInterval(drip);
    }
  });

  it("headers trickling past the headers timeout are answered 408 and the connection closed", async () => {
    const port = await start({ HTTP_HEADERS_TIMEOUT_SECONDS: "0.3" });
    const slow = await connect(port, "GET /blog HTTP/1.1\r\nhost: localhost:3000\r\n");
    let n = 0;
    const drip = setInterval(() => slow.socket.writable && slow.socket.write(`x-h${n++}: 1\r\n`), 50);
    try {
      const answer = await slow.closed;
      expect(answer).not.toContain("ok /blog");
      expect(status(answer)).toBe(408);
    } finally {
      clearInterval(drip);
    }
  });
});
