import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readCookie, SESSION_COOKIE } from "@/server/auth/cookie";
import { declareAudience } from "@/server/request/audience";
import { PageCache, withPageCache } from "@/server/http/page-cache";
import { announcePublicChange, subscribePublicChanges, type PublicChangeSubscription } from "@/server/cache/invalidation";
import { closeRedis } from "@/server/redis/client";
import { publicContent } from "@/server/cache/public-content";
import { setTestEnv } from "../../helpers/accounts";

/**
 * The visitors' page cache in front of a real HTTP server, with its
 * invalidation over real Redis pub/sub between two "web processes" (two
 * caches, two servers). The handler stands in for Next: it counts renders and
 * answers what the tests ask for.
 */

interface Site {
  base: string;
  cache: PageCache;
  renders: () => number;
  close(): Promise<void>;
}

/** `audience`: what the stand-in app declares (audience.ts); by default what the real app would, from the cookies. */
type Reply = { status?: number; type?: string; setCookie?: boolean; delayMs?: number; audience?: "visitor" | "personal" | "none" };
let replies: Record<string, Reply> = {};
let version = 1; // "the data": pages render it, tests change it

async function startSite(opts: { live?: () => boolean } = {}): Promise<Site> {
  let renders = 0;
  const cache = new PageCache({ ttlMs: 60_000, maxBytes: 8 * 1024 * 1024, enabled: opts.live });
  const server = http.createServer(
    withPageCache(cache, async (req, res) => {
      renders++;
      const r = replies[new URL(req.url ?? "/", "http://x").pathname] ?? {};
      const seen = version;
      const audience =
        r.audience ?? ((readCookie(req.headers.cookie, SESSION_COOKIE.user) ?? readCookie(req.headers.cookie, SESSION_COOKIE.admin)) ? "personal" : "visitor");
      if (audience !== "none") declareAudience(audience === "personal");
      if (r.delayMs) await new Promise((done) => setTimeout(done, r.delayMs));
      res.statusCode = r.status ?? 200;
      res.setHeader("content-type", r.type ?? "text/html; charset=utf-8");
      res.setHeader("etag", `"v${seen}"`);
      if (r.setCookie) res.setHeader("set-cookie", "a=b; Path=/");
      res.write(`<html><body>version ${seen} `);
      res.end(`url ${req.url}</body></html>`);
    }),
  );
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cache,
    renders: () => renders,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

async function get(site: Site, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(site.base + path, { headers });
  return { status: res.status, marker: res.headers.get("x-page-cache"), etag: res.headers.get("etag"), body: await res.text() };
}

let restoreEnv: () => void;
let a: Site;
let b: Site;
let subA: PublicChangeSubscription;
let subB: PublicChangeSubscription;

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  restoreEnv = setTestEnv({ REDIS_PREFIX: `pc${process.pid}${Date.now() % 100000}` });
  a = await startSite({ live: () => subA?.live === true });
  b = await startSite({ live: () => subB?.live === true });
  subA = subscribePublicChanges(() => a.cache.clear());
  subB = subscribePublicChanges(() => b.cache.clear());
  await until(() => subA.live && subB.live, "both subscriptions");
});

afterAll(async () => {
  await Promise.all([subA.close(), subB.close(), a.close(), b.close()]);
  await closeRedis();
  restoreEnv();
});

beforeEach(() => {
  replies = {};
  a.cache.clear();
  b.cache.clear();
});

describe("visitors' page cache", () => {
  it("renders a listing page once and serves the same bytes afterwards", async () => {
    const first = await get(a, "/investments/page/2/?re=3&sr=price_asc");
    expect(first.marker).toBe("miss");
    const before = a.renders();
    const second = await get(a, "/investments/page/2/?re=3&sr=price_asc");
    expect(second.marker).toBe("hit");
    expect(second.body).toBe(first.body);
    expect(a.renders()).toBe(before);
    // Another query string is another page.
    expect((await get(a, "/investments/page/2/?re=4&sr=price_asc")).marker).toBe("miss");
  });

  it("answers 304 to a matching If-None-Match from the cache", async () => {
    const first = await get(a, "/blogs");
    const again = await fetch(a.base + "/blogs", { headers: { "if-none-match": first.etag ?? "" } });
    expect(again.status).toBe(304);
    expect(again.headers.get("x-page-cache")).toBe("hit");
  });

  it("never serves or stores a page for someone with a session cookie", async () => {
    await get(a, "/investments");
    for (const name of Object.values(SESSION_COOKIE)) {
      const before = a.renders();
      const res = await get(a, "/investments", { cookie: `theme=dark; ${name}=token` });
      expect(res.marker, name).toBeNull();
      expect(a.renders(), name).toBe(before + 1);
    }
    // Other cookies (e.g. the XSRF token) do not matter.
    expect((await get(a, "/investments", { cookie: "XSRF-TOKEN=abc" })).marker).toBe("hit");
  });

  it("stores only what the app declared it rendered for a visitor, whatever the cookies look like to the cache", async () => {
    // The app read a session the cache did not see (issue 16: `kir_session =<token>`), or declared nothing.
    replies = { "/about": { audience: "personal" }, "/faq": { audience: "none" }, "/terms": { audience: "visitor" } };
    for (const path of ["/about", "/faq"]) {
      await get(a, path);
      const before = a.renders();
      expect((await get(a, path)).marker, path).toBe("miss");
      expect(a.renders(), path).toBe(before + 1);
    }
    await get(a, "/terms");
    expect((await get(a, "/terms")).marker).toBe("hit");
  });

  it("leaves client navigations, actions, other methods and other paths alone", async () => {
    await get(a, "/investments");
    const navigations: Record<string, string>[] = [
      { rsc: "1" },
      { "next-router-prefetch": "1" },
      { "next-action": "x" },
      { "next-router-state-tree": "%5B%5D" },
    ];
    for (const headers of navigations) {
      expect((await get(a, "/investments", headers)).marker, JSON.stringify(headers)).toBeNull();
    }
    for (const path of ["/login", "/mypage", "/contacts", "/api/options", "/_kanri-7f3c", "/signup"]) {
      await get(a, path);
      expect((await get(a, path)).marker, path).toBeNull();
    }
    const head = await fetch(a.base + "/investments", { method: "HEAD" });
    expect(head.headers.get("x-page-cache")).toBeNull();
  });

  it("stores only 200 HTML without Set-Cookie", async () => {
    replies = { "/about": { status: 404 }, "/faq": { setCookie: true }, "/terms": { type: "application/json" } };
    for (const path of ["/about", "/faq", "/terms"]) {
      await get(a, path);
      expect((await get(a, path)).marker, path).toBe("miss");
    }
  });

  it("keys by Accept-Encoding (compressed and plain bodies differ)", async () => {
    await get(a, "/corporate", { "accept-encoding": "gzip" });
    expect((await get(a, "/corporate", { "accept-encoding": "identity" })).marker).toBe("miss");
    expect((await get(a, "/corporate", { "accept-encoding": "deflate, gzip" })).marker).toBe("hit");
    // Brotli is preferred when offered: a body of its own.
    expect((await get(a, "/corporate", { "accept-encoding": "gzip, deflate, br" })).marker).toBe("miss");
    expect((await get(a, "/corporate", { "accept-encoding": "br;q=1.0, gzip;q=0.8" })).marker).toBe("hit");
  });

  it("an announced change clears every process's cache (Redis pub/sub)", async () => {
    await get(a, "/investments");
    await get(b, "/investments");
    expect((await get(a, "/investments")).marker).toBe("hit");
    expect((await get(b, "/investments")).marker).toBe("hit");
    version++;
    await announcePublicChange("test");
    await until(() => a.cache.size === 0 && b.cache.size === 0, "both caches cleared");
    const fresh = await get(b, "/investments");
    expect(fresh.marker).toBe("miss");
    expect(fresh.body).toContain(`version ${version}`);
  });

  it("the announcing process knows its own change before the echo (a replica node must not serve its copy from before its own save)", async () => {
    // A subscription to a Redis that is not there: no echo can ever arrive.
    const reasons: string[] = [];
    const sub = subscribePublicChanges((reason) => reasons.push(reason), "redis://127.0.0.1:1");
    try {
      await get(a, "/investments");
      const before = publicContent().version;
      await announcePublicChange("own change");
      expect(publicContent().version).toBeGreaterThan(before);
      expect(reasons).toContain("own change");
      // The process's page cache is cleared by its own subscriber at once as well.
      expect(a.cache.size).toBe(0);
    } finally {
      await sub.close();
    }
    // A closed subscription is no longer told.
    await announcePublicChange("after close");
    expect(reasons).not.toContain("after close");
  });

  it("does not store a render that began before a change", async () => {
    replies = { "/staff": { delayMs: 300 } };
    const slow = get(a, "/staff");
    await new Promise((r) => setTimeout(r, 50));
    version++;
    a.cache.clear();
    await slow;
    const next = await get(a, "/staff");
    expect(next.marker).toBe("miss");
    expect(next.body).toContain(`version ${version}`);
  });

  it("caches nothing while invalidations could be missed (no live subscription)", async () => {
    // A subscription to a Redis that is not there never becomes live.
    const holder: { sub?: PublicChangeSubscription } = {};
    const site = await startSite({ live: () => holder.sub?.live === true });
    const sub = subscribePublicChanges(() => site.cache.clear(), "redis://127.0.0.1:1");
    holder.sub = sub;
    try {
      await get(site, "/investments");
      const res = await get(site, "/investments");
      expect(res.marker).toBeNull();
      expect(site.renders()).toBe(2);
    } finally {
      await sub.close();
      await site.close();
    }
  });

  it("is off with a zero TTL", async () => {
    const cache = new PageCache({ ttlMs: 0, maxBytes: 1024 });
    expect(cache.active).toBe(false);
  });
});
