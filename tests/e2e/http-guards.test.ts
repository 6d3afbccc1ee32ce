import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort } from "../../scripts/lib/free-port";
import { RestClient } from "./rest-client";

/**
 * What the production server (src/server/http/main.ts) settles before Next
 * routes a request (issue 16): undecodable paths, the JSON body cap, and whose
 * address the per-IP limits count. `base` is the suite's server, which the
 * test runner reaches as a trusted proxy (TRUSTED_PROXIES=127.0.0.1,::1 in
 * global-setup.ts); `direct` is one started here with the default (no proxy
 * trusted), as a site exposed without a proxy is.
 */
const root = path.resolve(import.meta.dirname, "../..");
const base = inject("baseURL");
let direct = "";
let server: ChildProcess | undefined;

beforeAll(async () => {
  const port = await freePort();
  direct = `http://127.0.0.1:${port}`;
  server = spawn(path.join(root, "node_modules", ".bin", "tsx"), ["src/server/http/main.ts", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      APP_URL: direct,
      DATABASE_URL: inject("databaseURL"),
      MAIL_OUTBOX_DIR: inject("mailDir"),
      UPLOAD_DIR: inject("uploadDir"),
      REDIS_PREFIX: inject("redisPrefix"),
      LOG_LEVEL: "warn",
      PAGE_CACHE_TTL_SECONDS: "0",
      DATA_CACHE_TTL_SECONDS: "0",
      TRUSTED_PROXIES: "",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(direct + "/about")).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the web server did not answer within 60 s");
    await new Promise((r) => setTimeout(r, 250));
  }
});

afterAll(() => {
  server?.kill("SIGTERM");
});

async function wrongLogin(site: string, email: string, forwardedFor: string): Promise<number> {
  const client = new RestClient(site, forwardedFor);
  await client.csrf();
  return (await client.send("POST", "/sanctum/login", { email, password: "wrong-password-1" })).status;
}

describe("per-IP limits and X-Forwarded-For", () => {
  it("without a trusted proxy, a rotating X-Forwarded-For does not escape the failed-login limit", async () => {
    const email = `xff-direct-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push(await wrongLogin(direct, email, `198.51.100.${i + 1}`));
    // Five failures for one address from one client, then refused (rate-limit.ts loginFailure).
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it("behind a trusted proxy, entries forged in front of the proxy's own are ignored", async () => {
    const email = `xff-proxied-${Date.now()}@example.com`;
    const statuses: number[] = [];
    // The proxy appends the client it saw (203.0.113.77) to whatever the client sent.
    for (let i = 0; i < 7; i++) statuses.push(await wrongLogin(base, email, `198.51.100.${i + 1}, 203.0.113.77`));
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Another client behind the same proxy is not affected.
    expect(await wrongLogin(base, email, "203.0.113.78")).toBe(422);
  });
});

describe("undecodable paths", () => {
  const paths = [
    "/%",
    "/%ZZ",
    "/investments/%",
    "/investments/%E3%81",
    "/investments/page/%",
    "/investments/page/1/%ZZ",
    "/blogs/%",
    "/blogs/%C0%AF",
    "/blogs/page/%",
    "/sitemaps/%",
    "/sitemap.xml%",
    "/about%",
    "/contacts/%",
    "/mypage/%",
    "/login/%",
    "/api/%",
    "/api/investments/%",
    "/api/investments/1%",
    "/api/user/filter/check/1/%ZZ",
    "/api/user/bookmark/%",
    "/api/images/%/a/b",
    "/api/cms-images/%",
    "/api/trpc/%",
    "/api/trpc/public.investments.list%",
    "/sanctum/%",
    "/sanctum/login%",
    "/_kanri-7f3c/%",
    "/_kanri-7f3c/investments/%FF",
    "/_preview-7f3c/%",
    "/admin-area/%",
    "/_next/%",
  ];

  it("answer 400, never 5xx, for every method", async () => {
    const failures: string[] = [];
    for (const p of paths) {
      for (const method of ["GET", "POST", "PATCH", "DELETE"]) {
        const res = await fetch(base + p, {
          method,
          redirect: "manual",
          headers: { accept: "application/json", "content-type": "application/json" },
          body: method === "GET" ? undefined : "{}",
        });
        await res.arrayBuffer();
        if (res.status !== 400) failures.push(`${method} ${p} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("well-formed escapes still reach the app", async () => {
    expect((await fetch(base + "/investments/%39%39%39%39%39%39%39")).status).toBe(404);
    expect((await fetch(base + "/about")).status).toBe(200);
  });
});

/** A raw request, so the answer can be read while the body is still being sent. */
function post(
  site: string,
  pathname: string,
  bodyBytes: number,
  opts: { chunked?: boolean; stallAfter?: number } = {},
): Promise<{ status: number; body: string; sentBeforeAnswer: number }> {
  return new Promise((resolve, reject) => {
    const url = new URL(pathname, site);
    let sent = 0;
    const req = http.request(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          ...(opts.chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(bodyBytes) }),
        },
      },
      (res) => {
        const sentBeforeAnswer = sent;
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, body, sentBeforeAnswer });
          if (sent < bodyBytes) req.destroy(); // a stalled body: nothing more to send
        });
      },
    );
    req.on("error", (e) => (sent < bodyBytes ? undefined : reject(e))); // the server may close before we finish sending
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    // stallAfter: send only that much of the declared body, then wait. The answer can then only
    // come from a server that decided on the headers alone (the kernel's loopback buffers, up to
    // tens of MB, make "how much was sent before the answer" a measure of load, not of the server).
    const limit = opts.stallAfter ?? bodyBytes;
    const pump = () => {
      while (sent < limit) {
        const n = Math.min(chunk.length, limit - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once("drain", pump);
      }
      if (limit === bodyBytes) req.end();
    };
    req.once("socket", () => setImmediate(pump));
  });
}

describe("request body limit", () => {
  const FORTY_MB = 40 * 1024 * 1024;

  const CAPPED_PATHS = ["/api/trpc/public.auth.login", "/api/trpc/member.filters.create", "/sanctum/login", "/sanctum/register"];

  it("answers 413 to a declared 40 MB body for tRPC and REST from the headers, before the body arrives", async () => {
    for (const p of CAPPED_PATHS) {
      // Only 64 KB of the 40 MB is ever sent: a server that waited for (or read) the body would never answer.
      const res = await post(base, p, FORTY_MB, { stallAfter: 64 * 1024 });
      expect(res.status, p).toBe(413);
      expect(JSON.parse(res.body).message, p).toMatch(/大きすぎます/);
      expect(res.sentBeforeAnswer, p).toBe(64 * 1024);
    }
  });

  it("lets a client that keeps sending the 40 MB still read the 413 (no reset under it)", async () => {
    for (const p of CAPPED_PATHS) {
      const res = await post(base, p, FORTY_MB);
      expect(res.status, p).toBe(413);
      expect(JSON.parse(res.body).message, p).toMatch(/大きすぎます/);
    }
  });

  it("refuses a JSON API body of unknown length (chunked) with 411", async () => {
    const res = await post(base, "/sanctum/login", 1000, { chunked: true });
    expect(res.status).toBe(411);
  });

  it("keeps ordinary bodies working", async () => {
    const client = new RestClient(base);
    await client.csrf();
    expect((await client.send("POST", "/sanctum/login", { email: "member@example.com", password: "mypage-demo-2026" })).status).toBe(200);
  });
});
