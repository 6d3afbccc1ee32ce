import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookmarks, contacts, filters, investments, matchings, users } from "@/server/db/schema";
import { BOOKMARK_LIMIT, BOOKMARK_LIMIT_MESSAGE, LISTING_NOT_FOUND } from "@/server/members/bookmarks";
import { FILTER_LIMIT, FILTER_LIMIT_MESSAGE, FILTER_NAME_TAKEN } from "@/server/members/filters";
import { codeOf, errorOf, newEmail, useAccountSuite, type Browser } from "../../helpers/accounts";
import { createUser } from "../../helpers/factories";
import { insertListing, validInput } from "../contacts/fixtures";

/** My Page procedures (member.bookmarks / filters / matchings / contacts) through real sessions. */
const s = useAccountSuite();

const PASSWORD = "secret-pass"; // tests/helpers/factories.ts

async function member(tag = "mypage") {
  const user = await createUser(s.db, { email: newEmail(tag) });
  const b = s.browser();
  expect(await b.call((c) => c.public.auth.login({ email: user.email, password: PASSWORD }))).toEqual({ status: "ok" });
  return { user, b };
}

async function insertMatching(userId: number, investmentId: number, over: Partial<typeof matchings.$inferInsert> = {}) {
  const [row] = await s.db
    .insert(matchings)
    .values({ user_id: userId, investment_id: investmentId, reason: "new", price: 12800, ...over })
    .returning({ id: matchings.id });
  return row!.id;
}

const filterRows = (userId: number) => s.db.select().from(filters).where(eq(filters.user_id, userId));
const bookmarkIds = async (b: Browser) => (await b.call((c) => c.member.bookmarks.list())).map((x) => x.card.id);

describe("bookmarks", () => {
  it("add / has / list / remove; adding twice is a no-op; the price change since bookmarking is shown", async () => {
    const { b } = await member();
    const a = await insertListing(s.db, { name: "江坂A", price: 10000, yield: 6.5 });
    const c = await insertListing(s.db, { name: "江坂C", price: 8000, yield: 8.1 });
    expect(await b.call((x) => x.member.bookmarks.has({ investmentId: a }))).toBe(false);
    expect(await b.call((x) => x.member.bookmarks.add({ investmentId: a }))).toEqual({ status: true });
    await b.call((x) => x.member.bookmarks.add({ investmentId: a }));
    await b.call((x) => x.member.bookmarks.add({ investmentId: c }));
    expect(await b.call((x) => x.member.bookmarks.has({ investmentId: a }))).toBe(true);
    expect((await bookmarkIds(b)).sort()).toEqual([a, c].sort());

    // A price cut after bookmarking shows as a negative change.
    await s.db.update(investments).set({ price: 9500 }).where(eq(investments.id, a));
    const items = await b.call((x) => x.member.bookmarks.list({ sort: "price_change" }));
    expect(items[0]!.card.id).toBe(a);
    expect(items[0]!.price_at_bookmark).toBe(10000);
    expect(items[0]!.price_change).toBe(-500);
    expect((await b.call((x) => x.member.bookmarks.list({ sort: "price_asc" }))).map((i) => i.card.id)).toEqual([c, a]);
    expect((await b.call((x) => x.member.bookmarks.list({ sort: "price_desc" }))).map((i) => i.card.id)).toEqual([a, c]);
    expect((await b.call((x) => x.member.bookmarks.list({ sort: "yield_desc" }))).map((i) => i.card.id)).toEqual([c, a]);

    expect(await b.call((x) => x.member.bookmarks.remove({ investmentId: a }))).toEqual({ status: true });
    expect(await bookmarkIds(b)).toEqual([c]);
    expect(await codeOf(b.call((x) => x.member.bookmarks.remove({ investmentId: a })))).toBe("NOT_FOUND");
  });

  it("an unpublished or missing listing cannot be bookmarked", async () => {
    const { b } = await member();
    const hidden = await insertListing(s.db, { public: false });
    const err = await errorOf(b.call((x) => x.member.bookmarks.add({ investmentId: hidden })));
    expect(err.fieldErrors).toEqual({ investment_id: [LISTING_NOT_FOUND] });
    expect(await codeOf(b.call((x) => x.member.bookmarks.add({ investmentId: 99_999_999 })))).toBe("BAD_REQUEST");
  });

  it("a members-only listing is bookmarkable by members and appears in their list", async () => {
    const { b } = await member();
    const only = await insertListing(s.db, { members: true, name: "会員限定レジデンス" });
    await b.call((x) => x.member.bookmarks.add({ investmentId: only }));
    const list = await b.call((x) => x.member.bookmarks.list());
    expect(list.map((i) => i.card.name)).toEqual(["会員限定レジデンス"]);
  });

  it("compare returns 2-4 of the member's own bookmarks with the comparison fields", async () => {
    const { b } = await member();
    const ids = [
      await insertListing(s.db, {
        name: "比較1",
        price: 5000,
        building_size: 250,
        structure_cd: 1,
        station_time: 5,
        income: { year: 4_000_000 },
        land_rights: { type: 1 },
      }),
      await insertListing(s.db, { name: "比較2", price: 9000, building_size: 300, station_time: 12, income: { month: 500_000 } }),
      await insertListing(s.db, { name: "比較3" }),
    ];
    for (const id of ids) await b.call((x) => x.member.bookmarks.add({ investmentId: id }));
    const rows = await b.call((x) => x.member.bookmarks.compare({ ids: [ids[0]!, ids[1]!] }));
    expect(rows.map((r) => r.name)).toEqual(["比較1", "比較2"]);
    // the one model's figures (src/lib/economics.ts): 満室想定年収, ㎡単価 over the priced area, 表面利回り
    expect(rows[0]).toMatchObject({ price: 5000, price_per_sqm: 20, station_time: 5, land_rights: 1 });
    expect(rows[0]!.figures).toMatchObject({ full_income: 4_000_000, gross_yield: 8, price_per_sqm: 20 });
    expect(rows[1]).toMatchObject({ price_per_sqm: 30 });
    expect(rows[1]!.figures).toMatchObject({ full_income: 6_000_000 });
    expect(rows[0]!.deal_check.rows.length).toBeGreaterThan(0);
    expect(await codeOf(b.call((x) => x.member.bookmarks.compare({ ids: [ids[0]!] })))).toBe("BAD_REQUEST");
    expect(await codeOf(b.call((x) => x.member.bookmarks.compare({ ids: [1, 2, 3, 4, 5] })))).toBe("BAD_REQUEST");
  });

  it(`at most ${BOOKMARK_LIMIT} bookmarks, with a clear message`, async () => {
    const { user, b } = await member();
    const rows = Array.from({ length: BOOKMARK_LIMIT }, (_, i) => ({
      no: null,
      type_cd: 1,
      name: `上限${i}`,
      pref_cd: 27,
      city_cd: "272051",
      district_cd: "江坂町",
      price: 1000 + i,
      public: true,
    }));
    const inserted: number[] = [];
    for (let i = 0; i < rows.length; i += 100) {
      const r = await s.db
        .insert(investments)
        .values(rows.slice(i, i + 100))
        .returning({ id: investments.id });
      inserted.push(...r.map((x) => x.id));
    }
    await s.db.insert(bookmarks).values(inserted.map((id) => ({ user_id: user.id, investment_id: id, price_at_bookmark: 1000 })));
    const one = await insertListing(s.db);
    const err = await errorOf(b.call((x) => x.member.bookmarks.add({ investmentId: one })));
    expect(err.code).toBe("BAD_REQUEST");
    expect(err.fieldErrors).toEqual({ investment_id: [BOOKMARK_LIMIT_MESSAGE] });
    expect(BOOKMARK_LIMIT_MESSAGE).toContain("500件まで");
    // Re-adding one already bookmarked is still a quiet no-op.
    expect(await b.call((x) => x.member.bookmarks.add({ investmentId: inserted[0]! }))).toEqual({ status: true });
    // After removing one, there is room again.
    await b.call((x) => x.member.bookmarks.remove({ investmentId: inserted[0]! }));
    expect(await b.call((x) => x.member.bookmarks.add({ investmentId: one }))).toEqual({ status: true });
  });
});

describe("saved search conditions", () => {
  it("create / list with counts / rename / change the query / remove", async () => {
    const { b } = await member();
    const before = await b.call((x) => x.member.filters.list({ counts: true }));
    expect(before).toEqual([]);
    const { _id } = await b.call((x) => x.member.filters.create({ name: " 江坂の一棟 ", query: { ty: [1], page: 3 } as never }));
    const zero = await b.call((x) => x.member.filters.list({ counts: true }));
    expect(zero).toHaveLength(1);
    expect(zero[0]).toMatchObject({ _id, name: "江坂の一棟", query: { ty: [1], page: 3 } });
    const n = zero[0]!.count!;
    await insertListing(s.db, { type_cd: 1 });
    expect((await b.call((x) => x.member.filters.list({ counts: true })))[0]!.count).toBe(n + 1);
    // Without counts the field is left out.
    expect((await b.call((x) => x.member.filters.list()))[0]!.count).toBeUndefined();

    expect(await b.call((x) => x.member.filters.update({ id: _id, name: "改名後" }))).toEqual({ status: true });
    expect(await b.call((x) => x.member.filters.update({ id: _id, query: { re: [3], ty: [1] } as never }))).toEqual({ status: true });
    const [row] = await b.call((x) => x.member.filters.list());
    expect(row).toMatchObject({ name: "改名後", query: { re: [3], ty: [1] } });

    expect(await b.call((x) => x.member.filters.remove({ id: _id }))).toEqual({ status: true });
    expect(await b.call((x) => x.member.filters.list())).toEqual([]);
    expect(await codeOf(b.call((x) => x.member.filters.remove({ id: _id })))).toBe("NOT_FOUND");
    expect(await codeOf(b.call((x) => x.member.filters.update({ id: _id, name: "x" })))).toBe("NOT_FOUND");
  });

  it("the name is required and unique per member, on create and on rename; nameTaken answers both cases", async () => {
    const { b } = await member();
    const { b: other } = await member("other");
    const first = await b.call((x) => x.member.filters.create({ name: "大阪一棟", query: { re: [3] } as never }));
    const second = await b.call((x) => x.member.filters.create({ name: "京都区分", query: { re: [5] } as never }));

    const dup = await errorOf(b.call((x) => x.member.filters.create({ name: "大阪一棟", query: {} as never })));
    expect(dup.fieldErrors).toEqual({ name: [FILTER_NAME_TAKEN] });
    const empty = await errorOf(b.call((x) => x.member.filters.create({ name: "  ", query: {} as never })));
    expect(empty.code).toBe("BAD_REQUEST");
    expect(empty.fieldErrors?.name?.[0]).toContain("検索条件名");

    const rename = await errorOf(b.call((x) => x.member.filters.update({ id: second._id, name: "大阪一棟" })));
    expect(rename.fieldErrors).toEqual({ name: [FILTER_NAME_TAKEN] });
    // Renaming to its own name is fine.
    expect(await b.call((x) => x.member.filters.update({ id: first._id, name: "大阪一棟" }))).toEqual({ status: true });

    expect(await b.call((x) => x.member.filters.nameTaken({ id: 0, name: "大阪一棟" }))).toEqual({ exists: true });
    expect(await b.call((x) => x.member.filters.nameTaken({ id: 0, name: " 大阪一棟 " }))).toEqual({ exists: true });
    expect(await b.call((x) => x.member.filters.nameTaken({ id: first._id, name: "大阪一棟" }))).toEqual({ exists: false });
    expect(await b.call((x) => x.member.filters.nameTaken({ id: second._id, name: "大阪一棟" }))).toEqual({ exists: true });
    expect(await b.call((x) => x.member.filters.nameTaken({ id: 0, name: "新しい名前" }))).toEqual({ exists: false });

    // Another member may use the same name; their check does not see ours.
    expect(await other.call((x) => x.member.filters.nameTaken({ id: 0, name: "大阪一棟" }))).toEqual({ exists: false });
    await other.call((x) => x.member.filters.create({ name: "大阪一棟", query: {} as never }));
  });

  it(`at most ${FILTER_LIMIT} conditions, with a clear message`, async () => {
    const { b } = await member();
    for (let i = 0; i < FILTER_LIMIT; i++) await b.call((x) => x.member.filters.create({ name: `条件${i}`, query: { ty: [1] } as never }));
    const err = await errorOf(b.call((x) => x.member.filters.create({ name: "21件目", query: {} as never })));
    expect(err.fieldErrors).toEqual({ name: [FILTER_LIMIT_MESSAGE] });
    expect(FILTER_LIMIT_MESSAGE).toContain("20件まで");
    expect(await b.call((x) => x.member.filters.list())).toHaveLength(FILTER_LIMIT);
  });

  it("an invalid query is rejected", async () => {
    const { b } = await member();
    expect(await codeOf(b.call((x) => x.member.filters.create({ name: "不正", query: { ty: ["abc"] } as never })))).toBe("BAD_REQUEST");
  });
});

describe("matchings", () => {
  it("list with the condition and reason, unread count, read one / all, delete one / all", async () => {
    const { user, b } = await member();
    const f = await b.call((x) => x.member.filters.create({ name: "値下げ待ち", query: { ty: [1] } as never }));
    const l1 = await insertListing(s.db, { name: "新着物件" });
    // a qualifying cut (8,000万円 offered 100 days, cut 10 days ago) as the editor's save stores it
    const day = 86_400_000;
    const l2 = await insertListing(s.db, {
      name: "値下げ物件",
      price: 7500,
      price_down: true,
      price_before: 8000,
      price_down_at: new Date(Date.now() - 10 * day),
      price_before_since: new Date(Date.now() - 110 * day),
    });
    const m1 = await insertMatching(user.id, l1, { filter_id: f._id });
    const m2 = await insertMatching(user.id, l2, { filter_id: f._id, reason: "price_down", price: 7500, price_before: 8000 });

    const list = await b.call((x) => x.member.matchings.list());
    expect(list.map((m) => m._id).sort()).toEqual([m1, m2].sort());
    const down = list.find((m) => m._id === m2)!;
    expect(down).toMatchObject({ filter_name: "値下げ待ち", reason: "price_down", price: 7500, price_before: 8000, read_at: null });
    expect(down.former_price).toMatchObject({ formerPrice: 8000 });
    expect(down.card?.name).toBe("値下げ物件");
    expect(list.find((m) => m._id === m1)?.former_price).toBeNull();
    expect(await b.call((x) => x.member.matchings.unread())).toBe(2);

    expect(await b.call((x) => x.member.matchings.read({ id: m1 }))).toEqual({ status: true });
    expect(await b.call((x) => x.member.matchings.unread())).toBe(1);
    await b.call((x) => x.member.matchings.read({ id: m1, read: false }));
    expect(await b.call((x) => x.member.matchings.unread())).toBe(2);
    expect(await b.call((x) => x.member.matchings.readAll())).toEqual({ updated: 2 });
    expect(await b.call((x) => x.member.matchings.unread())).toBe(0);

    expect(await b.call((x) => x.member.matchings.remove({ ids: [m1] }))).toEqual({ deleted: 1 });
    expect((await b.call((x) => x.member.matchings.list())).map((m) => m._id)).toEqual([m2]);
    await insertMatching(user.id, l1, { filter_id: f._id });
    expect(await b.call((x) => x.member.matchings.remove())).toEqual({ deleted: 2 });
    expect(await b.call((x) => x.member.matchings.list())).toEqual([]);
    expect(await codeOf(b.call((x) => x.member.matchings.read({ id: m1 })))).toBe("NOT_FOUND");
  });

  it("a deleted condition leaves its matchings with no condition name", async () => {
    const { user, b } = await member();
    const f = await b.call((x) => x.member.filters.create({ name: "消す条件", query: {} as never }));
    const l = await insertListing(s.db);
    await insertMatching(user.id, l, { filter_id: f._id });
    await b.call((x) => x.member.filters.remove({ id: f._id }));
    const [m] = await b.call((x) => x.member.matchings.list());
    expect(m).toMatchObject({ filter_id: null, filter_name: null });
  });
});

describe("dashboard", () => {
  it("new matchings since the last visit, price-changed bookmarks, conditions with counts, recent inquiries", async () => {
    const { user, b } = await member();
    const l1 = await insertListing(s.db, { name: "ダッシュ1", price: 10000 });
    const l2 = await insertListing(s.db, { name: "ダッシュ2", price: 5000 });
    await b.call((x) => x.member.bookmarks.add({ investmentId: l1 }));
    await b.call((x) => x.member.bookmarks.add({ investmentId: l2 }));
    await s.db.update(investments).set({ price: 9000 }).where(eq(investments.id, l1));
    const f = await b.call((x) => x.member.filters.create({ name: "ダッシュ条件", query: { ty: [1] } as never }));
    await insertMatching(user.id, l1, { filter_id: f._id, created_at: new Date(Date.now() - 60_000) });
    await b.call((x) => x.public.contacts.investment(validInput("investment", user.email, l2) as never));

    const d = await b.call((x) => x.member.matchings.dashboard());
    expect(d.since).toBeNull();
    expect(d.newMatchings.map((m) => m.investment_id)).toEqual([l1]);
    expect(d.unread).toBe(1);
    expect(d.bookmarks.total).toBe(2);
    expect(d.bookmarks.priceChanged.map((x) => [x.card.id, x.price_change])).toEqual([[l1, -1000]]);
    expect(d.filters.map((x) => x.name)).toEqual(["ダッシュ条件"]);
    expect(d.filters[0]!.count).toBeGreaterThanOrEqual(2);
    expect(d.contacts.map((c) => c.investment_id)).toEqual([l2]);

    // The visit moved the mark: the same matching is no longer "new"; a later one is.
    const again = await b.call((x) => x.member.matchings.dashboard());
    expect(again.since).not.toBeNull();
    expect(again.newMatchings).toEqual([]);
    expect(again.unread).toBe(1);
    const [u] = await s.db.select({ at: users.last_mypage_at }).from(users).where(eq(users.id, user.id));
    await insertMatching(user.id, l2, { filter_id: f._id, created_at: new Date(u!.at!.getTime() + 1000) });
    expect((await b.call((x) => x.member.matchings.dashboard())).newMatchings.map((m) => m.investment_id)).toEqual([l2]);
  });
});

describe("ownership: member B sends member A's ids", () => {
  it("cannot see, change or delete A's filters, matchings, bookmarks or inquiries", async () => {
    const A = await member("owner");
    const B = await member("attacker");
    const l1 = await insertListing(s.db, { name: "Aの物件1" });
    const l2 = await insertListing(s.db, { name: "Aの物件2" });
    await A.b.call((x) => x.member.bookmarks.add({ investmentId: l1 }));
    await A.b.call((x) => x.member.bookmarks.add({ investmentId: l2 }));
    const f = await A.b.call((x) => x.member.filters.create({ name: "Aの条件", query: { ty: [1] } as never }));
    const m = await insertMatching(A.user.id, l1, { filter_id: f._id });
    const contact = await A.b.call((x) => x.public.contacts.investment(validInput("investment", A.user.email, l1) as never));

    // Filters
    expect(await B.b.call((x) => x.member.filters.list())).toEqual([]);
    expect(await codeOf(B.b.call((x) => x.member.filters.update({ id: f._id, name: "乗っ取り" })))).toBe("NOT_FOUND");
    expect(await codeOf(B.b.call((x) => x.member.filters.update({ id: f._id, query: { re: [1] } as never })))).toBe("NOT_FOUND");
    expect(await codeOf(B.b.call((x) => x.member.filters.remove({ id: f._id })))).toBe("NOT_FOUND");
    expect(await B.b.call((x) => x.member.filters.nameTaken({ id: f._id, name: "Aの条件" }))).toEqual({ exists: false });
    expect(await filterRows(A.user.id)).toMatchObject([{ id: f._id, name: "Aの条件", query: { ty: [1] } }]);

    // Matchings
    expect(await B.b.call((x) => x.member.matchings.list())).toEqual([]);
    expect(await B.b.call((x) => x.member.matchings.unread())).toBe(0);
    expect(await codeOf(B.b.call((x) => x.member.matchings.read({ id: m })))).toBe("NOT_FOUND");
    expect(await B.b.call((x) => x.member.matchings.readAll())).toEqual({ updated: 0 });
    expect(await B.b.call((x) => x.member.matchings.remove({ ids: [m] }))).toEqual({ deleted: 0 });
    expect(await B.b.call((x) => x.member.matchings.remove())).toEqual({ deleted: 0 });
    const [mrow] = await s.db.select().from(matchings).where(eq(matchings.id, m));
    expect(mrow).toMatchObject({ user_id: A.user.id, read_at: null });
    expect(await A.b.call((x) => x.member.matchings.unread())).toBe(1);

    // Bookmarks
    expect(await B.b.call((x) => x.member.bookmarks.list())).toEqual([]);
    expect(await B.b.call((x) => x.member.bookmarks.has({ investmentId: l1 }))).toBe(false);
    expect(await B.b.call((x) => x.member.bookmarks.compare({ ids: [l1, l2] }))).toEqual([]);
    expect(await codeOf(B.b.call((x) => x.member.bookmarks.remove({ investmentId: l1 })))).toBe("NOT_FOUND");
    expect((await bookmarkIds(A.b)).sort()).toEqual([l1, l2].sort());
    expect((await s.db.select({ n: count() }).from(bookmarks).where(eq(bookmarks.user_id, A.user.id)))[0]!.n).toBe(2);
    // B bookmarking one of them compares only B's own.
    await B.b.call((x) => x.member.bookmarks.add({ investmentId: l1 }));
    expect((await B.b.call((x) => x.member.bookmarks.compare({ ids: [l1, l2] }))).map((r) => r.id)).toEqual([l1]);

    // Inquiries
    expect(await B.b.call((x) => x.member.contacts.list())).toEqual([]);
    expect(await codeOf(B.b.call((x) => x.member.contacts.remove({ id: contact.id })))).toBe("NOT_FOUND");
    expect((await A.b.call((x) => x.member.contacts.list())).map((c) => c._id)).toEqual([contact.id]);
    const [crow] = await s.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(crow!.user_id).toBe(A.user.id);

    // And the dashboard shows B nothing of A's.
    const d = await B.b.call((x) => x.member.matchings.dashboard());
    expect(d).toMatchObject({ newMatchings: [], unread: 0, filters: [], contacts: [] });
    expect(d.bookmarks.total).toBe(1);
  });
});

describe("access", () => {
  it("visitors get UNAUTHORIZED from every member procedure", async () => {
    const v = s.browser();
    const calls = [
      v.call((x) => x.member.bookmarks.list()),
      v.call((x) => x.member.bookmarks.add({ investmentId: 1 })),
      v.call((x) => x.member.filters.list()),
      v.call((x) => x.member.filters.create({ name: "x", query: {} as never })),
      v.call((x) => x.member.filters.nameTaken({ id: 0, name: "x" })),
      v.call((x) => x.member.matchings.list()),
      v.call((x) => x.member.matchings.dashboard()),
    ];
    for (const c of calls) expect(await codeOf(c)).toBe("UNAUTHORIZED");
  });

  it("a suspended member loses access at once, and a deleted one too", async () => {
    const { user, b } = await member("suspend");
    const l = await insertListing(s.db);
    await b.call((x) => x.member.bookmarks.add({ investmentId: l }));
    expect(await bookmarkIds(b)).toEqual([l]);
    await s.db.update(users).set({ status: "suspended" }).where(eq(users.id, user.id));
    expect(await codeOf(b.call((x) => x.member.bookmarks.list()))).toBe("UNAUTHORIZED");
    expect(await codeOf(b.call((x) => x.member.filters.create({ name: "停止中", query: {} as never })))).toBe("UNAUTHORIZED");
    expect(await codeOf(b.call((x) => x.member.matchings.dashboard()))).toBe("UNAUTHORIZED");
    expect(
      (
        await s.db
          .select({ n: count() })
          .from(filters)
          .where(and(eq(filters.user_id, user.id)))
      )[0]!.n,
    ).toBe(0);

    const other = await member("deleted");
    await s.db.update(users).set({ deleted_at: new Date() }).where(eq(users.id, other.user.id));
    expect(await codeOf(other.b.call((x) => x.member.bookmarks.list()))).toBe("UNAUTHORIZED");
  });
});
