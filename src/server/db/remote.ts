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
 * Kept-alive sockets, one pool per Host: sqld picks the namespace from the Host of each request, and
 * the suite's databases (one namespace each) keep their traffic on sockets of their own.
 */
const agents = new Map<string, http.Agent>();
const agentFor = (host: string): http.Agent => {
  let agent = agents.get(host);
  if (!agent) agents.set(host, (agent = new http.Agent({ keepAlive: true, maxSockets: 64 })));
  return agent;
};

/**
 * The fetch of every request to a libSQL server (the client's, the health probe's, the backup's).
 *
 * Plain http (sqld beside the web nodes: loopback or the private network, npm run cluster) goes over
 * node:http with kept-alive sockets and without compression. Node's fetch asks for gzip/br and
 * inflates every answer in a zlib stream of its own: on this 2-core machine kind a `select 1` cost
 * the client 5.8 ms of CPU (2.6 ms at 10 in flight), 2.1 ms p50 and 1.0–1.4 ms of CPU this way
 * (scripts/bench-cluster.ts measures the pages on top). https (a hosted server far away, where
 * compression pays) keeps fetch.
 *
 * sqld picks a namespace (one database of a multi-tenant server) from the first label of the Host
 * header. RFC 6761 makes every `*.localhost` name a loopback name, but glibc does not resolve them,
 * so `http://<namespace>.localhost:<port>` goes to 127.0.0.1 with the original Host (the test suite's
 * sqld primary: one namespace per test database).
 */
export function serverFetch(input: Request | string | URL, init?: RequestInit): Promise<Response> {
  const req = new Request(input, init);
  const u = new URL(req.url);
  if (u.protocol !== "http:") return fetch(req);
  const host = u.hostname.endsWith(".localhost") ? "127.0.0.1" : u.hostname;
  const agent = agentFor(u.host);
  const headers = { ...Object.fromEntries(req.headers), host: u.host, "accept-encoding": "identity" };
  const send = (body: Buffer | undefined, retry: boolean): Promise<Response> =>
    new Promise((resolve, reject) => {
      const out = http.request({ agent, host, port: Number(u.port || 80), path: u.pathname + u.search, method: req.method, headers }, (res) => {
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
      });
      out.on("error", (e: NodeJS.ErrnoException) => {
        // A reused socket that fails before any answer is the server closing it while it sat idle, as
        // the request was written: sent once more on a new socket (Node's documented keep-alive pattern).
        if (retry && out.reusedSocket && (e.code === "ECONNRESET" || e.code === "EPIPE")) send(body, false).then(resolve, reject);
        else reject(e);
      });
      req.signal.addEventListener("abort", () => out.destroy(new Error("aborted")));
      out.end(body);
    });
  return req.arrayBuffer().then((body) => send(body.byteLength ? Buffer.from(body) : undefined, true));
}

/** The HTTP base of a remote DATABASE_URL (libsql:// is HTTPS; ws(s):// maps to http(s)://). */
export function httpBase(url: string): string {
  const u = new URL(url);
  const scheme = { "libsql:": "https:", "wss:": "https:", "ws:": "http:", "https:": "https:", "http:": "http:" }[u.protocol];
  if (!scheme) throw new Error(`not a libSQL server URL: ${url}`);
  return `${scheme}//${u.host}`;
}
