import http from "node:http";

/**
 * What the database layer needs to know about a DATABASE_URL that is not a
 * local file: a libSQL server (sqld, Turso) reached over HTTP(S) or
 * WebSockets. There the server serializes writers and keeps its own journal,
 * so the local-file machinery (write lock, WAL pragma, directory creation)
 * does not apply.
 */
export function isLocalUrl(url: string): boolean {
  return url.startsWith("file:") || url === ":memory:";
}

/**
 * sqld picks a namespace (one database of a multi-tenant server) from the
 * first label of the Host header. RFC 6761 makes every `*.localhost` name a
 * loopback name, but glibc does not resolve them and fetch may not set Host,
 * so for `http://<namespace>.localhost:<port>` the request goes to 127.0.0.1
 * with the original Host over node:http. Used by the test suite's sqld
 * primary (one namespace per test database); other hosts use plain fetch.
 */
export function namespaceFetch(input: Request | string | URL, init?: RequestInit): Promise<Response> {
  const req = new Request(input, init);
  const u = new URL(req.url);
  if (!u.hostname.endsWith(".localhost")) return fetch(req);
  return new Promise((resolve, reject) => {
    void req.arrayBuffer().then((body) => {
      const headers = Object.fromEntries(req.headers);
      const out = http.request(
        { host: "127.0.0.1", port: Number(u.port || 80), path: u.pathname + u.search, method: req.method, headers: { ...headers, host: u.host } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("error", reject);
          res.on("end", () => {
            const h = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (typeof v === "string") h.set(k, v);
            const status = res.statusCode ?? 500;
            const empty = status === 204 || status === 304;
            resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: h }));
          });
        },
      );
      out.on("error", reject);
      req.signal?.addEventListener("abort", () => out.destroy(new Error("aborted")));
      out.end(body.byteLength ? Buffer.from(body) : undefined);
    }, reject);
  });
}

/** The HTTP base of a remote DATABASE_URL (libsql:// is HTTPS; ws(s):// maps to http(s)://). */
export function httpBase(url: string): string {
  const u = new URL(url);
  const scheme = { "libsql:": "https:", "wss:": "https:", "ws:": "http:", "https:": "https:", "http:": "http:" }[u.protocol];
  if (!scheme) throw new Error(`not a libSQL server URL: ${url}`);
  return `${scheme}//${u.host}`;
}
