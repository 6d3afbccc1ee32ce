import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { searchQuery } from "@/schemas/search";
import { filters as filtersTable, investments, matchings, notification_settings } from "@/server/db/schema";
import { compileQuery, loadMatchable } from "@/server/search/predicate";
import { jobIdFor, jobOptions } from "@/server/jobs/queues";
import { registerSchedules } from "@/server/jobs/schedules";
import { clearCompiledFilters, compileAllFilters } from "@/server/search/matching/saved-filters";
import { matchInvestment } from "@/server/search/matching/match-listing";
import { linkIn } from "../../helpers/smtp-sink";
import { oneClickUnsubscribe } from "@/server/routes/unsubscribe";
import { verifyUnsubscribeToken } from "@/server/mail/unsubscribe-token";
import { jpDate, jstDay } from "@/lib/former-price";
import { setTestEnv } from "../../helpers/accounts";
import { createMember, DAY, insertListing, queueMatch, recordPriceChange, sleep, useWorkerSuite, waitFor } from "./helpers";

/**
 * Matching end to end: outbox → BullMQ → the matching processor → matching
 * rows → one aggregated mail per instant member, the 8:00 digest for daily
 * members, nothing for members who may not see the listing.
 */
const s = useWorkerSuite();

const rowsFor = (userId: number) => s.db.select().from(matchings).where(eq(matchings.user_id, userId)).all();
const ONE_BUILDING = { ty: [1] };
/** The first test's notification window (seconds). */
const WINDOW_S = 4;

describe("matching a published listing", () => {
  it("creates rows for every active member whose filter matches, one mail per batch for instant members, none for others", async () => {
    const instant = await createMember(s.db, { setting: "instant", queries: [{ ty: [2] }, ONE_BUILDING, { re: [3], lp: 5000 }], tag: "instant" });
    const daily = await createMember(s.db, { setting: "daily", queries: [{ re: [3] }], tag: "daily" });
    const off = await createMember(s.db, { setting: "off", queries: [ONE_BUILDING], tag: "off" });
    const suspended = await createMember(s.db, { status: "suspended", queries: [ONE_BUILDING], tag: "suspended" });
    const deleted = await createMember(s.db, { deleted: true, queries: [ONE_BUILDING], tag: "deleted" });
    const provisional = await createMember(s.db, { status: "provisional", queries: [ONE_BUILDING], tag: "prov" });
    const elsewhere = await createMember(s.db, { queries: [{ re: [1] }, { ty: [5] }, { lp: 50_000 }], tag: "nomatch" });

    // Three listings published at once (a bulk publish): three matchInvestment jobs.
    const ids = [
      await insertListing(s.db, { name: "梅田レジデンスA" }),
      await insertListing(s.db, { name: "梅田レジデンスB", members: true }),
      await insertListing(s.db, { name: "梅田レジデンスC", price: 8_000 }),
    ];
    // Mails go out per fixed window (notifyWindow): three jobs straddling a window's end are two mails,
    // as they would be in production. On a loaded machine (CI on sqld) the three took longer than the
    // suite's 1 s window, so this test starts at the beginning of a wider one.
    const restoreWindow = setTestEnv({ MATCHING_NOTIFY_DELAY_SECONDS: String(WINDOW_S) });
    const mark = s.sink.mark();
    await sleep(WINDOW_S * 1000 - (Date.now() % (WINDOW_S * 1000)) + 20);
    for (const id of ids) await queueMatch(s.db, id, "new");

    const mail = await s.sink.waitFor((m) => m.to.includes(instant.email), 15_000, mark).finally(restoreWindow);
    expect(mail.subject).toContain("検索条件に合う物件が見つかりました（3件）");
    for (const name of ["梅田レジデンスA", "梅田レジデンスB", "梅田レジデンスC"]) expect(mail.text).toContain(name);
    expect(mail.text).toContain("1億2,000万円");
    expect(mail.text).toContain("7.50%");
    expect(mail.text).toContain("御堂筋線「梅田」駅 徒歩5分");
    expect(mail.text).toContain(`http://localhost:3000/investments/${ids[0]}`);
    // The member's oldest matching filter is the one recorded (条件2: ty=[1]).
    expect(mail.text).toContain("検索条件：条件2");
    expect(mail.raw).toMatch(/List-Unsubscribe:\s*<http:\/\/localhost:3000\/unsubscribe\/one-click\?token=/);
    expect(mail.raw).toMatch(/List-Unsubscribe-Post:\s*List-Unsubscribe=One-Click/);

    const instantRows = await rowsFor(instant.id);
    expect(instantRows.map((r) => r.investment_id).sort()).toEqual([...ids].sort());
    expect(instantRows.every((r) => r.notified_at !== null && r.filter_id === instant.filterIds[1])).toBe(true);
    expect((await rowsFor(daily.id)).length).toBe(3);
    expect((await rowsFor(off.id)).length).toBe(3);
    for (const m of [suspended, deleted, provisional, elsewhere]) expect(await rowsFor(m.id)).toEqual([]);

    // Quiet for longer than the window: still exactly one mail for the instant member, none for the rest.
    await sleep(WINDOW_S * 1000 + 500);
    expect(s.sink.to(instant.email)).toHaveLength(1);
    for (const m of [daily, off, suspended, deleted, provisional, elsewhere]) expect(s.sink.to(m.email)).toEqual([]);

    // Re-running a job (a retry, a second relay) changes nothing.
    const again = await matchInvestment(s.db, ids[0]!, "new");
    expect(again.written).toBe(0);
    expect((await rowsFor(instant.id)).length).toBe(3);

    // The 8:00 digest: one mail for the daily member covering all three; nobody else.
    const digestMark = s.sink.mark();
    await s.runtime.queues.matching.add("matchingDigest", { reason: "test" }, { ...jobOptions("matchingDigest"), jobId: jobIdFor("matchingDigest", "t1") });
    const digest = await s.sink.waitFor((m) => m.to.includes(daily.email), 10_000, digestMark);
    expect(digest.subject).toContain("本日のマッチング物件");
    expect(digest.subject).toContain("3件");
    await s.runtime.queues.matching.add("matchingDigest", { reason: "test" }, { ...jobOptions("matchingDigest"), jobId: jobIdFor("matchingDigest", "t2") });
    await sleep(800);
    expect(s.sink.to(daily.email)).toHaveLength(1);
    expect(s.sink.to(off.email)).toEqual([]);
    expect(s.sink.to(instant.email)).toHaveLength(1);
  });

  it("gives nothing to anyone for a listing members cannot see, and only active members get members-only ones", async () => {
    const m = await createMember(s.db, { queries: [ONE_BUILDING], tag: "vis" });
    const hidden = await insertListing(s.db, { public: false });
    const overdue = await insertListing(s.db, { not_updated_at: new Date() });
    const membersOnly = await insertListing(s.db, { members: true, name: "会員限定レジデンス" });
    const suspended = await createMember(s.db, { status: "suspended", queries: [ONE_BUILDING], tag: "vis-susp" });

    expect((await matchInvestment(s.db, hidden, "new")).visible).toBe(false);
    expect((await matchInvestment(s.db, overdue, "new")).visible).toBe(false);
    const r = await matchInvestment(s.db, membersOnly, "new");
    expect(r.visible).toBe(true);
    const mine = await rowsFor(m.id);
    expect(mine.map((x) => x.investment_id)).toEqual([membersOnly]);
    expect(await rowsFor(suspended.id)).toEqual([]);
  });

  it("mails a qualifying cut (値下げ) with the former price and both dates; a further cut within two months refreshes the row as a 価格変更 without it", async () => {
    const now = new Date();
    // public for 150 days at 12,000万円, then cut a day ago: offered ≥ 2 months, cut < 6 months ago
    const m = await createMember(s.db, { queries: [{ ty: [1], hp: 11_000 }], tag: "cut" });
    const id = await insertListing(s.db, { name: "値下げレジデンス", price: 12_000, public_at: new Date(now.getTime() - 150 * DAY) });
    await queueMatch(s.db, id, "new");
    await sleep(300);
    expect(await rowsFor(m.id)).toEqual([]); // 12,000万円 is over the member's 11,000万円 limit

    const cutAt = new Date(now.getTime() - DAY);
    await recordPriceChange(s.db, id, 10_500, cutAt);
    const mark = s.sink.mark();
    await queueMatch(s.db, id, "price_down", `price_down-${id}-1`);
    const mail = await s.sink.waitFor((x) => x.to.includes(m.email), 10_000, mark);
    expect(mail.text).toContain("【値下げ】値下げレジデンス");
    expect(mail.text).toContain("価格：1億500万円");
    const since = jpDate(jstDay(new Date(now.getTime() - 150 * DAY)));
    expect(mail.text).toContain(`値下げ前価格 1億2,000万円（${since}〜${jpDate(jstDay(new Date(cutAt.getTime() - DAY)))}）／${jpDate(jstDay(cutAt))} 価格変更`);
    // the price itself is never an arrow (the former price stands with its dates); the yields' → is issue 33's
    expect(mail.text).not.toMatch(/万円\s*→/);
    // the listing states only a 表面利回り: its income at the former price is unknown, so no former figure
    expect(mail.text).toContain("表面利回り※：— → 7.50%");

    // a second cut today: 10,500万円 was offered one day, so no former price may be shown
    await recordPriceChange(s.db, id, 9_800, now);
    const cutRows = () =>
      s.db
        .select()
        .from(matchings)
        .where(and(eq(matchings.investment_id, id), eq(matchings.reason, "price_down")))
        .all();
    const r = await matchInvestment(s.db, id, "price_down");
    // Every member with a price_down row for it (earlier suites' members match too) gets it refreshed once.
    expect(r.written).toBe((await cutRows()).length);
    const rows = await rowsFor(m.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: "price_down", price: 9_800, price_before: null, notified_at: null });
    // Running the same cut again is not news.
    expect((await matchInvestment(s.db, id, "price_down")).written).toBe(0);
  });

  it("mails a cut of a price offered 38 days as a 価格変更: no former amount, no arrow, no 値下げ claim", async () => {
    const now = new Date();
    const m = await createMember(s.db, { queries: [{ ty: [1], hp: 27_000 }], tag: "short" });
    const id = await insertListing(s.db, { name: "短期レジデンス", price: 28_800, public_at: new Date(now.getTime() - 39 * DAY) });
    await recordPriceChange(s.db, id, 26_800, new Date(now.getTime() - DAY));
    expect(await s.db.select({ down: investments.price_down, before: investments.price_before }).from(investments).where(eq(investments.id, id)).get()).toEqual(
      {
        down: false,
        before: null,
      },
    );
    const mark = s.sink.mark();
    await queueMatch(s.db, id, "price_down", `price_down-${id}-1`);
    const mail = await s.sink.waitFor((x) => x.to.includes(m.email), 10_000, mark);
    expect(mail.text).toContain("【価格変更】短期レジデンス");
    expect(mail.text).toContain("価格：2億6,800万円");
    for (const absent of ["2億8,800万円", "値下げ前", "【値下げ】", "→"]) expect(mail.text).not.toContain(absent);
    expect(mail.html).not.toContain("2億8,800万円");
    expect((await rowsFor(m.id))[0]).toMatchObject({ reason: "price_down", price: 26_800, price_before: null });
  });

  it("the mail's unsubscribe link switches matching mail off without logging in (page token and RFC 8058 one-click)", async () => {
    const m = await createMember(s.db, { queries: [ONE_BUILDING], tag: "unsub" });
    const mark = s.sink.mark();
    await queueMatch(s.db, await insertListing(s.db), "new");
    const mail = await s.sink.waitFor((x) => x.to.includes(m.email), 10_000, mark);
    const link = linkIn(mail, "/unsubscribe");
    const token = link.searchParams.get("token")!;
    expect(verifyUnsubscribeToken(token)).toEqual({ userId: m.id, kind: "matching" });
    // A forged or altered token does nothing.
    expect(verifyUnsubscribeToken(token.replace(/^\d+/, String(m.id + 1)))).toBeNull();
    expect(verifyUnsubscribeToken(`${token.slice(0, -2)}xx`)).toBeNull();

    const bad = await oneClickUnsubscribe(
      s.db,
      new Request("http://localhost:3000/unsubscribe/one-click?token=1.m.forged", { method: "POST", body: "List-Unsubscribe=One-Click" }),
    );
    expect(bad.status).toBe(400);
    const res = await oneClickUnsubscribe(
      s.db,
      new Request(`http://localhost:3000/unsubscribe/one-click?token=${encodeURIComponent(token)}`, { method: "POST", body: "List-Unsubscribe=One-Click" }),
    );
    expect(res.status).toBe(200);
    const setting = await s.db.select().from(notification_settings).where(eq(notification_settings.user_id, m.id)).get();
    expect(setting?.matching).toBe("off");
    expect(setting?.newsletter).toBe(true);

    // Off now: a new match makes a row (My Page) but no mail.
    const before = s.sink.to(m.email).length;
    const next = await insertListing(s.db);
    await queueMatch(s.db, next, "new");
    await waitFor(
      async () =>
        await s.db
          .select()
          .from(matchings)
          .where(and(eq(matchings.user_id, m.id), eq(matchings.investment_id, next)))
          .get(),
      10_000,
      "row",
    );
    await sleep(1500);
    expect(s.sink.to(m.email)).toHaveLength(before);
  });

  it("screening before validation never changes the result: the compiled set agrees with validating every filter", async () => {
    // Stored queries of every shape: canonical, strings where numbers belong, empty lists, invalid values, other keys.
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const shapes = [
      () => ({ ty: [1 + rnd(6)] }),
      () => ({ ty: [1 + rnd(6), 1 + rnd(6)], re: [1 + rnd(6)] }),
      () => ({ ty: [String(1 + rnd(6))] }),
      () => ({ re: [] as number[], ty: [] as number[], lp: 1000 * rnd(20) }),
      () => ({ re: [3], hp: 5000 + 1000 * rnd(20) }),
      () => ({ ty: [0] }),
      () => ({ re: [9] }),
      () => ({ ty: "1,2" }),
      () => ({ ly: rnd(10), sw: 5 + rnd(10) }),
      () => ({ re: [1 + rnd(6)], fw: "レジデンス" }),
      () => ({ bt: 10 + rnd(30), ty: [1] }),
    ];
    for (let i = 0; i < 40; i++) await createMember(s.db, { tag: `scr${i}`, queries: [shapes[rnd(shapes.length)]!(), shapes[rnd(shapes.length)]!()] });
    const listingIds = [
      await insertListing(s.db, { type_cd: 1, area_cd: 3 }),
      await insertListing(s.db, { type_cd: 2, area_cd: 1, price: 3000 }),
      await insertListing(s.db, { type_cd: 6, area_cd: null, city_cd: "131016" }),
      await insertListing(s.db, { type_cd: 5, area_cd: 6, yield: null }),
    ];
    clearCompiledFilters(s.db, { parsed: true });
    const set = await compileAllFilters(s.db);
    const all = await s.db.select().from(filtersTable).orderBy(filtersTable.id).all();
    for (const listing of await loadMatchable(s.db, listingIds)) {
      const expected = new Map<number, number>();
      for (const f of all) {
        if (expected.has(f.user_id)) continue;
        const q = searchQuery.safeParse(f.query);
        if (q.success && compileQuery(q.data, set.now)(listing)) expected.set(f.user_id, f.id);
      }
      expect(set.match(listing)).toEqual(expected);
    }
    // Invalid stored queries (ty 0, re 9) exist; they never match either way.
    expect(set.compileAll()).toBeGreaterThan(0);
  });

  it("compiles identical saved queries once and registers the 8:00 JST digest scheduler", async () => {
    clearCompiledFilters(s.db);
    const set = await compileAllFilters(s.db);
    expect(set.filters.length).toBeGreaterThan(set.distinct);
    await registerSchedules(s.runtime.queues);
    const digest = await s.runtime.queues.matching.getJobScheduler("matchingDigest-0800-jst");
    expect(digest).toMatchObject({ pattern: "0 8 * * *", tz: "Asia/Tokyo", name: "matchingDigest" });
    const backup = await s.runtime.queues.maintenance.getJobScheduler("backupDatabase-0330-jst");
    expect(backup).toMatchObject({ tz: "Asia/Tokyo" });
  });
});
