import { randomBytes } from "node:crypto";
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { negotiateEncoding, withCompression } from "@/server/http/compression";

/**
 * The production server's response compression (src/server/http/compression.ts)
 * on a real HTTP server. The handler writes the way Next does: headers flushed
 * first, then many small chunks, waiting for "drain" whenever a write returns false.
 */

type Route = (res: http.ServerResponse) => Promise<void> | void;
const page = Array.from({ length: 400 }, (_, i) => `<li class="card">物件 ${i} 大阪市北区 利回り ${(i % 9) + 3}.5%</li>`).join("");

async function writeLikeNext(res: http.ServerResponse, chunks: string[], pauseMs = 0) {
  res.flushHeaders();
  for (const chunk of chunks) {
    if (!res.write(chunk)) await once(res, "drain");
    if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
  }
  res.end();
}

const routes: Record<string, Route> = {
  "/page": (res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.setHeader("vary", "rsc");
    res.setHeader("etag", '"abc"');
    return writeLikeNext(res, page.match(/.{1,700}/gsu) ?? []);
  },
  "/small": (res) => {
    res.setHeader("content-type", "application/json");
    res.setHeader("content-length", "11");
    res.end('{"ok":true}');
  },
  "/png": (res) => {
    res.setHeader("content-type", "image/png");
    res.end(Buffer.alloc(4096, 1));
  },
  "/not-modified": (res) => {
    res.writeHead(304, { etag: '"abc"' });
    res.end();
  },
  "/big": (res) => {
    res.setHeader("content-type", "text/plain; charset=utf-8");
    // Incompressible enough to fill the socket and the compressor: backpressure must not stall the response.
    const chunks = Array.from({ length: 200 }, () => randomBytes(48 * 1024).toString("base64"));
    return writeLikeNext(res, chunks);
  },
  "/stream": async (res) => {
    // The second part is written only once the browser has the first (or after a
    // "does not hang" fallback): a compressor that held the first part back would
    // make the browser see it only after the second was written, however busy the machine.
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.flushHeaders();
    res.write("<p>first part" + " ".repeat(2000) + "</p>");
    await Promise.race([stream.firstSeen.promise, new Promise((r) => setTimeout(r, 20_000))]);
    stream.secondWritten = true;
    res.write("<p>second part</p>");
    res.end();
  },
};

let seen = () => {};
const stream = { firstSeen: { promise: new Promise<void>((r) => (seen = r)), resolve: () => seen() }, secondWritten: false };

let base = "";
let server: http.Server;
beforeAll(async () => {
  server = http.createServer(withCompression((req, res) => routes[req.url ?? ""]?.(res)));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  /** The body as the browser sees it (decoded by Content-Encoding). */
  body: string;
  /** Whether the first decoded bytes arrived before the /stream route wrote its second part. */
  firstBeforeSecond: boolean;
}

function get(path: string, acceptEncoding?: string): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = http.get(base + path, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} }, (res) => {
      const enc = res.headers["content-encoding"];
      const decoder = enc === "gzip" ? zlib.createGunzip() : enc === "br" ? zlib.createBrotliDecompress() : undefined;
      const raw: Buffer[] = [];
      const out: Buffer[] = [];
      let firstBeforeSecond: boolean | undefined;
      res.on("data", (c: Buffer) => raw.push(c));
      const decoded = decoder ? res.pipe(decoder) : res;
      decoded.on("data", (c: Buffer) => {
        if (firstBeforeSecond === undefined) {
          firstBeforeSecond = !stream.secondWritten;
          if (path === "/stream") stream.firstSeen.resolve();
        }
        out.push(c);
      });
      decoded.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          raw: Buffer.concat(raw),
          body: Buffer.concat(out).toString("utf8"),
          firstBeforeSecond: firstBeforeSecond ?? false,
        }),
      );
      decoded.on("error", reject);
    });
    req.on("error", reject);
  });
}

describe("response compression", () => {
  it("negotiates brotli, then gzip, honouring q=0", () => {
    const req = (v?: string) => ({ headers: v === undefined ? {} : { "accept-encoding": v } }) as http.IncomingMessage;
    expect(negotiateEncoding(req("gzip, deflate, br"))).toBe("br");
    expect(negotiateEncoding(req("gzip, deflate"))).toBe("gzip");
    expect(negotiateEncoding(req("br;q=0, gzip;q=0.5"))).toBe("gzip");
    expect(negotiateEncoding(req("*"))).toBe("br");
    expect(negotiateEncoding(req("*;q=0"))).toBe("identity");
    expect(negotiateEncoding(req("identity"))).toBe("identity");
    expect(negotiateEncoding(req())).toBe("identity");
  });

  it("gzips a page written in many chunks, and keeps the page intact", async () => {
    const r = await get("/page", "gzip, deflate");
    expect(r.headers["content-encoding"]).toBe("gzip");
    expect(r.headers["content-length"]).toBeUndefined();
    expect(r.headers.vary).toBe("rsc, Accept-Encoding");
    expect(r.headers.etag).toBe('W/"abc"');
    expect(r.body).toBe(page);
    expect(r.raw.length).toBeLessThan(Buffer.byteLength(page) / 5);
  });

  it("answers brotli when the browser offers it", async () => {
    const r = await get("/page", "gzip, deflate, br, zstd");
    expect(r.headers["content-encoding"]).toBe("br");
    expect(r.body).toBe(page);
  });

  it("sends the page as it is to a client that accepts no encoding, still varying on Accept-Encoding", async () => {
    const r = await get("/page");
    expect(r.headers["content-encoding"]).toBeUndefined();
    expect(r.headers.vary).toBe("rsc, Accept-Encoding");
    expect(r.headers.etag).toBe('"abc"');
    expect(r.raw.toString("utf8")).toBe(page);
  });

  it("leaves small bodies, images and 304s alone", async () => {
    const small = await get("/small", "gzip");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.headers["content-length"]).toBe("11");
    expect(small.body).toBe('{"ok":true}');

    const png = await get("/png", "gzip");
    expect(png.headers["content-encoding"]).toBeUndefined();
    expect(png.raw.length).toBe(4096);

    const notModified = await get("/not-modified", "gzip");
    expect(notModified.status).toBe(304);
    expect(notModified.headers["content-encoding"]).toBeUndefined();
  });

  it("completes a large response under backpressure", async () => {
    const r = await get("/big", "gzip");
    expect(r.headers["content-encoding"]).toBe("gzip");
    expect(r.body.length).toBeGreaterThan(10_000_000);
  });

  it("still streams: a part written early reaches the browser before the handler finishes", async () => {
    const r = await get("/stream", "gzip");
    expect(r.body).toContain("second part");
    expect(r.firstBeforeSecond).toBe(true);
  });
});
