import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDb } from "@/server/db";
import { investments } from "@/server/db/schema";
import { RestClient } from "./rest-client";
import { freePort } from "../../scripts/lib/free-port";

/**
 * The visitors' page cache as it runs in production: a second web server
 * (src/server/http/main.ts, two processes, cache on) on the same database and
 * Redis as the suite's server (cache off). Staff change the holiday note
 * through the suite's server; the cached pages of the other server must show
 * it on the next request (invalidation over Redis pub/sub across servers and
 * processes), and nobody with a session is ever served from the cache.
 */

const root = path.resolve(import.meta.dirname, "../..");
const mainBase = inject("baseURL");
let cachedBase = "";
let server: ChildProcess | undefined;

async function visit(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(cachedBase + path, { headers: { accept: "text/html", ...headers } });
  return { status: res.status, marker: res.headers.get("x-page-cache"), html: await res.text() };
}

/** Both processes of the cluster answer from their own cache: warm until two hits in a row. */
async function warm(path: string) {
  for (let i = 0, hits = 0; i < 20 && hits < 2; i++) hits = (await visit(path)).marker === "hit" ? hits + 1 : 0;
}

async function saveHolidayNote(note: string) {
  const admin = new RestClient(mainBase);
  await admin.csrf();
  expect((await admin.send("POST", "/sanctum/admin/login", { email: "admin@example.com", password: "kanri-demo-2026" })).status).toBe(200);
  const saved = await admin.send("POST", "/api/admin/options", {
    counts_override: { members: null, investment: { members: null, public: null } },
    holiday_note: note,
  });
  expect(saved.status).toBe(200);
}

beforeAll(async () => {
  const port = await freePort();
  cachedBase = `http://127.0.0.1:${port}`;
  server = spawn(path.join(root, "node_modules", ".bin", "tsx"), ["src/server/http/main.ts", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      APP_URL: cachedBase,
      DATABASE_URL: inject("databaseURL"),
      MAIL_OUTBOX_DIR: inject("mailDir"),
      UPLOAD_DIR: inject("uploadDir"),
      REDIS_PREFIX: inject("redisPrefix"),
      LOG_LEVEL: "warn",
      WEB_CONCURRENCY: "2",
      PAGE_CACHE_TTL_SECONDS: "600",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(cachedBase + "/about")).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the cached web server did not answer within 60 s");
    await new Promise((r) => setTimeout(r, 250));
  }
});

afterAll(async () => {
  await saveHolidayNote("");
  server?.kill("SIGTERM");
});

describe("visitors' page cache (production server)", () => {
  it("serves a visitor's repeat request from the cache, byte for byte", async () => {
    await warm("/investments");
    const a = await visit("/investments");
    const b = await visit("/investments");
    expect(a.marker).toBe("hit");
    expect(b.marker).toBe("hit");
    expect(a.html).toBe(b.html);
    expect(a.html).toContain('data-slot="investment-card"');
  });

  it("a cached page is served with the policy whose nonce its scripts carry (security-headers.ts)", async () => {
    await warm("/blogs");
    for (let i = 0; i < 4; i++) {
      const res = await fetch(cachedBase + "/blogs", { headers: { accept: "text/html" } });
      const html = await res.text();
      expect(res.headers.get("x-page-cache")).toBe("hit");
      const nonce = res.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
      expect(nonce).toBeTruthy();
      expect(html).toContain(`nonce="${nonce}"`);
      expect(html.match(/nonce="([^"]+)"/g)?.every((n) => n === `nonce="${nonce}"`)).toBe(true);
    }
  });

  it("never answers a member from the cache", async () => {
    const member = new RestClient(cachedBase);
    await member.csrf();
    expect((await member.send("POST", "/sanctum/login", { email: "member@example.com", password: "mypage-demo-2026" })).status).toBe(200);
    const cookie = [...member.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    await warm("/investments");
    // The visitor's page invites them to register for the members-only listings; the member's does not.
    expect((await visit("/investments")).html).toContain("会員限定物件のご案内");
    const res = await visit("/investments", { cookie });
    expect(res.status).toBe(200);
    expect(res.marker).toBeNull();
    expect(res.html).toContain('data-slot="investment-card"');
    expect(res.html).not.toContain("会員限定物件のご案内");
  });

  it("never stores a member's page, however the session cookie is written (both processes, list and detail)", async () => {
    const db = await openDb(inject("databaseURL"));
    const live = and(eq(investments.public, true), isNull(investments.not_updated_at), eq(investments.members, true));
    const membersOnlyId = (await db.select({ id: investments.id }).from(investments).where(live).orderBy(asc(investments.id)).get())?.id ?? 0;
    db.$client.close();
    expect(membersOnlyId).toBeGreaterThan(0);
    const member = new RestClient(cachedBase);
    await member.csrf();
    expect((await member.send("POST", "/sanctum/login", { email: "member@example.com", password: "mypage-demo-2026" })).status).toBe(200);
    const token = member.jar.get("kir_session") ?? "";
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    // Written the way a member's client (or an attacker holding a member's session) might send them.
    const variants = [
      `kir_session =${token}`,
      `kir_session\t=${token}`,
      `theme=dark;kir_session = ${token}`,
      ` kir_session =${token}; theme=dark`,
      `kir_session=; kir_session =${token}`,
      `kir_session =${token}; kir_session=${token}`,
      `kir_session="${token}"`,
      `KIR_SESSION=${token}`,
      `Kir_Session =${token}`,
      `kir_session=${encodeURIComponent(token)}%`,
    ];
    const pages = [
      { path: "/investments", visitorView: "会員限定物件のご案内" },
      { path: `/investments/${membersOnlyId}`, visitorView: 'data-slot="locked-detail"' },
    ];
    let memberViews = 0;
    for (const [i, cookie] of variants.entries()) {
      for (const page of pages) {
        // A fresh cache entry per case; both processes of the cluster get the cookie (round robin).
        const url = `${page.path}?v=${Date.now()}-${i}`;
        for (let n = 0; n < 4; n++) {
          const res = await visit(url, { cookie });
          expect(res.status, cookie).toBe(200);
          if (!res.html.includes(page.visitorView)) memberViews++;
        }
        for (let n = 0; n < 6; n++) {
          const res = await visit(url);
          expect(res.html.includes(page.visitorView), `${page.path} after ${JSON.stringify(cookie)}`).toBe(true);
        }
      }
    }
    // The app did read the session in the whitespace variants: the cache had members' pages to refuse.
    expect(memberViews).toBeGreaterThan(0);
  });

  it("shows staff changes made on another server at once (Redis pub/sub)", async () => {
    await warm("/corporate");
    const note = `年末年始は12月${10 + (Date.now() % 18)}日から休業いたします（キャッシュ確認）`;
    expect((await visit("/corporate")).html).not.toContain(note);
    await saveHolidayNote(note);
    // Both processes of the cached server render afresh and show the new note.
    const deadline = Date.now() + 5000;
    let seen = 0;
    while (seen < 4 && Date.now() < deadline) {
      const res = await visit("/corporate");
      if (res.html.includes(note)) seen++;
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen).toBe(4);
  });
});
