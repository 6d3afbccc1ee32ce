import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseSearchParams } from "@/schemas/search";
import { memoPublic, publicCache, publicContent, publicContentChanged, setPublicContentLive } from "@/server/cache/public-content";
import { eq } from "drizzle-orm";
import { investments, site_options } from "@/server/db/schema";
import { cachedCount, cachedDetail, cachedFacets, cachedSearch, resetPublicCachesForTests } from "@/server/investments/cached";
import { cachedHolidayNote, cachedSiteCounts, resetOptionsCacheForTests } from "@/server/options/cached";
import { insertListing, openSearchDb, type TestDb } from "../search/fixtures";

/**
 * Lists and counts cached for visitors and members (spec §4), on a real
 * libSQL database: rows written behind the cache stay invisible until a
 * public-content change is announced, and nothing is cached while the
 * process is not live (no subscription, as in tests, dev and the worker).
 */

let t: TestDb;
beforeAll(async () => {
  t = await openSearchDb();
  resetPublicCachesForTests();
  resetOptionsCacheForTests();
});
afterEach(() => setPublicContentLive(false));
afterAll(() => t.cleanup());

const setOption = (db: TestDb["db"], key: string, value: unknown) =>
  db.insert(site_options).values({ key, value }).onConflictDoUpdate({ target: site_options.key, set: { value } });

const q = (s: string) => parseSearchParams(Object.fromEntries(new URLSearchParams(s)));

describe("public lists and counts cache", () => {
  it("is bypassed while the process is not live", async () => {
    const before = (await cachedSearch(t.db, "visitor", q("pf=27"))).total;
    await insertListing(t.db, { name: "未接続中に追加" });
    expect((await cachedSearch(t.db, "visitor", q("pf=27"))).total).toBe(before + 1);
  });

  it("serves lists and counts from memory until a change is announced", async () => {
    setPublicContentLive(true);
    const list = await cachedSearch(t.db, "visitor", q("pf=27&sr=price_asc"));
    const count = await cachedCount(t.db, "visitor", q("pf=27"));
    await insertListing(t.db, { name: "キャッシュ中に追加", price: 1 });
    expect((await cachedSearch(t.db, "visitor", q("pf=27&sr=price_asc"))).total).toBe(list.total);
    expect(await cachedCount(t.db, "visitor", q("pf=27"))).toBe(count);

    publicContentChanged();
    const fresh = await cachedSearch(t.db, "visitor", q("pf=27&sr=price_asc"));
    expect(fresh.total).toBe(list.total + 1);
    expect(fresh.items[0]?.name).toBe("キャッシュ中に追加");
    expect(await cachedCount(t.db, "visitor", q("pf=27"))).toBe(count + 1);
  });

  it("keeps audiences apart: a members-only listing never reaches a visitor's cached list", async () => {
    setPublicContentLive(true);
    await insertListing(t.db, { name: "会員限定キャッシュ確認", members: true, price: 2 });
    publicContentChanged();
    const member = await cachedSearch(t.db, "member", q("pf=27&sr=price_asc"));
    const visitor = await cachedSearch(t.db, "visitor", q("pf=27&sr=price_asc"));
    expect(member.items.map((c) => c.name)).toContain("会員限定キャッシュ確認");
    expect(visitor.items.map((c) => c.name)).not.toContain("会員限定キャッシュ確認");
    expect(member.total).toBe(visitor.total + 1);
    // Facets too.
    const memberAreas = await cachedFacets(t.db, "member", "area");
    const visitorAreas = await cachedFacets(t.db, "visitor", "area");
    expect(JSON.stringify(memberAreas)).not.toBe(JSON.stringify(visitorAreas));
  });

  it("caches a listing's detail per audience, without anyone's bookmark state", async () => {
    setPublicContentLive(true);
    const id = await insertListing(t.db, { name: "詳細キャッシュ確認", members: true });
    publicContentChanged();
    const visitor = await cachedDetail(t.db, "visitor", id);
    const member = await cachedDetail(t.db, "member", id);
    expect(visitor).toEqual({ locked: true });
    expect(member && "name" in member ? member.name : null).toBe("詳細キャッシュ確認");
    expect(member && "bookmarked" in member ? member.bookmarked : "absent").toBeNull();

    await t.db.update(investments).set({ name: "詳細キャッシュ確認（改）" }).where(eq(investments.id, id));
    const stale = await cachedDetail(t.db, "member", id);
    expect(stale && "name" in stale ? stale.name : null).toBe("詳細キャッシュ確認");
    publicContentChanged();
    const fresh = await cachedDetail(t.db, "member", id);
    expect(fresh && "name" in fresh ? fresh.name : null).toBe("詳細キャッシュ確認（改）");
  });

  it("caches the chrome's site options (counts, holiday note) until a change is announced", async () => {
    setPublicContentLive(true);
    await setOption(t.db, "holiday_note", "年末年始は休業します");
    publicContentChanged();
    const counts = await cachedSiteCounts(t.db);
    expect(await cachedHolidayNote(t.db)).toBe("年末年始は休業します");

    await setOption(t.db, "holiday_note", "夏季休業のお知らせ");
    await setOption(t.db, "counts_override", { members: counts.members + 1000 });
    expect(await cachedHolidayNote(t.db)).toBe("年末年始は休業します");
    expect((await cachedSiteCounts(t.db)).members).toBe(counts.members);

    publicContentChanged();
    expect(await cachedHolidayNote(t.db)).toBe("夏季休業のお知らせ");
    expect((await cachedSiteCounts(t.db)).members).toBe(counts.members + 1000);
    await setOption(t.db, "counts_override", {});
  });

  it("does not store a result computed across a change", async () => {
    setPublicContentLive(true);
    const cache = publicCache<{ v: number }>(10, 60_000);
    let calls = 0;
    const slow = memoPublic(cache, "k", async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 50));
      return { v: calls };
    });
    publicContentChanged();
    expect((await slow).v).toBe(1);
    expect((await memoPublic(cache, "k", async () => ({ v: ++calls }))).v).toBe(2);
    expect((await memoPublic(cache, "k", async () => ({ v: ++calls }))).v).toBe(2);
  });

  it("going live or dropping the subscription invalidates everything", async () => {
    const v = publicContent().version;
    setPublicContentLive(true);
    setPublicContentLive(false);
    expect(publicContent().version).toBe(v + 2);
    expect(publicContent().live).toBe(false);
  });
});
