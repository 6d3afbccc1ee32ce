import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withCompression } from "@/server/http/compression";
import {
  CONTENT_PAGES,
  DEFERRED_PAGES,
  loadClientModuleIndex,
  toDeferredPage,
  toStaticPage,
  withStaticPages,
  type ClientModuleIndex,
} from "@/server/http/static-pages";

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
const DIALOG = 700001; // the search dialog's trigger: may wait for a tap (issue 31)

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
    '0:{"P":null,"b":"x","t":"大阪市北区 梅田 収益物件"}',
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
  fs.mkdirSync(path.join(dir, "(site)", "investments"), { recursive: true });
  fs.writeFileSync(
    path.join(dir, "(site)", "investments", "page_client-reference-manifest.js"),
    manifest("/(site)/investments/page", {
      "node_modules/next/dist/esm/client/components/layout-router.js": ROUTER,
      "src/components/search/search-dialog.tsx": DIALOG,
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
    expect([...index.deferrable]).toEqual([String(DIALOG)]);
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

describe("toDeferredPage (visitors' lists and details, issue 31)", () => {
  it("holds Next's scripts in place as scripts no browser runs, in page order, and adds the loader with the page's nonce", () => {
    const page = nextPage([ROUTER, LINK, DIALOG]);
    expect(toStaticPage(page, index)).toEqual({ keep: "src/components/search/search-dialog.tsx" });
    const result = toDeferredPage(page, index);
    if (!("html" in result)) throw new Error(`kept: ${result.keep}`);
    const html = result.html;
    // nothing of the build runs or downloads before the loader says so
    const runnable = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!).filter((a) => !/type="(?:text\/x-kir-held|application\/ld\+json)"/.test(a));
    expect(runnable.filter((a) => /\bsrc=/.test(a))).toEqual([]);
    expect(html).not.toMatch(/rel="preload" as="script"/);
    expect(html).not.toContain("poly.js"); // nomodule: for browsers that run none of it
    // held: the chunks by URL, the bootstrap and the payload as their text, the bootstrap first
    // each held script carries the page's nonce: the loader runs only those (injected markup cannot pose as one)
    const held = [...html.matchAll(new RegExp(`<script type="text/x-kir-held" nonce="${NONCE}"( data-src="([^"]+)")?>([\\s\\S]*?)</script>`, "g"))];
    expect(held.filter((m) => m[2]).map((m) => m[2])).toEqual(["/_next/static/chunks/a.js", "/_next/static/chunks/boot.js"]);
    const inline = held.filter((m) => !m[2]).map((m) => m[3]!);
    expect(inline[0]).toContain('globalThis["TURBOPACK"]');
    expect(inline.slice(1).join("")).toContain("self.__next_f");
    expect(inline.join("")).toContain(`I[${DIALOG},`);
    // the loader, last in the body, with the CSP nonce; our own inline scripts stay as they were
    const loader = html.slice(html.lastIndexOf("<script"));
    expect(loader).toMatch(new RegExp(`^<script nonce="${NONCE}">\\(function\\(\\)\\{var d=document`));
    expect(loader).toContain('querySelectorAll("script[type=\\"text/x-kir-held\\"]")');
    expect(loader).toContain("if(n&&h[i].nonce!==n)continue;");
    expect(loader.endsWith("</script></body></html>")).toBe(true);
    expect(html).toContain('classList.add("x")');
    expect(html).toContain("$RC(");
  });

  it("a module that can neither work as HTML nor wait keeps the page as written", () => {
    expect(toDeferredPage(nextPage([ROUTER, DIALOG, FORM]), index)).toEqual({ keep: "src/components/contact/contact-form.tsx" });
  });

  it("the list paths, a listing's detail and the map: /investments, its pages, /investments/{id} and /investments/map, nothing else", () => {
    for (const p of [
      "/investments",
      "/investments/",
      "/investments/page/1",
      "/investments/page/25/",
      "/investments/12",
      "/investments/340/",
      "/investments/map",
    ])
      expect(DEFERRED_PAGES.test(p), p).toBe(true);
    for (const p of [
      "/investments/0",
      "/investments/12/inquiry",
      "/investments/mapx",
      "/investments/market",
      "/investments/search/area",
      "/investments/page/0",
      "/mypage",
    ])
      expect(DEFERRED_PAGES.test(p), p).toBe(false);
  });

  it("the loader starts React when a [data-hydrate-when-near] element comes near (the detail's simulator), and checks the list-view memory on list pages only", () => {
    const result = toDeferredPage(nextPage([ROUTER, DIALOG]), index);
    if (!("html" in result)) throw new Error(`kept: ${result.keep}`);
    const loader = result.html.slice(result.html.lastIndexOf("<script"));
    expect(loader).toContain('NEAR="[data-hydrate-when-near]"');
    expect(loader).toContain("new IntersectionObserver(");
    expect(loader).toContain('rootMargin:"300px 0px"');
    expect(loader).toContain("if(/^\\/investments(\\/page\\/\\d+)?\\/?$/.test(location.pathname))try{var q=new URLSearchParams(location.search)");
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
      const ids = url.pathname === "/about" ? [ROUTER, FORM] : url.pathname.startsWith("/investments") ? [ROUTER, LINK, DIALOG] : [ROUTER, LINK, KEYWORD];
      const html = nextPage(ids, "<main>" + "収益物件 ".repeat(3000) + "</main>");
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
    expect((await get("/api/x")).body).toContain("__next_f");
  });

  it("every byte that is not a script it moves goes out as written: Japanese markup and payload, split across writes", async () => {
    // The rewrite reads the page as Latin-1 (one character a byte): UTF-8 sequences cut between writes and
    // multi-byte text in the held payload must come back byte for byte.
    const main = "<main>" + "収益物件 ".repeat(3000) + "</main>";
    for (const [p, headers] of [
      ["/investments", {}],
      ["/blogs", {}],
      ["/investments", { cookie: "kir_session=abc" }],
    ] as const) {
      const res = await get(p, { ...headers, "accept-encoding": "br" });
      expect(res.body, p).toContain(main);
      expect(res.body, p).toMatch(/^<!DOCTYPE html><html lang="ja"><head><meta charSet="utf-8"\/>/);
    }
    const held = (await get("/investments")).body;
    expect(held).toContain('<script type="text/x-kir-held" nonce="n0nce">self.__next_f.push([1,');
    const payload = [...held.matchAll(/<script type="text\/x-kir-held"[^>]*>self\.__next_f\.push\((\[[\s\S]*?\])\)<\/script>/g)]
      .map((m) => (JSON.parse(m[1]!) as [number, string])[1])
      .join("");
    expect(payload).toContain('"t":"大阪市北区 梅田 収益物件"');
  });

  it("a visitor's list goes out with its scripts held; a member's or an admin's as written", async () => {
    const runs = (body: string) => /<script(?![^>]*text\/x-kir-held)[^>]*\ssrc="\/_next\/static\/chunks\/a\.js"/.test(body);
    const visitor = await get("/investments/page/2?ty=1");
    expect(visitor.body).toMatch(/<script type="text\/x-kir-held"( nonce="[^"]+")? data-src="\/_next\/static\/chunks\/a\.js">/);
    expect(runs(visitor.body)).toBe(false);
    expect(runs((await get("/investments", { cookie: "kir_session=abc" })).body)).toBe(true);
    expect(runs((await get("/investments", { cookie: "theme=1; kir_admin_session=abc" })).body)).toBe(true);
    expect(runs((await get("/investments", { rsc: "1" })).body)).toBe(true);
  });

  it("only GET is held: a POST to a content path gets the page as written", async () => {
    const res = await fetch(base + "/blogs", { method: "POST", headers: { "accept-encoding": "identity" } });
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain("__next_f");
    expect(body).toMatch(/<script[^>]*src="\/_next\/static\/chunks\/a\.js"/);
  });
});
