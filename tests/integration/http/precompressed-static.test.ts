import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withPrecompressedStatic } from "@/server/http/precompressed-static";
import { precompressStatic } from "../../../scripts/precompress-static";

/**
 * The build's scripts and stylesheets served from twins compressed at build
 * time (scripts/precompress-static.ts → src/server/http/precompressed-static.ts),
 * on a real HTTP server over a real folder. Anything it does not serve goes on
 * to the next handler (Next in production), which here answers 404 "next".
 */

const dir = mkdtempSync(path.join(os.tmpdir(), "kir-precompressed-"));
const staticDir = path.join(dir, "static");
// A real script of the size of a page's largest chunk: compression ratios depend on the text.
const script = readFileSync(path.join(process.cwd(), "node_modules/react-dom/cjs/react-dom-client.production.js"), "utf8");
let base = "";
let server: http.Server;
const fellThrough: string[] = [];

beforeAll(async () => {
  mkdirSync(path.join(staticDir, "chunks"), { recursive: true });
  mkdirSync(path.join(staticDir, "media"), { recursive: true });
  writeFileSync(path.join(staticDir, "chunks", "app.js"), script);
  writeFileSync(path.join(staticDir, "chunks", "site.css"), `.a{color:red}\n`.repeat(400));
  writeFileSync(path.join(staticDir, "chunks", "tiny.js"), "1");
  writeFileSync(path.join(staticDir, "media", "font.woff2"), Buffer.alloc(4096, 7));
  // A stale twin from an earlier build, whose original is gone.
  writeFileSync(path.join(staticDir, "chunks", "old.js.br"), "stale");
  // Outside the static folder: must never be served, whatever the path says.
  writeFileSync(path.join(dir, "secret.js"), script);
  writeFileSync(path.join(dir, "secret.js.br"), zlib.brotliCompressSync(script));

  await precompressStatic(staticDir);

  server = http.createServer(
    withPrecompressedStatic(staticDir, (req, res) => {
      fellThrough.push(req.url ?? "");
      res.statusCode = 404;
      res.end("next");
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** A raw request: fetch would decode the body and hide the encoding. */
function get(
  pathname: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(base + pathname, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("precompressStatic (the build step)", () => {
  it("writes brotli and gzip twins of text files that decode to the original, and nothing for tiny or binary files", () => {
    const js = path.join(staticDir, "chunks", "app.js");
    expect(zlib.brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    // Quality 11: well under what the per-request compressor (quality 3) would give.
    expect(readFileSync(`${js}.br`).length).toBeLessThan(zlib.brotliCompressSync(script, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } }).length);
    expect(existsSync(path.join(staticDir, "chunks", "site.css.br"))).toBe(true);
    expect(existsSync(path.join(staticDir, "chunks", "tiny.js.br"))).toBe(false);
    expect(existsSync(path.join(staticDir, "media", "font.woff2.br"))).toBe(false);
    expect(existsSync(path.join(staticDir, "chunks", "old.js.br"))).toBe(false);
  });
});

describe("withPrecompressedStatic", () => {
  it("answers a browser that takes brotli with the brotli twin, cacheable for a year", async () => {
    const r = await get("/_next/static/chunks/app.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(r.status).toBe(200);
    expect(r.headers["content-encoding"]).toBe("br");
    expect(r.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
    expect(r.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(r.headers.vary).toBe("Accept-Encoding");
    expect(Number(r.headers["content-length"])).toBe(r.body.length);
    expect(zlib.brotliDecompressSync(r.body).toString()).toBe(script);
  });

  it("answers gzip when brotli is not offered (or refused with q=0), and stylesheets as text/css", async () => {
    for (const ae of ["gzip", "br;q=0, gzip"]) {
      const r = await get("/_next/static/chunks/app.js?dpl=abc", { "accept-encoding": ae });
      expect(r.headers["content-encoding"]).toBe("gzip");
      expect(zlib.gunzipSync(r.body).toString()).toBe(script);
    }
    const css = await get("/_next/static/chunks/site.css", { "accept-encoding": "br" });
    expect(css.headers["content-type"]).toBe("text/css; charset=UTF-8");
    expect(zlib.brotliDecompressSync(css.body).toString()).toContain(".a{color:red}");
  });

  it("answers 304 to a matching If-None-Match and headers only to HEAD", async () => {
    const first = await get("/_next/static/chunks/app.js", { "accept-encoding": "br" });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await get("/_next/static/chunks/app.js", { "accept-encoding": "br", "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get("/_next/static/chunks/app.js", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(first.headers["content-length"]);
    expect(head.body.length).toBe(0);
  });

  it("leaves to the next handler: no accepted encoding, files without twins, other methods and other paths", async () => {
    const cases: Array<[string, Record<string, string>, string?]> = [
      ["/_next/static/chunks/app.js", {}],
      ["/_next/static/chunks/app.js", { "accept-encoding": "identity" }],
      ["/_next/static/chunks/tiny.js", { "accept-encoding": "br" }],
      ["/_next/static/media/font.woff2", { "accept-encoding": "br" }],
      ["/_next/static/chunks/missing.js", { "accept-encoding": "br" }],
      ["/_next/static/chunks/app.js", { "accept-encoding": "br" }, "POST"],
      ["/investments", { "accept-encoding": "br" }],
    ];
    for (const [url, headers, method] of cases) {
      fellThrough.length = 0;
      const r = await get(url, headers, method);
      expect(r.status, url).toBe(404);
      expect(r.body.toString()).toBe("next");
      expect(fellThrough).toEqual([url]);
    }
  });

  it("never reads outside the static folder, whatever the path spells", async () => {
    for (const url of [
      "/_next/static/../secret.js",
      "/_next/static/%2e%2e/secret.js",
      "/_next/static/chunks/..%2f..%2fsecret.js",
      "/_next/static//secret.js",
      "/_next/static/chunks/app.js%00",
      "/_next/static/chunks\\..\\..\\secret.js",
    ]) {
      const r = await get(url, { "accept-encoding": "br" });
      expect(r.status, url).toBe(404);
      expect(r.body.toString(), url).toBe("next");
    }
  });
});
