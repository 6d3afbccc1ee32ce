import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jstToday } from "@/lib/jst-date";
import { addDaysIso, investmentForm, NEXT_UPDATE_MESSAGE, type InvestmentFormInput } from "@/schemas/admin/investment";
import { createSession, SESSION_COOKIE } from "@/server/auth/session";
import { closeDb, openDb, type Db } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { investments } from "@/server/db/schema";
import { PEER_HEADER, peerHeaderValue } from "@/server/request/client-ip";
import { saveInvestment } from "@/server/investments";
import { handleRest } from "@/server/rest/handler";
import { Browser, errorOf, setTestEnv, uniquePrefix } from "../../helpers/accounts";
import { testDbUrl } from "../../helpers/db";
import { createAdmin } from "../../helpers/factories";
import { validForm } from "./helpers";

/**
 * Issue 28 item 3 (表示規約 freshness): 次回更新予定日 at most 14 days after
 * 情報更新日 for a published listing, on every path that writes one — the
 * editor's procedures, the service on its own clock, REST (422), bulk publish,
 * duplicate — and migration 0015 for rows stored before.
 */
const BASE = "http://localhost:3000";
let dir: string;
let db: Db;
let restoreEnv: () => void;
let admin: Browser;
let adminCookie: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "kir-freshness-"));
  const url = await testDbUrl(dir, "fresh.db");
  restoreEnv = setTestEnv({ DATABASE_URL: url, APP_URL: BASE, REDIS_PREFIX: uniquePrefix() });
  db = await openDb(url);
  await migrateDb(db);
  const a = await createAdmin(db);
  admin = new Browser(db);
  const token = (await createSession(db, "admin", a.id)).token;
  admin.jar.set(SESSION_COOKIE.admin, token);
  adminCookie = `${SESSION_COOKIE.admin}=${token}`;
});

afterAll(async () => {
  await closeDb();
  db?.$client.close();
  restoreEnv?.();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const today = () => jstToday();
const create = (v: InvestmentFormInput) => admin.call((c) => c.admin.investments.create(v as never));
const rowOf = (id: number) => db.select().from(investments).where(eq(investments.id, id)).get();

async function send(method: string, p: string, body: unknown) {
  const csrf = await handleRest(new Request(BASE + "/sanctum/csrf-cookie"));
  const jar = csrf.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const token = decodeURIComponent(jar.find((c) => c.startsWith("XSRF-TOKEN="))!.slice("XSRF-TOKEN=".length));
  const res = await handleRest(
    new Request(BASE + p, {
      method,
      headers: {
        "content-type": "application/json",
        "x-xsrf-token": token,
        [PEER_HEADER]: peerHeaderValue("10.77.0.9") ?? "",
        cookie: [...jar, adminCookie].join("; "),
      },
      body: JSON.stringify(body),
    }),
  );
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

describe("editor save: 次回更新予定日 within 14 days of 情報更新日 (the save's day)", () => {
  it("+15 days is INVALID with the Japanese field message and changes nothing; +14 passes", async () => {
    const { id } = await create(validForm({ next_update_at: addDaysIso(today(), 7) }));
    const before = await rowOf(id);
    const form = {
      ...(await admin.call((c) => c.admin.investments.byId({ id }))).values,
      name: "変更されないはずの名前",
      next_update_at: addDaysIso(today(), 15),
    };

    const e = await errorOf(admin.call((c) => c.admin.investments.update({ id, ...form } as never)));
    expect(e.code).toBe("BAD_REQUEST");
    expect(e.fieldErrors?.next_update_at).toEqual([NEXT_UPDATE_MESSAGE]);
    expect(NEXT_UPDATE_MESSAGE).toBe("次回更新予定日は情報更新日から14日以内の日付を入力してください");
    expect(await rowOf(id)).toEqual(before);

    await admin.call((c) => c.admin.investments.update({ id, ...form, next_update_at: addDaysIso(today(), 14) } as never));
    const after = await rowOf(id);
    expect(after?.next_update_at).toBe(addDaysIso(today(), 14));
    expect(after?.name).toBe("変更されないはずの名前");
    expect(jstToday(after!.update_at!)).toBe(today());
  });

  it("a new listing: +15 refused, +14 created", async () => {
    const e = await errorOf(create(validForm({ next_update_at: addDaysIso(today(), 15) })));
    expect(e.fieldErrors?.next_update_at).toEqual([NEXT_UPDATE_MESSAGE]);
    const r = await create(validForm({ next_update_at: addDaysIso(today(), 14) }));
    expect((await rowOf(r.id))?.next_update_at).toBe(addDaysIso(today(), 14));
  });

  it("the service judges the rule on its own clock (the 情報更新日 it writes), whatever the request's clock said", async () => {
    // Values the form schema accepts today, saved by a service whose clock says two days ago:
    // that day is the row's 情報更新日, and today + 13 is 15 days after it.
    const values = investmentForm.parse(validForm({ next_update_at: addDaysIso(today(), 13) }));
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    const count = async () =>
      (await db
        .select({ n: sql<number>`count(*)` })
        .from(investments)
        .get())!.n;
    const n = await count();
    const e = await errorOf(saveInvestment(db, null, null, values, { now: twoDaysAgo }));
    expect(e.fieldErrors?.next_update_at).toEqual([NEXT_UPDATE_MESSAGE]);
    expect(await count()).toBe(n);
    const ok = await saveInvestment(db, null, null, { ...values, next_update_at: addDaysIso(jstToday(twoDaysAgo), 14) }, { now: twoDaysAgo });
    expect((await rowOf(ok.id))?.next_update_at).toBe(addDaysIso(jstToday(twoDaysAgo), 14));
  });
});

describe("REST: the same procedures, a 422 with the field errors", () => {
  it("POST /api/admin/investment with +15 is 422 with the Japanese message under next_update_at; +14 is 201", async () => {
    const bad = await send("POST", "/api/admin/investment", validForm({ next_update_at: addDaysIso(today(), 15) }));
    expect(bad.status).toBe(422);
    expect((bad.json?.errors as Record<string, string[]>).next_update_at).toEqual([NEXT_UPDATE_MESSAGE]);

    const good = await send("POST", "/api/admin/investment", validForm({ next_update_at: addDaysIso(today(), 14) }));
    expect(good.status).toBe(201);
    const id = good.json?._id as number;
    expect((await rowOf(id))?.next_update_at).toBe(addDaysIso(today(), 14));

    const before = await rowOf(id);
    const patch = await send("PATCH", `/api/admin/investment/${id}`, {
      ...(await admin.call((c) => c.admin.investments.byId({ id }))).values,
      next_update_at: addDaysIso(today(), 15),
    });
    expect(patch.status).toBe(422);
    expect((patch.json?.errors as Record<string, string[]>).next_update_at).toEqual([NEXT_UPDATE_MESSAGE]);
    expect(await rowOf(id)).toEqual(before);
  });
});

describe("bulk publish and duplicate keep the rule on the stored 情報更新日", () => {
  it("bulk publish skips a draft whose 次回更新予定日 lies more than 14 days after its 情報更新日", async () => {
    const { id } = await create(validForm({ public: false, next_update_at: addDaysIso(today(), 10) }));
    // The draft was last updated a week ago: today + 10 is 17 days after it.
    await db
      .update(investments)
      .set({ update_at: new Date(Date.now() - 7 * 86_400_000) })
      .where(eq(investments.id, id));
    const r = await admin.call((c) => c.admin.investments.bulk({ ids: [id], action: "publish" }));
    expect(r.skipped).toEqual([{ id, no: expect.any(String), reason: NEXT_UPDATE_MESSAGE }]);
    expect((await rowOf(id))?.public).toBe(false);

    await db.update(investments).set({ update_at: new Date() }).where(eq(investments.id, id));
    expect((await admin.call((c) => c.admin.investments.bulk({ ids: [id], action: "publish" }))).skipped).toEqual([]);
    expect((await rowOf(id))?.public).toBe(true);
  });

  it("a duplicate (情報更新日 now) carries a 次回更新予定日 within 14 days of it", async () => {
    const { id } = await create(validForm({ public: false, next_update_at: addDaysIso(today(), 5) }));
    // An old draft with a date beyond the rule (stored before it).
    await db
      .update(investments)
      .set({ next_update_at: addDaysIso(today(), 40) })
      .where(eq(investments.id, id));
    const copy = await admin.call((c) => c.admin.investments.duplicate({ id }));
    const row = await rowOf(copy.id);
    expect(row?.next_update_at).toBe(addDaysIso(today(), 14));
    // The copy has no 物件番号 yet (it must be unique), but nothing about its dates stops the editor.
    const parsed = investmentForm.safeParse((await admin.call((c) => c.admin.investments.byId({ id: copy.id }))).values);
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.path.join("."))).toEqual(["no"]);
  });
});

describe("migration 0015 brings stored published rows within the rule", () => {
  it("clamps later dates and fills missing ones to 情報更新日 + 14; leaves drafts, conforming rows and rows without 情報更新日", async () => {
    const mk = async (over: Partial<typeof investments.$inferInsert>) => (await create(validForm({ public: over.public ?? true }))).id;
    const updateAt = new Date("2026-11-01T23:30:00+09:00"); // a JST evening: the UTC date is a day earlier
    const ids = { late: await mk({}), missing: await mk({}), fine: await mk({}), draft: await mk({ public: false }), noUpdate: await mk({}) };
    await db.update(investments).set({ update_at: updateAt, next_update_at: "2026-11-30" }).where(eq(investments.id, ids.late));
    await db.update(investments).set({ update_at: updateAt, next_update_at: null }).where(eq(investments.id, ids.missing));
    await db.update(investments).set({ update_at: updateAt, next_update_at: "2026-11-10" }).where(eq(investments.id, ids.fine));
    await db.update(investments).set({ update_at: updateAt, next_update_at: "2026-12-31" }).where(eq(investments.id, ids.draft));
    await db.update(investments).set({ update_at: null, next_update_at: "2026-12-31" }).where(eq(investments.id, ids.noUpdate));

    // Found by its tag, so renumbering the migration does not break the test.
    const drizzleDir = path.resolve(import.meta.dirname, "../../../drizzle");
    const name = readdirSync(drizzleDir).find((f) => /^\d{4}_listing_freshness\.sql$/.test(f))!;
    const file = readFileSync(path.join(drizzleDir, name), "utf8");
    for (const stmt of file.split("--> statement-breakpoint")) await db.run(sql.raw(stmt));

    const next = async (id: number) => (await rowOf(id))?.next_update_at;
    expect(await next(ids.late)).toBe("2026-11-15");
    expect(await next(ids.missing)).toBe("2026-11-15");
    expect(await next(ids.fine)).toBe("2026-11-10");
    expect(await next(ids.draft)).toBe("2026-12-31");
    expect(await next(ids.noUpdate)).toBe("2026-12-31");
  });
});
