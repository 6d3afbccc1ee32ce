import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { LRUCache } from "lru-cache";
import { hasSessionCookie } from "@/server/auth/cookie";
import { withAudienceRecord, type AudienceRecord } from "@/server/request/audience";
import { negotiateEncoding } from "./compression";

/**
 * Rendered-page cache for visitors (spec §4 "lists and counts are cached and
 * refreshed after mutations"), in front of Next's request handler.
 *
 * Only what every visitor sees identically is cached: GET of the listing and
 * content pages, no RSC / router / server-action headers, a 200 HTML page
 * without Set-Cookie, and only when the app itself declared that it rendered
 * the page for a visitor (audience.ts: the tRPC context, the one place that
 * reads the session cookies, records it). A request the cache's own look at
 * the cookies takes for a visitor's can therefore never store a member's page;
 * that look (the same parser as the app's, cookie.ts) only spares members a
 * lookup that could serve them the visitors' page.
 *
 * Freshness: `clear()` on every public-content change (admin mutations,
 * announced to all web processes over Redis pub/sub: cache/invalidation.ts), plus a
 * short TTL for what changes with the clock alone (a listing passing its next
 * update date, a scheduled post, the member count). A render that began
 * before a clear is never stored (version check), so an edit cannot be
 * overwritten by a page rendered from the old data.
 */

export interface CachedPage {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

export interface PageCacheOptions {
  /** Entry lifetime; 0 turns the cache off. */
  ttlMs: number;
  /** Memory bound for all stored bodies. */
  maxBytes: number;
  /** Whether the cache may be used right now (false while invalidations could be missed). */
  enabled?: () => boolean;
}

/** The pages worth caching: listings, search entry pages, blog and content pages. */
const CACHEABLE = /^\/(?:investments(?:\/.*)?|blogs(?:\/.*)?|about|advantage|corporate|results|staff|faq|terms|privacy|antisocial|sitemap)?\/?$/;
/** Headers of client-side navigations and actions: the response is not the HTML page. */
const NOT_A_PAGE_REQUEST = ["rsc", "next-router-prefetch", "next-router-state-tree", "next-router-segment-prefetch", "next-action", "next-url"];
const MAX_BODY_BYTES = 4 * 1024 * 1024;

export class PageCache {
  private readonly lru: LRUCache<string, CachedPage>;
  private version = 0;

  constructor(private readonly options: PageCacheOptions) {
    this.lru = new LRUCache<string, CachedPage>({
      maxSize: Math.max(1, options.maxBytes),
      sizeCalculation: (page) => page.body.length + 512,
      ttl: Math.max(1, options.ttlMs),
    });
  }

  get active(): boolean {
    return this.options.ttlMs > 0 && (this.options.enabled?.() ?? true);
  }

  /** Forget everything, and refuse to store renders that started before now. */
  clear(): void {
    this.version++;
    this.lru.clear();
  }

  get size(): number {
    return this.lru.size;
  }

  /** The cache key of a request, or undefined when the request must not use the cache. */
  keyOf(req: IncomingMessage): string | undefined {
    if (!this.active || req.method !== "GET" || !req.url) return undefined;
    const q = req.url.indexOf("?");
    const pathname = q === -1 ? req.url : req.url.slice(0, q);
    if (!CACHEABLE.test(pathname)) return undefined;
    if (NOT_A_PAGE_REQUEST.some((h) => req.headers[h] !== undefined)) return undefined;
    if (hasSessionCookie(req.headers.cookie)) return undefined;
    // Responses are compressed by Accept-Encoding (compression.ts), so the stored bytes differ with it.
    return `${negotiateEncoding(req)} ${req.url}`;
  }

  /** Serve a stored page; false when there is none. */
  serve(key: string, req: IncomingMessage, res: ServerResponse): boolean {
    const page = this.lru.get(key);
    if (!page) return false;
    const etag = page.headers.etag;
    if (etag && req.headers["if-none-match"] === etag) {
      res.writeHead(304, { etag: String(etag), "x-page-cache": "hit" }).end();
      return true;
    }
    res.writeHead(page.status, { ...page.headers, "content-length": page.body.length, "x-page-cache": "hit" });
    res.end(page.body);
    return true;
  }

  /** Record what the handler writes to `res` and store it when it is a visitor's cacheable page. */
  record(key: string, res: ServerResponse, audience: AudienceRecord): void {
    const startedAt = this.version;
    const chunks: Buffer[] = [];
    let bytes = 0;
    let overflow = false;
    const take = (chunk: unknown, encoding?: unknown) => {
      if (overflow || chunk == null || typeof chunk === "function") return;
      const buf = Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
          : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
      bytes += buf.length;
      if (bytes > MAX_BODY_BYTES) overflow = true;
      else chunks.push(Buffer.from(buf)); // a copy: the writer may reuse its buffer
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      take(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as ServerResponse["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      take(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as ServerResponse["end"];
    res.setHeader("x-page-cache", "miss");
    res.once("finish", () => {
      if (overflow || startedAt !== this.version || !this.active) return;
      if (audience.rendered !== "visitor") return;
      if (res.statusCode !== 200 || res.hasHeader("set-cookie")) return;
      if (!String(res.getHeader("content-type") ?? "").startsWith("text/html")) return;
      const {
        "x-page-cache": _marker,
        "content-length": _length,
        "transfer-encoding": _te,
        connection: _c,
        "keep-alive": _ka,
        date: _d,
        ...headers
      } = res.getHeaders();
      this.lru.set(key, { status: 200, headers, body: Buffer.concat(chunks) });
    });
  }
}

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** Wrap a Node request handler (Next's) with the page cache. */
export function withPageCache(cache: PageCache, handler: Handler): Handler {
  return (req, res) => {
    const key = cache.keyOf(req);
    if (key === undefined) return handler(req, res);
    if (cache.serve(key, req, res)) return;
    return withAudienceRecord((audience) => {
      cache.record(key, res, audience);
      return handler(req, res);
    });
  };
}
