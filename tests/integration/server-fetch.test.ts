import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverFetch } from "@/server/db/remote";

/**
 * The fetch of every libSQL server request over plain http (src/server/db/remote.ts): kept-alive
 * sockets, no compression, and a request that meets a kept-alive socket the server has just closed
 * goes once more on a new one. A real HTTP server stands in for sqld.
 */
let server: http.Server;
let base: string;
const seen: { socket: number; n: number; path: string | undefined; encoding: string | undefined; host: string | undefined; body: string }[] = [];

beforeAll(async () => {
  let sockets = 0;
  server = http.createServer({ keepAlive: true }, (req, res) => {
    const id = ((req.socket as { kirId?: number }).kirId ??= ++sockets);
    const n = ((req.socket as { kirN?: number }).kirN = ((req.socket as { kirN?: number }).kirN ?? 0) + 1);
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      seen.push({ socket: id, n, path: req.url, encoding: req.headers["accept-encoding"], host: req.headers.host, body });
      // /drop on a reused socket: the server closing a kept-alive socket just as the client reuses it
      if (req.url === "/drop" && n > 1) return req.socket.destroy();
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ ok: true, socket: id, n }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("serverFetch over plain http", () => {
  it("asks for no compression, keeps the socket, sends the body", async () => {
    seen.length = 0;
    const a = await serverFetch(`${base}/v2/pipeline`, { method: "POST", body: '{"requests":[]}' });
    const b = await serverFetch(`${base}/v2/pipeline`, { method: "POST", body: '{"requests":[1]}' });
    expect(await a.json()).toMatchObject({ ok: true });
    expect(await b.json()).toMatchObject({ ok: true });
    expect(seen.map((s) => s.encoding)).toEqual(["identity", "identity"]);
    expect(seen.map((s) => s.body)).toEqual(['{"requests":[]}', '{"requests":[1]}']);
    expect(seen[1]!.socket).toBe(seen[0]!.socket); // kept alive
  });

  it("a namespace host (x.localhost) goes to 127.0.0.1 with its Host", async () => {
    seen.length = 0;
    const port = (server.address() as AddressInfo).port;
    const res = await serverFetch(`http://tenant-a.localhost:${port}/health`);
    expect(res.status).toBe(200);
    expect(seen[0]!.host).toBe(`tenant-a.localhost:${port}`);
  });

  it("a kept-alive socket closed under the request: sent once more on a new socket, answered", async () => {
    seen.length = 0;
    const first = (await (await serverFetch(`${base}/one`)).json()) as { socket: number };
    const second = (await (await serverFetch(`${base}/drop`)).json()) as { socket: number; n: number };
    expect(second.socket).not.toBe(first.socket);
    expect(second.n).toBe(1);
    // the dropped attempt reached the server on the kept socket, then the new socket answered
    expect(seen.filter((s) => s.path === "/drop").map((s) => s.socket)).toEqual([first.socket, second.socket]);
  });

  it("a server that is away fails with the error the availability check knows", async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    await expect(serverFetch(`http://127.0.0.1:${port}/health`)).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });
});
