import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { GET as trpcGet, POST as trpcPost } from "@/app/api/trpc/[trpc]/route";
import { appRouter } from "@/server/api/root";
import { adminProcedure, memberProcedure } from "@/server/api/trpc";
import { createSession, SESSION_COOKIE } from "@/server/auth/session";
import { closeDb, getDb, type Db } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { bookmarks, contacts, filters, investment_views, investments, matchings, users } from "@/server/db/schema";
import { closeRedis } from "@/server/redis/client";
import { handleRest } from "@/server/rest/handler";
import { seedDemo } from "@/seed";
import { purgeRedisPrefix, redisReady, setTestEnv, uniquePrefix } from "../../helpers/accounts";
import { createAdmin, createUser } from "../../helpers/factories";
import { testDbUrl } from "../../helpers/db";

/**
 * The attacked site in-process for the security proofs: a demo-seeded
 * database behind the real tRPC route handler and the real REST handler,
 * members A and B (A owns a bookmark, a saved filter, a matching, an
 * inquiry and a viewing record), a suspended member and an administrator.
 */
export const BASE = "http://localhost:3000";
export const ROLES = ["visitor", "memberA", "memberB", "suspended", "admin"] as const;
export type Role = (typeof ROLES)[number];
export type Tier = "public" | "member" | "admin";

type ProcDef = { _def: { type: "query" | "mutation" | "subscription"; middlewares: unknown[] } };
export const procedures = (appRouter._def as unknown as { procedures: Record<string, ProcDef> }).procedures;

/** The tier a procedure is built on, read from its middleware chain (not from its name). */
export function tierOf(p: ProcDef): Tier {
  const [memberGuard] = (memberProcedure as unknown as ProcDef)._def.middlewares;
  const [adminGuard] = (adminProcedure as unknown as ProcDef)._def.middlewares;
  if (p._def.middlewares.includes(adminGuard)) return "admin";
  if (p._def.middlewares.includes(memberGuard)) return "member";
  return "public";
}

export type World = {
  db: Db;
  ids: {
    memberA: number;
    memberB: number;
    suspended: number;
    admin: number;
    publicListing: number;
    membersOnlyListing: number;
    privateListing: number;
    membersOnlyNames: string[];
    aFilter: number;
    aMatching: number;
    aContact: number;
  };
  /** A fresh session cookie for the role on every call (procedures such as logout end the one they get). */
  cookie(role: Role): Promise<string>;
};

export function useSecurityWorld(): World {
  const world = { ids: {} } as World;
  let dir = "";
  let prefix = "";
  let restore: (() => void) | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "kir-sec-"));
    prefix = uniquePrefix("sec");
    restore = setTestEnv({
      DATABASE_URL: await testDbUrl(dir, "sec.db"),
      APP_URL: BASE,
      REDIS_PREFIX: prefix,
      UPLOAD_DIR: path.join(dir, "uploads"),
      RECAPTCHA_SITE_KEY: undefined,
      RECAPTCHA_SECRET_KEY: undefined,
    });
    const db = await getDb();
    await migrateDb(db);
    await seedDemo(db, { root: path.join(dir, "uploads"), listings: 30, members: 2 });
    await redisReady();
    const a = await createUser(db, { last_name: "甲野" });
    const b = await createUser(db, { last_name: "乙川" });
    const s = await createUser(db, { status: "suspended" });
    const admin = await createAdmin(db);
    const pub = (await db
      .select({ id: investments.id })
      .from(investments)
      .where(and(eq(investments.public, true), eq(investments.members, false)))
      .get())!.id;
    const mo = await db
      .select({ id: investments.id, name: investments.name })
      .from(investments)
      .where(and(eq(investments.public, true), eq(investments.members, true)))
      .all();
    const openNames = new Set((await db.select({ name: investments.name }).from(investments).where(eq(investments.members, false)).all()).map((r) => r.name));
    const priv = (await db.select({ id: investments.id }).from(investments).where(eq(investments.public, false)).get())?.id ?? 0;
    await db.insert(bookmarks).values({ user_id: a.id, investment_id: pub, price_at_bookmark: 1000 });
    const [f] = await db
      .insert(filters)
      .values({ user_id: a.id, name: "甲野の条件", query: { re: "3" } })
      .returning({ id: filters.id });
    const [m] = await db
      .insert(matchings)
      .values({ user_id: a.id, investment_id: pub, filter_id: f!.id, reason: "new", price: 1000 })
      .returning({ id: matchings.id });
    const [c] = await db
      .insert(contacts)
      .values({
        kind: "other",
        user_id: a.id,
        inquiry: { main: ["other"] },
        last_name: "甲野",
        kana_last: "コウノ",
        email: a.email,
        comment: "甲野の問い合わせ",
      })
      .returning({ id: contacts.id });
    await db.insert(investment_views).values({ user_id: a.id, investment_id: pub, viewed_at: new Date() });
    Object.assign(world, {
      db,
      ids: {
        memberA: a.id,
        memberB: b.id,
        suspended: s.id,
        admin: admin.id,
        publicListing: pub,
        membersOnlyListing: mo[0]!.id,
        privateListing: priv,
        membersOnlyNames: mo.map((r) => r.name).filter((n) => !openNames.has(n)),
        aFilter: f!.id,
        aMatching: m!.id,
        aContact: c!.id,
      },
      async cookie(role: Role) {
        const user = { memberA: a.id, memberB: b.id, suspended: s.id } as Record<string, number>;
        if (role === "visitor") return "";
        if (role === "admin") return `${SESSION_COOKIE.admin}=${(await createSession(db, "admin", admin.id)).token}`;
        return `${SESSION_COOKIE.user}=${(await createSession(db, "user", user[role]!)).token}`;
      },
    } satisfies World);
  });

  afterAll(async () => {
    await closeDb();
    await purgeRedisPrefix(prefix);
    await closeRedis();
    restore?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  return world;
}

export type Answer = { status: number; body: unknown; text: string };

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: res.status, body, text };
}

/** One tRPC call through the app's route handler, as the browser's client sends it (superjson, same-origin). */
export async function trpc(path: string, type: "query" | "mutation", input: unknown, cookie: string): Promise<Answer> {
  const headers: Record<string, string> = { "sec-fetch-site": "same-origin", "x-forwarded-for": "10.250.0.1" };
  if (cookie) headers.cookie = cookie;
  const payload = input === undefined ? {} : { json: input };
  if (type === "query") {
    const req = new Request(`${BASE}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(payload))}`, { headers });
    return answer(await trpcGet(req));
  }
  const req = new Request(`${BASE}/api/trpc/${path}`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(payload),
  });
  return answer(await trpcPost(req));
}

let xsrf: { jar: string[]; token: string } | undefined;
/** One REST call through handleRest; state-changing ones carry the Sanctum XSRF pair like the SPA. */
export async function rest(method: string, pathAndQuery: string, body: unknown, cookie: string): Promise<Answer> {
  if (!xsrf) {
    const res = await handleRest(new Request(`${BASE}/sanctum/csrf-cookie`));
    const jar = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
    xsrf = { jar, token: decodeURIComponent(jar.find((c) => c.startsWith("XSRF-TOKEN="))!.slice("XSRF-TOKEN=".length)) };
  }
  const cookies = [...xsrf.jar, ...(cookie ? [cookie] : [])].join("; ");
  const headers: Record<string, string> = { cookie: cookies, "x-forwarded-for": "10.250.0.2" };
  const init: RequestInit = { method, headers };
  if (method !== "GET") {
    headers["content-type"] = "application/json";
    headers["x-xsrf-token"] = xsrf.token;
    init.body = typeof body === "string" ? body : JSON.stringify(body ?? {});
  }
  return answer(await handleRest(new Request(BASE + pathAndQuery, init)));
}

/** The tRPC error code of an answer (null on success). */
export function trpcCode(a: Answer): string | null {
  const b = a.body as { error?: { json?: { data?: { code?: string } } } } | null;
  return b?.error?.json?.data?.code ?? null;
}

/** The message a rejected call shows (tRPC or REST). */
export function messageOf(a: Answer): string {
  const b = a.body as { error?: { json?: { message?: string } }; message?: string } | null;
  return b?.error?.json?.message ?? b?.message ?? "";
}

export const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

export { users };
