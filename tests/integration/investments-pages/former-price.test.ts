import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, openDb, type Db } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { bookmarks, investments } from "@/server/db/schema";
import { expireFormerPrices } from "@/server/maintenance";
import { recomputeFormerPrices } from "@/server/investments/former-price";
import { handleRest } from "@/server/rest/handler";
import { setTestEnv } from "../../helpers/accounts";
import { callerFor } from "../../helpers/context";
import { testDbUrl } from "../../helpers/db";
import { createUser } from "../../helpers/factories";
import { insertListing, recordPriceChange } from "../worker/helpers";

/**
 * 表示規約 (規約 第20条 / 施行規則 (過去の販売価格を比較対照価格とする二重価格表示)) on every public read, with fixed clocks:
 * a listing whose former price was offered 38 days shows no former amount
 * anywhere; one offered five months and cut a month ago shows it with both
 * dates; seven months after the cut, none. Procedures (detail, list cards =
 * the table view's data, bookmarks, compare, matchings) and REST.
 */
const BASE = "http://localhost:3000";
const jst = (day: string, time = "10:00") => new Date(`${day}T${time}:00+09:00`);
const NOW = jst("2026-10-31", "12:00");
const SEVEN_MONTHS_LATER = jst("2027-05-01", "12:00");
const EXPECTED_TEXT_DATES = { formerPrice: 6280, formerSince: "2026-05-01", formerUntil: "2026-09-30", cutAt: "2026-10-01" };

let dir: string;
let db: Db;
let restoreEnv: () => void;
let shortId: number; // 2億8,800万円 offered 38 days, then cut
let okId: number; // 6,280万円 offered 5 months, cut a month ago
let memberId: number;

const at = (when: Date) => vi.setSystemTime(when);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "kir-former-"));
  const url = await testDbUrl(dir, "former.db");
  // no cached lists: every read asks the rule at the test's clock
  restoreEnv = setTestEnv({ DATABASE_URL: url, APP_URL: BASE, DATA_CACHE_TTL_SECONDS: "0" });
  db = await openDb(url);
  await migrateDb(db);
  shortId = await insertListing(db, { name: "短期公表レジデンス", price: 28_800, public_at: jst("2026-08-24"), update_at: NOW, next_update_at: "2027-12-31" });
  await recordPriceChange(db, shortId, 26_800, jst("2026-10-01"));
  okId = await insertListing(db, { name: "長期公表レジデンス", price: 6_280, public_at: jst("2026-05-01"), update_at: NOW, next_update_at: "2027-12-31" });
  await recordPriceChange(db, okId, 5_980, jst("2026-10-01"));
  memberId = (await createUser(db)).id;
  await db.insert(bookmarks).values([
    { user_id: memberId, investment_id: shortId, price_at_bookmark: 28_800 },
    { user_id: memberId, investment_id: okId, price_at_bookmark: 6_280 },
  ]);
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await closeDb();
  db?.$client.close();
  restoreEnv?.();
  rmSync(dir, { recursive: true, force: true });
});

const fakeClock = (when: Date) => {
  vi.useFakeTimers({ toFake: ["Date"] });
  at(when);
};

async function detail(id: number) {
  const { caller } = await callerFor(db);
  const d = await caller.public.investments.byId({ id });
  if (!d || d.locked) throw new Error("expected a visible detail");
  return d;
}

async function cardOf(id: number) {
  const { caller } = await callerFor(db);
  const page = await caller.public.investments.search({ pp: "100" });
  const card = page.items.find((c) => !c.locked && c.id === id);
  if (!card || card.locked) throw new Error(`no card ${id}`);
  return card;
}

async function rest(p: string, cookie?: string) {
  const res = await handleRest(new Request(BASE + p, { headers: cookie ? { cookie } : {} }));
  return { status: res.status, text: await res.text() };
}

describe("a cut whose former price was offered 38 days", () => {
  it("shows no former amount and no 値下げ on the detail, its history, the card / table data, compare, bookmarks and REST", async () => {
    fakeClock(NOW);
    const d = await detail(shortId);
    expect(d).toMatchObject({ price: 26_800, price_before: null, price_down: false, former_price: null });
    // the public 価格改定履歴: the date of the change, no amounts
    expect(d.priceHistory).toEqual([{ changed_at: jst("2026-10-01") }]);
    expect(JSON.stringify(d)).not.toContain("28800");

    expect((await cardOf(shortId)).price_down).toBe(false);

    const { caller: member } = await callerFor(db, { userId: memberId });
    const saved = await member.member.bookmarks.list();
    const mine = saved.find((b) => b.card.id === shortId)!;
    // the member's own record stays: what they saved it at
    expect(mine).toMatchObject({ price_at_bookmark: 28_800, price_change: -2_000 });
    expect(mine.card.price_down).toBe(false);
    const compared = await member.member.bookmarks.compare({ ids: [shortId, okId] });
    expect(compared.find((c) => c.id === shortId)?.card?.price_down).toBe(false);

    const r = await rest(`/api/investments/${shortId}`);
    expect(r.status).toBe(200);
    expect(r.text).not.toContain("28800");
    expect(JSON.parse(r.text)).toMatchObject({
      price_before: null,
      price_down: false,
      former_price: null,
      price_history: [{ changed_at: jst("2026-10-01").toISOString() }],
    });
    const list = await rest("/api/investments?pp=100");
    expect((JSON.parse(list.text) as { items: { _id: number; price_down: boolean }[] }).items.find((c) => c._id === shortId)?.price_down).toBe(false);
  });

  it("is not a 値下げ for the search feature either (stored flag unset)", async () => {
    const row = await db.select().from(investments).where(eq(investments.id, shortId)).get();
    expect(row).toMatchObject({ price_down: false, price_before: null, price_before_since: null });
  });
});

describe("a cut a month ago of a price offered five months", () => {
  it("shows the former price with its 公表日, its last day and the 値下げ日, everywhere it shows one", async () => {
    fakeClock(NOW);
    const d = await detail(okId);
    expect(d).toMatchObject({ price: 5_980, price_before: 6_280, price_down: true, former_price: EXPECTED_TEXT_DATES });
    expect(d.priceHistory).toEqual([{ changed_at: jst("2026-10-01") }]);
    expect((await cardOf(okId)).price_down).toBe(true);

    const { caller: member } = await callerFor(db, { userId: memberId });
    expect((await member.member.bookmarks.list()).find((b) => b.card.id === okId)?.card.price_down).toBe(true);

    const r = await rest(`/api/investments/${okId}`);
    expect(JSON.parse(r.text)).toMatchObject({ price_before: 6_280, price_down: true, former_price: EXPECTED_TEXT_DATES });
    // GET /api/investments/{id} with the former price validates against the route's own schema
    expect(r.status).toBe(200);
  });

  it("shows none seven months after the cut: detail, card, REST; the daily pass then clears the stored flag", async () => {
    fakeClock(SEVEN_MONTHS_LATER);
    const d = await detail(okId);
    expect(d).toMatchObject({ price_before: null, price_down: false, former_price: null });
    expect((await cardOf(okId)).price_down).toBe(false);
    const r = await rest(`/api/investments/${okId}`);
    expect(r.text).not.toContain("6280");

    // the stored flag (search feature fs=4, map) is cleared by the maintenance pass
    expect((await db.select({ down: investments.price_down }).from(investments).where(eq(investments.id, okId)).get())?.down).toBe(true);
    const before = await expireFormerPrices(db, NOW);
    expect(before.cleared).toBe(0);
    const after = await expireFormerPrices(db, SEVEN_MONTHS_LATER);
    expect(after.ids).toEqual([okId]);
    expect(await db.select().from(investments).where(eq(investments.id, okId)).get()).toMatchObject({
      price_down: false,
      price_before: null,
      price_down_at: null,
      price_before_since: null,
    });
  });
});

describe("the data migration", () => {
  it("recomputes the stored columns of existing rows from their history (a former price stored by the old six-month-only rule goes)", async () => {
    const id = await insertListing(db, { name: "旧ルール物件", price: 9_000, public_at: jst("2026-09-01") });
    await recordPriceChange(db, id, 8_500, jst("2026-10-01"));
    // what the old save stored for any cut
    await db
      .update(investments)
      .set({ price_down: true, price_before: 9_000, price_down_at: jst("2026-10-01") })
      .where(eq(investments.id, id));
    const r = await recomputeFormerPrices(db, { force: true, now: NOW });
    expect(r.changed).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(investments).where(eq(investments.id, id)).get()).toMatchObject({ price_down: false, price_before: null });
    // and keeps a qualifying one (computed at its clock)
    const ok = await insertListing(db, { name: "新ルール物件", price: 7_000, public_at: jst("2026-05-01") });
    await recordPriceChange(db, ok, 6_500, jst("2026-10-01"));
    await db.update(investments).set({ price_down: false, price_before: null, price_down_at: null, price_before_since: null }).where(eq(investments.id, ok));
    await recomputeFormerPrices(db, { force: true, now: NOW });
    expect(await db.select().from(investments).where(eq(investments.id, ok)).get()).toMatchObject({
      price_down: true,
      price_before: 7_000,
      price_before_since: jst("2026-05-01"),
    });
  });
});
