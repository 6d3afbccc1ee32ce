import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { z } from "@/schemas/zod";
import { openDb, type Db } from "@/server/db";
import { TOO_MANY_MESSAGE } from "@/server/auth/rate-limit";
import { investments } from "@/server/db/schema";
import { routes } from "@/server/rest/routes";
import { createUser } from "../helpers/factories";
import { contractLog, RestClient } from "./rest-client";

/**
 * The REST contract of spec §7 over real HTTP, the way the old SPA calls it.
 * Every success answer is also checked against its route's pinned output
 * schema by the client (rest-client.ts checkContract): a body that drifts
 * from its schema, or carries a field the schema does not declare, fails the
 * test that received it.
 */
const base = inject("baseURL");
let db: Db;
let publicId: number;
let membersOnlyId: number;
beforeAll(async () => {
  db = await openDb(inject("databaseURL"));
  const p = await db
    .select({ id: investments.id })
    .from(investments)
    .where(and(eq(investments.public, true), eq(investments.members, false)))
    .get();
  const m = await db
    .select({ id: investments.id })
    .from(investments)
    .where(and(eq(investments.public, true), eq(investments.members, true)))
    .get();
  publicId = p!.id;
  membersOnlyId = m!.id;
});
afterAll(() => db?.$client.close());

async function member(): Promise<RestClient> {
  const c = new RestClient(base);
  await c.csrf();
  const r = await c.send("POST", "/sanctum/login", { email: "member@example.com", password: "mypage-demo-2026" });
  expect(r.status).toBe(200);
  return c;
}

async function admin(): Promise<RestClient> {
  const c = new RestClient(base);
  await c.csrf();
  expect((await c.send("POST", "/sanctum/admin/login", { email: "admin@example.com", password: "kanri-demo-2026" })).status).toBe(200);
  return c;
}

describe("Sanctum XSRF", () => {
  it("GET /sanctum/csrf-cookie answers 204 with a script-readable XSRF-TOKEN", async () => {
    const c = new RestClient(base);
    const res = await c.csrf();
    expect(res.status).toBe(204);
    const cookies = res.headers.getSetCookie();
    const xsrf = cookies.find((x) => x.startsWith("XSRF-TOKEN="))!;
    expect(xsrf).toMatch(/SameSite=Lax/);
    expect(xsrf).not.toMatch(/HttpOnly/i);
    expect(cookies.find((x) => x.startsWith("kir_xsrf="))).toMatch(/HttpOnly/);
  });

  it("a POST without the header, or with a wrong or foreign token, is 419 and changes nothing", async () => {
    const c = new RestClient(base);
    await c.csrf();
    const missing = await c.raw("POST", "/sanctum/login", { email: "member@example.com", password: "mypage-demo-2026" });
    expect(missing.status).toBe(419);
    expect(await missing.json()).toEqual({ message: "CSRF token mismatch." });
    expect(missing.headers.getSetCookie().some((x) => x.startsWith("kir_session="))).toBe(false);
    const wrong = await c.raw("POST", "/sanctum/login", { email: "member@example.com", password: "mypage-demo-2026" }, { "x-xsrf-token": "nope" });
    expect(wrong.status).toBe(419);
    const other = new RestClient(base);
    await other.csrf();
    const foreign = await c.raw("POST", "/sanctum/login", {}, { "x-xsrf-token": decodeURIComponent(other.xsrf()!) });
    expect(foreign.status).toBe(419);
  });
});

describe("auth routes", () => {
  it("login, user/info, logout (204) and the session is gone", async () => {
    const c = await member();
    const info = await c.get("/api/user/info");
    expect(info.status).toBe(200);
    expect(info.json).toMatchObject({ email: "member@example.com", names: { last: expect.any(String) } });
    expect(info.json._id).toEqual(expect.any(Number));
    expect(JSON.stringify(info.json)).not.toMatch(/password_hash|argon2|kir_session/);
    const out = await c.send("POST", "/sanctum/logout");
    expect(out.status).toBe(204);
    expect((await c.get("/api/user/info")).status).toBe(401);
    expect((await c.get("/api/user/info")).json).toEqual({ message: "Unauthenticated." });
  });

  it("422 with the exact error shape, Japanese messages in dot notation", async () => {
    const c = new RestClient(base);
    await c.csrf();
    const r = await c.send("POST", "/sanctum/register", { token: "x", password: "abc", password_confirmation: "abd", names: { last: "", first: "" } });
    expect(r.status).toBe(422);
    expect(r.json.errors["names.last"]).toEqual(["姓を入力してください"]);
    expect(r.json.errors.password).toEqual(["パスワードは8文字以上で入力してください"]);
    const count = Object.values(r.json.errors as Record<string, string[]>).flat().length;
    expect(r.json.message).toBe(`${Object.values(r.json.errors as Record<string, string[]>)[0]![0]} (and ${count - 1} more errors)`);
    for (const [path, body] of [
      ["/sanctum/signup", { email: "not-an-email" }],
      ["/sanctum/login", { email: "", password: "" }],
      ["/sanctum/forgot-password", { email: "x" }],
      ["/sanctum/admin/forgot-password", {}],
      ["/sanctum/reset-password", { token: "", password: "" }],
      ["/sanctum/reset-password/first-login", { email: "a@b" }],
    ] as const) {
      const res = await c.send("POST", path, body);
      expect(res.status, path).toBe(422);
      expect(Object.keys(res.json.errors).length, path).toBeGreaterThan(0);
    }
  });

  it("429 with the Japanese message and Retry-After after repeated failed logins", async () => {
    const c = new RestClient(base);
    await c.csrf();
    const email = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) expect((await c.send("POST", "/sanctum/login", { email, password: "wrong-pass" })).status).toBe(422);
    const r = await c.send("POST", "/sanctum/login", { email, password: "wrong-pass" });
    expect(r.status).toBe(429);
    expect(r.json).toEqual({ message: TOO_MANY_MESSAGE });
    expect(Number(r.res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("member routes", () => {
  it("401 without a session on every member route", async () => {
    const c = new RestClient(base);
    await c.csrf();
    for (const [m, p] of [
      ["GET", "/api/user/filter"],
      ["GET", "/api/user/matchings"],
      ["GET", "/api/user/contact"],
      ["POST", "/api/user/password"],
      ["PATCH", `/api/user/bookmark/${publicId}`],
      ["DELETE", "/api/user/matchings"],
    ] as const) {
      const r = m === "GET" ? await c.get(p) : await c.send(m, p, {});
      expect(r.status, `${m} ${p}`).toBe(401);
    }
  });

  it("bookmarks, filters (with the name check), matchings and contacts", async () => {
    const c = await member();
    expect((await c.send("PATCH", `/api/user/bookmark/${publicId}`)).json).toEqual({ status: true });
    expect((await c.send("DELETE", `/api/user/bookmark/${publicId}`)).json).toEqual({ status: true });
    expect((await c.send("DELETE", `/api/user/bookmark/${publicId}`)).status).toBe(404);

    const name = `条件${Date.now()}`;
    const created = await c.send("PATCH", "/api/user/filter", { name, query: { re: [3], lp: 5000 } });
    expect(created.status).toBe(201);
    const id = created.json._id as number;
    expect((await c.get(`/api/user/filter/check/0/${encodeURIComponent(name)}`)).json).toEqual({ exists: true });
    expect((await c.get(`/api/user/filter/check/${id}/${encodeURIComponent(name)}`)).json).toEqual({ exists: false });
    const dup = await c.send("PATCH", "/api/user/filter", { name, query: {} });
    expect(dup.status).toBe(422);
    expect(dup.json.errors.name).toEqual(["この名前の検索条件は既に保存されています"]);
    const list = await c.get("/api/user/filter");
    expect(list.json.find((f: { _id: number }) => f._id === id)).toMatchObject({ name, query: { re: [3], lp: 5000 } });
    expect((await c.send("PATCH", `/api/user/filter/${id}`, { name: `${name}改` })).json).toEqual({ status: true });
    expect((await c.send("DELETE", `/api/user/filter/${id}`)).json).toEqual({ status: true });

    expect(Array.isArray((await c.get("/api/user/matchings")).json)).toBe(true);
    expect((await c.send("DELETE", "/api/user/matchings", { ids: [2_000_000_000] })).json).toEqual({ deleted: 0 });
    expect(Array.isArray((await c.get("/api/user/contact")).json)).toBe(true);
    const pw = await c.send("POST", "/api/user/password", { current_password: "wrong-one", password: "newpass1", password_confirmation: "newpass1" });
    expect(pw.json).toEqual({ status: false });
    const bad = await c.send("POST", "/api/user/notification", { matching: "sometimes", newsletter: "yes" });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors).sort()).toEqual(["matching", "newsletter"]);
  });

  it("another member's filter is 404, never the data, and stays", async () => {
    const a = await member();
    const name = `他人${Date.now()}`;
    const id = (await a.send("PATCH", "/api/user/filter", { name, query: { ty: [1] } })).json._id as number;
    const intruder = await createUser(db, { email: `intruder-${Date.now()}@example.com` });
    const b = new RestClient(base);
    await b.csrf();
    expect((await b.send("POST", "/sanctum/login", { email: intruder.email, password: "secret-pass" })).status).toBe(200);
    expect((await b.send("DELETE", `/api/user/filter/${id}`)).status).toBe(404);
    expect((await b.send("PATCH", `/api/user/filter/${id}`, { name: "乗っ取り" })).status).toBe(404);
    expect((await b.get("/api/user/filter")).json).toEqual([]);
    const mine = (await a.get("/api/user/filter")).json as { _id: number; name: string }[];
    expect(mine.find((f) => f._id === id)?.name).toBe(name);
    await a.send("DELETE", `/api/user/filter/${id}`);
  });

  it("an admin session is 403 on member routes, a member 403 on admin routes", async () => {
    const ad = await admin();
    expect((await ad.get("/api/user/info")).status).toBe(403);
    expect((await ad.get("/api/admin/user/info")).status).toBe(200);
    const m = await member();
    expect((await m.get("/api/admin/user/info")).status).toBe(403);
  });
});

describe("public routes", () => {
  it("GET /api/options has the spec's shape", async () => {
    const r = await new RestClient(base).get("/api/options");
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ members: expect.any(Number), investment: { members: expect.any(Number), public: expect.any(Number) } });
  });

  it("search and detail follow the visibility rules", async () => {
    const v = new RestClient(base);
    const list = await v.get("/api/investments?re=3&sr=price_asc");
    expect(list.status).toBe(200);
    expect(list.json.items.length).toBeGreaterThan(0);
    expect(list.json.items.every((i: { members: boolean }) => i.members === false)).toBe(true);
    expect(list.json.items[0]).toMatchObject({ _id: expect.any(Number), price: expect.any(Number) });
    expect(list.json.items[0]).not.toHaveProperty("id");
    expect(list.json.page_size).toBeGreaterThan(0);
    const detail = await v.get(`/api/investments/${publicId}`);
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({ locked: false, _id: publicId, price_history: expect.any(Array) });
    const locked = await v.get(`/api/investments/${membersOnlyId}`);
    expect(locked.json).toEqual({ locked: true });
    expect(JSON.stringify(locked.json)).not.toMatch(/"price"|"name"|"images"/);
    expect((await (await member()).get(`/api/investments/${membersOnlyId}`)).json).toMatchObject({ locked: false, _id: membersOnlyId, members: true });
    expect((await v.get("/api/investments?lp=abc&re=99")).status).toBe(200); // garbage is ignored, never a 500
  });

  it("unknown paths are JSON 404s and the OpenAPI document lists every route", async () => {
    const v = new RestClient(base);
    const r = await v.get("/api/nothing/here");
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ message: "Not Found" });
    const doc = await v.get("/api/openapi.json");
    expect(doc.json.openapi).toBe("3.1.0");
    expect(Object.keys(doc.json.paths)).toEqual(expect.arrayContaining(["/sanctum/login", "/api/user/filter/check/{id}/{name}", "/api/options"]));
  });
});

describe("admin routes", () => {
  it("account search/item/status/type/delete/deleted list, options and the property-number check", async () => {
    const ad = await admin();
    const target = await createUser(db, { email: `rest-admin-${Date.now()}@example.com`, last_name: "管理対象" });
    const found = await ad.get(`/api/admin/account/search?email=${encodeURIComponent(target.email)}`);
    expect(found.status).toBe(200);
    expect(JSON.stringify(found.json)).toContain(target.email);
    expect((await ad.get(`/api/admin/account/item/${target.id}`)).status).toBe(200);
    expect((await ad.send("PATCH", `/api/admin/account/status/${target.id}/suspended`)).status).toBe(200);
    expect((await ad.send("PATCH", `/api/admin/account/type/${target.id}/corporate`)).status).toBe(200);
    const badStatus = await ad.send("PATCH", `/api/admin/account/status/${target.id}/king`);
    expect(badStatus.status).toBe(422);
    expect(badStatus.json.errors.status[0]).toMatch(/^ステータスは次のいずれか/);
    expect((await ad.send("DELETE", `/api/admin/account/${target.id}`)).status).toBe(200);
    expect(JSON.stringify((await ad.get(`/api/admin/account/deleted/search?email=${encodeURIComponent(target.email)}`)).json)).toContain(target.email);
    expect((await ad.get(`/api/admin/account/deleted/item/${target.id}`)).status).toBe(200);
    expect((await ad.send("DELETE", `/api/admin/account/deleted/${target.id}`)).status).toBe(200);
    expect((await ad.get(`/api/admin/account/deleted/item/${target.id}`)).status).toBe(404);
    const no = (await db.select({ no: investments.no }).from(investments).where(eq(investments.id, publicId)).get())?.no;
    expect((await ad.get(`/api/admin/investment/exists/0/${encodeURIComponent(no ?? "none")}`)).json).toEqual({ exists: Boolean(no) });
    expect((await ad.get(`/api/admin/investment/exists/${publicId}/${encodeURIComponent(no ?? "none")}`)).json).toEqual({ exists: false });
    const bad = await ad.send("POST", "/api/admin/options", { counts_override: { members: -5 } });
    expect(bad.status).toBe(422);
  });

  it("registers a member (201 with the new _id), then removes them for good", async () => {
    const ad = await admin();
    const email = `rest-created-${Date.now()}@example.com`;
    const created = await ad.send("POST", "/api/admin/account", {
      email,
      names: { last: "登録", first: "太郎" },
      kanas: { last: "トウロク", first: "タロウ" },
      type: "individual",
    });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ _id: expect.any(Number) });
    const item = await ad.get(`/api/admin/account/item/${created.json._id}`);
    expect(item.json.profile).toMatchObject({ _id: created.json._id, email, status: "provisional", must_reset_password: true });
    expect((await ad.send("DELETE", `/api/admin/account/${created.json._id}`)).json).toEqual({ status: true });
    expect((await ad.send("DELETE", `/api/admin/account/deleted/${created.json._id}`)).json).toEqual({ status: true });
  });

  it("a member and a visitor are refused on admin routes", async () => {
    const m = await member();
    expect((await m.get("/api/admin/account/search")).status).toBe(403);
    expect((await m.send("POST", "/api/admin/options", {})).status).toBe(403);
    const v = new RestClient(base);
    await v.csrf();
    expect((await v.get("/api/admin/account/item/1")).status).toBe(401);
    expect((await v.send("DELETE", "/api/admin/account/deleted/1")).status).toBe(401);
  });
});

describe("API documentation page", () => {
  it("is readable by an admin under the base path and hidden from others", async () => {
    const ad = await admin();
    const page = await ad.raw("GET", "/_kanri-7f3c/api-docs");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("/api/user/filter/check/{id}/{name}");
    expect(html).toContain("API仕様");
    const visitor = await new RestClient(base).raw("GET", "/_kanri-7f3c/api-docs");
    expect([302, 303, 307, 308]).toContain(visitor.status);
  });
});

describe("pinned response schemas", () => {
  // Runs last: the calls above have filled the contract log (each body already checked against its route's pin).
  it("the suite's success answers covered these routes, and each matched the route's output schema", () => {
    const covered = [...contractLog.keys()];
    expect(covered).toEqual(
      expect.arrayContaining([
        "POST /sanctum/login",
        "POST /sanctum/admin/login",
        "POST /sanctum/logout",
        "GET /api/user/info",
        "GET /api/admin/user/info",
        "PATCH /api/user/bookmark/:id",
        "PATCH /api/user/filter",
        "GET /api/user/filter",
        "GET /api/user/filter/check/:id/:name",
        "GET /api/user/matchings",
        "DELETE /api/user/matchings",
        "GET /api/user/contact",
        "POST /api/user/password",
        "GET /api/options",
        "GET /api/investments",
        "GET /api/investments/:id",
        "GET /api/admin/account/search",
        "GET /api/admin/account/item/:id",
        "POST /api/admin/account",
        "PATCH /api/admin/account/status/:id/:status",
        "GET /api/admin/account/deleted/search",
        "GET /api/admin/account/deleted/item/:id",
        "GET /api/admin/investment/exists/:id/:no",
      ]),
    );
    for (const name of covered)
      expect(
        routes.some((r) => `${r.method} ${r.path}` === name),
        name,
      ).toBe(true);
  });

  it("the served /api/openapi.json describes those same bodies (its schemas read back with zod)", async () => {
    const doc = (await new RestClient(base).get("/api/openapi.json")).json;
    for (const [name, bodies] of contractLog) {
      const def = routes.find((r) => `${r.method} ${r.path}` === name)!;
      const op = doc.paths[def.path.replace(/:([a-z_]+)/gi, "{$1}")][def.method.toLowerCase()];
      if (def.status === 204) {
        expect(op.responses["204"].content, name).toBeUndefined();
        continue;
      }
      const schema = z.fromJSONSchema(op.responses[String(def.status ?? 200)].content["application/json"].schema);
      for (const body of bodies) expect(schema.safeParse(body).error?.issues, name).toBeUndefined();
    }
  });
});
