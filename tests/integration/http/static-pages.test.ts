import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withCompression } from "@/server/http/compression";
import { CONTENT_PAGES, loadClientModuleIndex, toStaticPage, withStaticPages, type ClientModuleIndex } from "@/server/http/static-pages";

/**
 * Content pages without Next's scripts (src/server/http/static-pages.ts), on a real HTTP server behind
 * the real compression, the way main.ts stacks them. The pages are written the way Next 16 writes
 * them (turbopack bootstrap, async chunk scripts, a script preload, the RSC payload in
 * self.__next_f.push scripts, React's inline scripts) and the module ids come from client-reference
 * manifests on disk in the build's format.
 */

const NONCE = "n0nce";
const LINK = 522016; // next/link
const ROUTER = 339756; // Next's layout router
const KEYWORD = 859; // the keyword box (a GET form)
const FORM = 440001; // a contact form: needs React

function manifest(route: string, modules: Record<string, number>): string {
  const clientModules = Object.fromEntries(
    Object.entries(modules).map(([file, id]) => [`[project]/${file}`, { id, name: "*", chunks: ["/_next/static/chunks/a.js"], async: false }]),
  );
  return `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(route)}] = ${JSON.stringify({ moduleLoading: { prefix: "" }, clientModules })};`;
}

function nextPage(clientIds: number[], body = '<main><h1>ブログ</h1><a href="/blogs/a">記事</a></main>'): string {
  const rows = [
    '1:"$Sreact.fragment"',
    '6:"/_next/static/chunks/421c.js"',
    ...clientIds.map((id, i) => `${(16 + i).toString(16)}:I[${id},["$6"],"default"]`),
    '0:{"P":null,"b":"x"}',
  ];
  const payload = rows.join("\n") + "\n";
  const half = Math.floor(payload.length / 2);
  const push = (s: string) => `<script nonce="${NONCE}">self.__next_f.push(${JSON.stringify([1, s]).replace(/</g, "\\u003c")})</script>`;
  return (
    `<!DOCTYPE html><html lang="ja"><head><meta charSet="utf-8"/>` +
    `<link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next"/>` +
    `<link rel="preload" as="script" fetchPriority="low" nonce="${NONCE}" href="/_next/static/chunks/boot.js"/>` +
    `<script src="/_next/static/chunks/a.js" async="" nonce="${NONCE}"></script>` +
    `<script src="/_next/static/chunks/poly.js" noModule="" nonce="${NONCE}"></script>` +
    `</head><body><script nonce="${NONCE}">(function(){document.documentElement.classList.add("x")})();</script>` +
    body +
    `<script type="application/ld+json">{"@type":"BreadcrumbList"}</script>` +
    `<script nonce="${NONCE}" id="_R_">(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/a.js"]});</script>` +
    `<script src="/_next/static/chunks/boot.js" nonce="${NONCE}" async=""></script>` +
    `<script nonce="${NONCE}">(self.__next_f=self.__next_f||[]).push([0])</script>` +
    push(payload.slice(0, half)) +
    push(payload.slice(half)) +
    `<script nonce="${NONCE}">$RC=function(){};$RC("B:0","S:0")</script>` +
    `</body></html>`
  );
}

let dir = "";
let index: ClientModuleIndex;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "kir-static-pages-"));
  fs.mkdirSync(path.join(dir, "(site)", "blogs"), { recursive: true });
  fs.writeFileSync(
    path.join(dir, "(site)", "blogs", "page_client-reference-manifest.js"),
    manifest("/(site)/blogs/page", {
      "node_modules/next/dist/client/app-dir/link.js": LINK,
      "node_modules/next/dist/esm/client/components/layout-router.js": ROUTER,
      "src/components/site-chrome/keyword-search.tsx": KEYWORD,
    }),
  );
  fs.writeFileSync(
    path.join(dir, "(site)", "sell_client-reference-manifest.js"),
    manifest("/(site)/sell/page", { "src/components/contact/contact-form.tsx": FORM }),
  );
  index = loadClientModuleIndex(dir);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("toStaticPage", () => {
  it("reads every manifest of the build: module ids to project paths, the HTML-only ones marked", () => {
    expect(index.paths.get(String(KEYWORD))).toBe("src/components/site-chrome/keyword-search.tsx");
    expect(index.paths.get(String(FORM))).toBe("src/components/contact/contact-form.tsx");
    expect([...index.inert].sort()).toEqual([String(KEYWORD), String(ROUTER), String(LINK)].sort());
  });

  it("a page whose client modules all work as HTML loses Next's scripts, its preload and the RSC payload, and keeps the rest", () => {
    const result = toStaticPage(nextPage([ROUTER, LINK, KEYWORD]), index);
    if (!("html" in result)) throw new Error(`kept: ${result.keep}`);
    const html = result.html;
    expect(html).not.toMatch(/_next\/static\/chunks\/[^"]*\.js/);
    expect(html).not.toContain("__next_f");
    expect(html).not.toContain("TURBOPACK");
    expect(html).toContain('<link rel="stylesheet" href="/_next/static/chunks/site.css"');
    expect(html).toContain('classList.add("x")'); // our inline scripts
    expect(html).toContain('<script type="application/ld+json">');
    expect(html).toContain("$RC("); // React's own inline scripts (streamed boundaries)
    expect(html).toContain('<a href="/blogs/a">記事</a>');
  });

  it("a client module that needs React keeps the page as Next wrote it, and names the module", () => {
    const page = nextPage([ROUTER, FORM]);
    expect(toStaticPage(page, index)).toEqual({ keep: "src/components/contact/contact-form.tsx" });
    expect(toStaticPage(nextPage([ROUTER, 987654]), index)).toEqual({ keep: "client module 987654" });
  });

  it("anything it does not recognise is left alone", () => {
    expect(toStaticPage("<html><body>plain</body></html>", index)).toEqual({ keep: "no RSC payload" });
    expect(toStaticPage(nextPage([ROUTER]).replace("self.__next_f.push([1,", "self.__next_f.push([1,{"), index)).toHaveProperty("keep");
    // Any script of the build goes, whatever its attributes; an inline one that still speaks to the
    // runtime after stripping means Next wrote something unknown: the original goes out.
    expect(toStaticPage(nextPage([ROUTER]).replace("</body>", '<script defer src="/_next/static/chunks/other.js"></script></body>'), index)).toHaveProperty(
      "html",
    );
    expect(toStaticPage(nextPage([ROUTER]).replace("</body>", "<script>window.__next_f_extra=1</script></body>"), index)).toEqual({
      keep: "unrecognised runtime script",
    });
  });

  it("the content paths: home, blog and the fixed pages; not the listings, forms or My Page", () => {
    for (const p of ["/", "/blogs", "/blogs/", "/blogs/page/2", "/blogs/some-post", "/about", "/faq", "/privacy", "/sitemap"])
      expect(CONTENT_PAGES.test(p), p).toBe(true);
    for (const p of [
      "/investments",
      "/investments/12",
      "/login",
      "/mypage",
      "/contacts/consult",
      "/sell",
      "/exchange",
      "/api/trpc/x",
      "/aboutx",
      "/_next/static/chunks/a.js",
    ]) {
      expect(CONTENT_PAGES.test(p), p).toBe(false);
    }
  });
});

describe("withStaticPages on a real server behind the compression", () => {
  let base = "";
  let server: http.Server;
  beforeAll(async () => {
    const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
      const url = new URL(req.url ?? "/", "http://x");
      if (url.pathname === "/missing") {
        res.statusCode = 404;
        res.setHeader("content-type", "text/html; charset=utf-8");
        return void res.end(nextPage([ROUTER]));
      }
      res.statusCode = 200;
      res.setHeader("content-type", url.pathname === "/api/x" ? "application/json" : "text/html; charset=utf-8");
      const html = nextPage(url.pathname === "/about" ? [ROUTER, FORM] : [ROUTER, LINK, KEYWORD], "<main>" + "収益物件 ".repeat(3000) + "</main>");
      // As Next does: headers first, then the page in many small writes, honouring backpressure.
      res.flushHeaders();
      const chunks = html.match(/[\s\S]{1,500}/g) ?? [];
      void (async () => {
        for (const c of chunks) if (!res.write(c)) await once(res, "drain");
        res.end();
      })();
    };
    server = http.createServer(withCompression(withStaticPages(index, handler)));
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  async function get(p: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      http
        .get(base + p, { headers }, (res) => {
          const parts: Buffer[] = [];
          res.on("data", (c: Buffer) => parts.push(c));
          res.on("end", () => {
            let buf = Buffer.concat(parts);
            if (res.headers["content-encoding"] === "br") buf = zlib.brotliDecompressSync(buf);
            if (res.headers["content-encoding"] === "gzip") buf = zlib.gunzipSync(buf);
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: buf.toString("utf8") });
          });
        })
        .on("error", reject);
    });
  }

  it("a content page goes out without scripts, whichever encoding the browser takes", async () => {
    for (const encoding of ["br", "gzip", "identity"]) {
      const res = await get("/blogs", { "accept-encoding": encoding === "br" ? "gzip, deflate, br, zstd" : encoding });
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"] ?? "identity").toBe(encoding);
      expect(res.body).toMatch(/^<!DOCTYPE html>/);
      expect(res.body).toContain("</html>");
      expect(res.body).not.toContain("__next_f");
      expect(res.body).not.toMatch(/<script[^>]*src=/);
    }
  });

  it("a content page with a client form, a client navigation, another status or type, or a non-content path is left as written", async () => {
    expect((await get("/about")).body).toContain("__next_f");
    expect((await get("/blogs", { rsc: "1" })).body).toContain("__next_f");
    expect((await get("/missing")).body).toContain("__next_f");
    expect((await get("/investments")).body).toContain("__next_f");
    expect((await get("/api/x")).body).toContain("__next_f");
  });

  it("only GET is held: a POST to a content path gets the page as written", async () => {
    const res = await fetch(base + "/blogs", { method: "POST", headers: { "accept-encoding": "identity" } });
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain("__next_f");
    expect(body).toMatch(/<script[^>]*src="\/_next\/static\/chunks\/a\.js"/);
  });
});
