import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import { count } from "drizzle-orm";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET, POST } from "@/app/api/trpc/[trpc]/route";
import { batchTooLargeMessage, TRPC_CLIENT_MAX_ITEMS } from "@/lib/constants/api";
import { TOO_MANY_CALLS_MESSAGE } from "@/server/api/fetch";
import type { AppRouter } from "@/server/api/root";
import { closeDb, getDb, type Db } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { contacts } from "@/server/db/schema";
import { PEER_HEADER, peerHeaderValue } from "@/server/request/client-ip";
import { closeRedis } from "@/server/redis/client";
import { BATCH_LINK_OPTIONS } from "@/trpc/batch-link";
import { newEmail, nextIp, purgeRedisPrefix, redisReady, setTestEnv, uniquePrefix } from "../../helpers/accounts";
import { testDbUrl } from "../../helpers/db";
import { validInput } from "../contacts/fixtures";

/** Issue 27 item 3: /api/trpc batches are capped, and every call of a batch counts against the client's budget. */
const BASE = "http://localhost:3000";
const CAP = 20;
const PER_MINUTE = 30;
let db: Db;
let dir = "";
let prefix = "";
let restore: (() => void) | undefined;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "kir-batch-"));
  prefix = uniquePrefix("batch");
  restore = setTestEnv({
    DATABASE_URL: await testDbUrl(dir, "batch.db"),
    APP_URL: BASE,
    REDIS_PREFIX: prefix,
    TRPC_MAX_BATCH: String(CAP),
    TRPC_CALLS_PER_MINUTE: String(PER_MINUTE),
    RECAPTCHA_SITE_KEY: undefined,
    RECAPTCHA_SECRET_KEY: undefined,
  });
  db = await getDb();
  await migrateDb(db);
  await redisReady();
});
afterAll(async () => {
  await closeDb();
  await purgeRedisPrefix(prefix);
  await closeRedis();
  restore?.();
  rmSync(dir, { recursive: true, force: true });
});

/** Headers of a browser at `ip`, as the production server hands them to the app. */
function headersFor(ip: string): Record<string, string> {
  return { "sec-fetch-site": "same-origin", [PEER_HEADER]: peerHeaderValue(ip)! };
}

/** A batched GET of `n` calls of public.session.state, as httpBatchLink writes it. */
async function batchGet(n: number, ip: string) {
  const paths = Array.from({ length: n }, () => "public.session.state").join(",");
  const res = await GET(new Request(`${BASE}/api/trpc/${paths}?batch=1&input=${encodeURIComponent("{}")}`, { headers: headersFor(ip) }));
  return { status: res.status, body: (await res.json()) as unknown };
}

/** A batched POST of `n` inquiries (each would store a row and queue two mails). */
async function batchContacts(n: number, ip: string) {
  const paths = Array.from({ length: n }, () => "public.contacts.other").join(",");
  const inputs = Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), { json: validInput("other", newEmail(`batch${i}`)) }]));
  const res = await POST(
    new Request(`${BASE}/api/trpc/${paths}?batch=1`, {
      method: "POST",
      headers: { ...headersFor(ip), "content-type": "application/json" },
      body: JSON.stringify(inputs),
    }),
  );
  return { status: res.status, body: (await res.json()) as unknown };
}

const storedContacts = async () => (await db.select({ n: count() }).from(contacts).get())?.n ?? 0;
const messageOf = (body: unknown) => (body as { error?: { json?: { message?: string } } }).error?.json?.message;

describe("batch size", () => {
  it("a batch of cap + 1 is a 400 with the Japanese message, and none of its calls runs", async () => {
    const before = await storedContacts();
    const r = await batchContacts(CAP + 1, nextIp());
    expect(r.status).toBe(400);
    expect(messageOf(r.body)).toBe(batchTooLargeMessage(CAP));
    expect(await storedContacts()).toBe(before);

    const g = await batchGet(CAP + 1, nextIp());
    expect(g.status).toBe(400);
    expect(messageOf(g.body)).toBe("一度に送信できるリクエストは20件までです。");
  });

  it("commas encoded in the path count as well", async () => {
    const paths = Array.from({ length: CAP + 1 }, () => "public.session.state").join("%2C");
    const res = await GET(new Request(`${BASE}/api/trpc/${paths}?batch=1&input=%7B%7D`, { headers: headersFor(nextIp()) }));
    expect(res.status).toBe(400);
  });

  it("a batch of exactly the cap runs every call", async () => {
    const r = await batchGet(CAP, nextIp());
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(CAP);
    expect((r.body as { result?: unknown }[]).every((x) => x.result !== undefined)).toBe(true);
  });
});

describe("per-client budget", () => {
  it("counts each call of a batch: 20 then 11 calls from one address pass a 30-a-minute budget by one, and the second batch runs nothing", async () => {
    const ip = nextIp();
    expect((await batchGet(20, ip)).status).toBe(200);
    const before = await storedContacts();
    const r = await batchContacts(11, ip);
    expect(r.status).toBe(429);
    expect(messageOf(r.body)).toBe(TOO_MANY_CALLS_MESSAGE);
    expect(await storedContacts()).toBe(before);
    // Another address has its own budget.
    expect((await batchGet(20, nextIp())).status).toBe(200);
  });
});

describe("per-action limits inside a batch", () => {
  it("each inquiry of a batch counts against the 10-an-hour per-IP inquiry limit: 11 in one batch store 10", async () => {
    const before = await storedContacts();
    const r = await batchContacts(11, nextIp());
    expect(r.status).toBe(207); // tRPC: a batch of mixed outcomes is a multi-status
    const codes = (r.body as { result?: unknown; error?: { json: { data: { code: string } } } }[]).map((x) => x.error?.json.data.code ?? "OK");
    expect(codes.filter((c) => c === "OK")).toHaveLength(10);
    expect(codes.filter((c) => c === "TOO_MANY_REQUESTS")).toHaveLength(1);
    expect(await storedContacts()).toBe(before + 10);
  });
});

describe("the browser's batch link", () => {
  function client(ip: string, opts: { maxItems?: number; maxURLLength?: number } = {}, seen: number[] = []) {
    return createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          ...BATCH_LINK_OPTIONS,
          ...opts,
          transformer: superjson,
          fetch: async (url, init) => {
            const u = new URL(String(url), BASE);
            seen.push(u.searchParams.get("batch") === "1" ? u.pathname.split(",").length : 1);
            const headers = new Headers(init?.headers as HeadersInit);
            for (const [k, v] of Object.entries(headersFor(ip))) headers.set(k, v);
            return GET(new Request(u, { ...(init as RequestInit), headers }));
          },
        }),
      ],
    });
  }

  it("splits what a page asks at once into batches under the server's cap, and every call is answered", async () => {
    const seen: number[] = [];
    const c = client(nextIp(), {}, seen);
    const results = await Promise.all(Array.from({ length: 25 }, () => c.public.session.state.query()));
    expect(results).toHaveLength(25);
    expect(TRPC_CLIENT_MAX_ITEMS).toBeLessThanOrEqual(CAP);
    expect(Math.max(...seen)).toBeLessThanOrEqual(TRPC_CLIENT_MAX_ITEMS);
  });

  it("a client batching more than the cap reads the Japanese message", async () => {
    const seen: number[] = [];
    const c = client(nextIp(), { maxItems: 100, maxURLLength: Infinity }, seen);
    const settled = await Promise.allSettled(Array.from({ length: CAP + 1 }, () => c.public.session.state.query()));
    expect(seen).toEqual([CAP + 1]);
    const first = settled[0];
    expect(first?.status).toBe("rejected");
    const reason = (first as PromiseRejectedResult).reason as unknown;
    expect(reason).toBeInstanceOf(TRPCClientError);
    expect((reason as Error).message).toBe(batchTooLargeMessage(CAP));
  });
});
