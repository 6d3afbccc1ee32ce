import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE } from "@/server/auth/session";
import { closeDb, openDb, type Db } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { contacts, investments, users } from "@/server/db/schema";
import { PEER_HEADER, peerHeaderValue } from "@/server/request/client-ip";
import { handleRest } from "@/server/rest/handler";
import type { RouteDef } from "@/server/rest/route";
import { routes } from "@/server/rest/routes";
import { seedDemo } from "@/seed";
import { setTestEnv } from "../../helpers/accounts";
import { createAdmin } from "../../helpers/factories";
import { testDbUrl } from "../../helpers/db";

/**
 * The REST adapter end to end in-process (handleRest on a demo-seeded
 * database): every body is its route's pinned output schema, nothing more,
 * and a procedure answering something else fails closed.
 */
const BASE = "http://localhost:3000";
let dir: string;
let db: Db;
let restoreEnv: () => void;
let memberId: number;
let publicId: number;
let membersOnlyId: number;
const cookie: { member: string; admin: string; leaving: string } = { member: "", admin: "", leaving: "" };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "kir-rest-"));
  const url = await testDbUrl(dir, "rest.db");
  restoreEnv = setTestEnv({ DATABASE_URL: url, APP_URL: BASE });
  db = await openDb(url);
  await migrateDb(db);
  await seedDemo(db, { root: path.join(dir, "uploads"), listings: 40, members: 3 });
  memberId = (await db.select({ id: users.id }).from(users).where(eq(users.email, "member@example.com")).get())!.id;
  publicId = (await db
    .select({ id: investments.id })
    .from(investments)
    .where(and(eq(investments.public, true), eq(investments.members, false)))
    .get())!.id;
  membersOnlyId = (await db
    .select({ id: investments.id })
    .from(investments)
    .where(and(eq(investments.public, true), eq(investments.members, true)))
    .get())!.id;
  await db.insert(contacts).values({
    kind: "investment",
    investment_id: publicId,
    investment_snapshot: { no: null, name: "スナップショット", price: 1000 },
    user_id: memberId,
    inquiry: { main: ["document"] },
    last_name: "山田",
    kana_last: "ヤマダ",
    email: "member@example.com",
    comment: "資料をください",
  });
  cookie.member = `${SESSION_COOKIE.user}=${(await createSession(db, "user", memberId)).token}`;
  cookie.leaving = `${SESSION_COOKIE.user}=${(await createSession(db, "user", memberId)).token}`;
  cookie.admin = `${SESSION_COOKIE.admin}=${(await createSession(db, "admin", (await createAdmin(db)).id)).token}`;
});

afterAll(async () => {
  await closeDb();
  db?.$client.close();
  restoreEnv?.();
  rmSync(dir, { recursive: true, force: true });
});

function routeFor(method: string, path: string): RouteDef {
  const pathname = path.split("?")[0]!;
  const def = routes.find((r) => r.method === method && r.pattern.test(pathname));
  if (!def) throw new Error(`no route for ${method} ${path}`);
  return def;
}

async function get(path: string, who?: keyof typeof cookie) {
  const res = await handleRest(new Request(BASE + path, { headers: who ? { cookie: cookie[who] } : {} }));
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

/** A state-changing call as the SPA sends it: XSRF cookie first, then the token in X-XSRF-TOKEN. */
async function send(method: string, path: string, body: unknown, who?: keyof typeof cookie) {
  const csrf = await handleRest(new Request(BASE + "/sanctum/csrf-cookie"));
  const jar = csrf.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const token = decodeURIComponent(jar.find((c) => c.startsWith("XSRF-TOKEN="))!.slice("XSRF-TOKEN=".length));
  const res = await handleRest(
    new Request(BASE + path, {
      method,
      headers: {
        "content-type": "application/json",
        "x-xsrf-token": token,
        [PEER_HEADER]: peerHeaderValue("10.77.0.1") ?? "",
        cookie: [...jar, ...(who ? [cookie[who]] : [])].join("; "),
      },
      body: JSON.stringify(body),
    }),
  );
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

/** The body parses with the route's output schema AND nothing in it was left undeclared (parsing strips what is). */
function expectPinned(method: string, path: string, body: unknown) {
  const def = routeFor(method, path);
  if (def.status === 204) throw new Error(`${def.path} has no body`);
  const parsed = def.output.safeParse(body);
  expect(parsed.error?.issues, `${method} ${path}`).toBeUndefined();
  expect(parsed.data, `${method} ${path}: undeclared fields on the wire`).toStrictEqual(body);
}

describe("REST bodies are the routes' output schemas", () => {
  it("public: options, search pages and a listing use the spec's names", async () => {
    for (const p of ["/api/options", "/api/investments", "/api/investments?re=3&sr=price_asc&page=2", `/api/investments/${publicId}`]) {
      const r = await get(p);
      expect(r.status, p).toBe(200);
      expectPinned("GET", p, r.json);
    }
    const list = (await get("/api/investments")).json as { items: Record<string, unknown>[]; page_size: number };
    expect(list.page_size).toBeGreaterThan(0);
    expect(list.items.length).toBeGreaterThan(0);
    for (const card of list.items) {
      expect(card._id).toEqual(expect.any(Number));
      expect(card).not.toHaveProperty("id");
      expect(card.members).toBe(false);
    }
    const detail = (await get(`/api/investments/${publicId}`)).json!;
    expect(detail).toMatchObject({ locked: false, _id: publicId, price_history: expect.any(Array), transports: expect.any(Array) });
    expect(detail).not.toHaveProperty("id");
    expect(detail).not.toHaveProperty("priceHistory");
    for (const staffOnly of ["original", "keywords", "locality", "map", "created_by"]) expect(detail).not.toHaveProperty(staffOnly);
    if (detail.income) expect(Object.keys(detail.income as object).every((k) => k === "month" || k === "year")).toBe(true);
    for (const card of detail.related as Record<string, unknown>[]) expect(card).toHaveProperty("_id");
  });

  it("a list parameter may repeat its key, as the OpenAPI document describes it (style form, explode)", async () => {
    const ids = async (query: string) => (await get(`/api/investments?${query}`)).json as { items: { _id: number }[]; total: number };
    const [repeated, comma, one, other] = await Promise.all([ids("ty=1&ty=2&sr=price_asc"), ids("ty=1,2&sr=price_asc"), ids("ty=1"), ids("ty=2")]);
    expect(one.total + other.total).toBeGreaterThan(0);
    expect(repeated.total).toBe(one.total + other.total);
    expect(repeated).toEqual(comma);
  });

  it("a members-only listing is exactly { locked: true } for a visitor and the full record for a member", async () => {
    const locked = await get(`/api/investments/${membersOnlyId}`);
    expect(locked.status).toBe(200);
    expect(locked.json).toStrictEqual({ locked: true });
    const full = await get(`/api/investments/${membersOnlyId}`, "member");
    expect(full.json).toMatchObject({ locked: false, _id: membersOnlyId, members: true });
    expectPinned("GET", `/api/investments/${membersOnlyId}`, full.json);
  });

  it("member: info, saved filters, matchings and inquiries", async () => {
    for (const p of ["/api/user/info", "/api/user/filter", "/api/user/matchings", "/api/user/contact"]) {
      const r = await get(p, "member");
      expect(r.status, p).toBe(200);
      expectPinned("GET", p, r.json);
    }
    const filters = (await get("/api/user/filter", "member")).json as unknown as Record<string, unknown>[];
    expect(filters.length).toBeGreaterThan(0);
    expect(filters[0]).toMatchObject({ _id: expect.any(Number), count: expect.any(Number), created_at: expect.stringMatching(/Z$/) });
    const matchings = (await get("/api/user/matchings", "member")).json as unknown as { card: Record<string, unknown> | null }[];
    expect(matchings.length).toBeGreaterThan(0);
    const card = matchings.find((m) => m.card)?.card;
    expect(card?._id).toEqual(expect.any(Number));
    expect(card).not.toHaveProperty("id");
    const inquiries = (await get("/api/user/contact", "member")).json as unknown as Record<string, unknown>[];
    expect(inquiries).toEqual([expect.objectContaining({ _id: expect.any(Number), kind: "investment", investment_public: true })]);
  });

  it("admin: info, member search and detail, deleted list, property-number check", async () => {
    for (const p of [
      "/api/admin/user/info",
      "/api/admin/account/search",
      "/api/admin/account/search?email=member%40example.com",
      `/api/admin/account/item/${memberId}`,
      "/api/admin/account/deleted/search",
      "/api/admin/investment/exists/0/none",
    ]) {
      const r = await get(p, "admin");
      expect(r.status, p).toBe(200);
      expectPinned("GET", p, r.json);
    }
    const item = (await get(`/api/admin/account/item/${memberId}`, "admin")).json as { profile: Record<string, unknown>; filters: Record<string, unknown>[] };
    expect(item.profile._id).toBe(memberId);
    expect(item.profile).not.toHaveProperty("password_hash");
    expect(item.filters[0]).toHaveProperty("_id");
    const search = (await get("/api/admin/account/search?email=member%40example.com", "admin")).json as { items: Record<string, unknown>[] };
    expect(search.items.map((i) => i._id)).toEqual([memberId]);
  });
});

describe("creating calls answer 201 with the new row's _id; logout 204 without a body", () => {
  it("a saved filter, an inquiry, a staff-registered member, a logout", async () => {
    const filter = await send("PATCH", "/api/user/filter", { name: `REST ${Date.now()}`, query: { re: [3] } }, "member");
    expect(filter.status).toBe(201);
    expect(filter.json).toStrictEqual({ _id: expect.any(Number) });
    expectPinned("PATCH", "/api/user/filter", filter.json);

    const inquiry = await send("POST", "/api/contacts/other", {
      inquiry: { main: ["site"] },
      names: { last: "問合" },
      kanas: { last: "トイアワセ" },
      // Its own address each run: the per-address auto-reply limit (3 an hour) outlives a run in Redis.
      email: `rest-contact-${Date.now()}@example.com`,
      contact: { tel: "06-1234-5678", method: ["email"] },
      content: "REST からのお問い合わせ",
    });
    expect(inquiry.status).toBe(201);
    expect(inquiry.json).toStrictEqual({ status: true, _id: expect.any(Number) });
    expectPinned("POST", "/api/contacts/other", inquiry.json);

    const member = await send(
      "POST",
      "/api/admin/account",
      { email: `rest-new-${Date.now()}@example.com`, names: { last: "登録", first: "花子" }, kanas: { last: "トウロク", first: "ハナコ" }, type: "individual" },
      "admin",
    );
    expect(member.status).toBe(201);
    expect(member.json).toStrictEqual({ _id: expect.any(Number) });
    expectPinned("POST", "/api/admin/account", member.json);
    const logout = await send("POST", "/sanctum/logout", {}, "leaving");
    expect(logout).toStrictEqual({ status: 204, json: null });
  });
});

describe("the pin is enforced by the handler", () => {
  async function withCall<T>(method: string, path: string, call: RouteDef["call"], run: () => Promise<T>): Promise<T> {
    const def = routeFor(method, path);
    const original = def.call;
    def.call = call;
    try {
      return await run();
    } finally {
      def.call = original;
    }
  }

  it("a field the schema does not declare never reaches the client, however deep", async () => {
    const r = await withCall(
      "GET",
      "/api/options",
      async () => ({ members: 3, investment: { members: 1, public: 2, draft: 9 }, password_hash: "argon2id$…" }),
      () => get("/api/options"),
    );
    expect(r.status).toBe(200);
    expect(r.json).toStrictEqual({ members: 3, investment: { members: 1, public: 2 } });
  });

  it("a locked answer carrying listing data is cut back to { locked: true }", async () => {
    const r = await withCall(
      "GET",
      "/api/investments/:id",
      async () => ({ locked: true, name: "非公開の物件", price: 9800 }),
      () => get(`/api/investments/${membersOnlyId}`),
    );
    expect(r.json).toStrictEqual({ locked: true });
  });

  it("an answer that drifted from its schema is a 500 without details, not a body", async () => {
    const r = await withCall(
      "GET",
      "/api/options",
      async () => ({ members: "many", investment: { members: 1, public: 2 } }),
      () => get("/api/options"),
    );
    expect(r.status).toBe(500);
    expect(r.json).toStrictEqual({ message: "Server Error" });
  });

  it("timestamps leave as ISO strings (the schema describes the wire, not the Date objects)", async () => {
    const when = new Date("2026-11-21T03:00:00.000Z");
    const r = await withCall(
      "GET",
      "/api/user/matchings",
      async () => [
        {
          _id: 1,
          investment_id: 2,
          filter_id: null,
          filter_name: null,
          reason: "new",
          price: 1000,
          price_before: null,
          former_price: null,
          read_at: null,
          created_at: when,
          card: null,
        },
      ],
      () => get("/api/user/matchings", "member"),
    );
    expect(r.status).toBe(200);
    expect(r.json).toStrictEqual([expect.objectContaining({ created_at: "2026-11-21T03:00:00.000Z" })]);
  });
});
