import { TRPCError } from "@trpc/server";
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE } from "@/lib/constants/investment";
import { parseSearchParams } from "@/schemas/search";
import { bookmarks, investment_images, investment_transports, investments } from "@/server/db/schema";
import { COUNT_BOUND, countMembersOnly } from "@/server/search";
import { callerFor } from "../../helpers/context";
import { seededDb, VISIBLE, type Seeded } from "./setup";

let t: Seeded;
beforeAll(async () => {
  t = await seededDb();
});
afterAll(() => t?.cleanup());

const visitor = () => callerFor(t.db).then((c) => c.caller);
const member = () => callerFor(t.db, { userId: t.memberId }).then((c) => c.caller);

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "OK";
  } catch (e) {
    if (e instanceof TRPCError) return e.code;
    throw e;
  }
}

async function countWhere(where: ReturnType<typeof and>): Promise<number> {
  return (await t.db.select({ n: count() }).from(investments).where(where).get())?.n ?? 0;
}

/** A listing of the demo data matching `where`, with its images and transports. */
async function pick(where: ReturnType<typeof and>) {
  const row = await t.db
    .select()
    .from(investments)
    .where(and(where, sql`EXISTS (SELECT 1 FROM investment_images i WHERE i.investment_id = ${investments.id})`))
    .orderBy(investments.id)
    .get();
  if (!row) throw new Error("no such listing in the demo data");
  const images = await t.db.select().from(investment_images).where(eq(investment_images.investment_id, row.id)).all();
  const transports = await t.db.select().from(investment_transports).where(eq(investment_transports.investment_id, row.id)).all();
  return { row, images, transports };
}

describe("public.investments.membersOnlyCount (the visitor banner)", () => {
  const membersOnly = and(VISIBLE.member, eq(investments.members, true));

  it("counts the members-only listings of the current search, not of the whole site", async () => {
    const c = await visitor();
    const all = await countWhere(membersOnly);
    expect(all).toBeGreaterThan(0);
    expect((await c.public.investments.membersOnlyCount({})).total).toBe(all);
    // page and sort do not change it
    expect((await c.public.investments.membersOnlyCount({ page: "3", sr: "price_asc" })).total).toBe(all);
    // a narrower search: its own count
    expect((await c.public.investments.membersOnlyCount({ ty: "1" })).total).toBe(await countWhere(and(membersOnly, eq(investments.type_cd, 1))));
    expect((await c.public.investments.membersOnlyCount({ ty: "1" })).total).toBeLessThan(all);
  });

  it("counts to the bound and says so past it (the banner's 「1,000件以上」), exact below it", async () => {
    const all = await countWhere(membersOnly);
    expect(all).toBeGreaterThan(3);
    expect(await countMembersOnly(t.db, parseSearchParams({}), new Date(), 3)).toEqual({ total: 3, bounded: true });
    expect(await countMembersOnly(t.db, parseSearchParams({}), new Date(), all)).toEqual({ total: all, bounded: false });
    expect(await countMembersOnly(t.db, parseSearchParams({}), new Date(), all - 1)).toEqual({ total: all - 1, bounded: true });
    // the procedure: the demo is under COUNT_BOUND, so exact
    expect(all).toBeLessThanOrEqual(COUNT_BOUND);
    expect(await (await visitor()).public.investments.membersOnlyCount({})).toEqual({ total: all, bounded: false });
  });

  it("a search that finds nothing has no members-only listings either", async () => {
    const c = await visitor();
    expect((await c.public.investments.search({ ty: "5", ly: "50" })).total).toBe(0);
    expect((await c.public.investments.membersOnlyCount({ ty: "5", ly: "50" })).total).toBe(0);
  });

  it("says nothing (null) for a free word: a count would tell what the locked listings say", async () => {
    const c = await visitor();
    const locked = await t.db.select({ name: investments.name }).from(investments).where(membersOnly).get();
    if (!locked) throw new Error("a members-only listing");
    expect((await c.public.investments.membersOnlyCount({ fw: locked.name })).total).toBeNull();
    expect((await c.public.investments.membersOnlyCount({ fw: "存在しない語" })).total).toBeNull();
  });
});

describe("public.investments.search / count", () => {
  it("a visitor gets public listings only; the total is the visitor-visible count", async () => {
    const r = await (await visitor()).public.investments.search({});
    const expected = await countWhere(VISIBLE.visitor);
    expect(expected).toBeGreaterThan(PAGE_SIZE);
    expect(r.total).toBe(expected);
    expect(r.items).toHaveLength(PAGE_SIZE);
    expect(r.items.every((c) => !c.members)).toBe(true);
    expect(r.page).toBe(1);
    expect(r.last).toBe(Math.ceil(expected / PAGE_SIZE));
  });

  it("a member also gets members-only listings", async () => {
    const c = await member();
    const r = await c.public.investments.search({});
    expect(r.total).toBe(await countWhere(VISIBLE.member));
    expect(r.total).toBeGreaterThan(await countWhere(VISIBLE.visitor));
    // Every page of the member's list together holds some members-only listings.
    const all = await Promise.all(Array.from({ length: r.last }, (_, i) => c.public.investments.search({ page: String(i + 1) })));
    expect(all.flatMap((p) => p.items).some((x) => x.members)).toBe(true);
    expect(new Set(all.flatMap((p) => p.items.map((x) => x.id))).size).toBe(r.total);
  });

  it("a visitor never finds a members-only listing, not even by its exact name or number", async () => {
    const { row } = await pick(and(VISIBLE.member, eq(investments.members, true)));
    const c = await visitor();
    for (const fw of [row.name, row.no ?? ""]) {
      const r = await c.public.investments.search({ fw });
      expect(r.items.map((x) => x.id)).not.toContain(row.id);
      const m = await (await member()).public.investments.search({ fw });
      expect(m.items.map((x) => x.id)).toContain(row.id);
    }
  });

  it("query parameters from the URL apply (area, type, sort, page) and count agrees with search", async () => {
    const c = await visitor();
    const input = { re: "3", ty: ["1", "2"], sr: "price_asc" };
    const r = await c.public.investments.search(input);
    const expected = await countWhere(and(VISIBLE.visitor, eq(investments.area_cd, 3), sql`${investments.type_cd} IN (1, 2)`));
    expect(r.total).toBe(expected);
    expect(r.items.every((x) => x.type_cd === 1 || x.type_cd === 2)).toBe(true);
    const prices = r.items.map((x) => x.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect((await c.public.investments.count(input)).total).toBe(expected);
  });

  it("garbage in the query is ignored, never an error", async () => {
    const c = await visitor();
    const all = (await c.public.investments.count({})).total;
    const weird = {
      re: ["x", "99"],
      lp: "abc",
      page: "-3",
      sr: "drop table",
      "a-very-long-unknown-parameter-name": "1",
      nested: { a: 1 },
      ps: "private",
      fw: "",
    } as Record<string, unknown>;
    expect((await c.public.investments.count(weird)).total).toBe(all);
    const r = await c.public.investments.search(weird);
    expect(r.total).toBe(all);
    expect(r.page).toBe(1);
    // Admin-only parameters never widen a visitor's results.
    expect((await c.public.investments.count({ ps: "private" })).total).toBe(all);
    // A page past the end is clamped to the last page.
    const past = await c.public.investments.search({ page: "9999" });
    expect(past.page).toBe(past.last);
  });

  it("a keyword that matches nothing gives an empty result", async () => {
    const r = await (await visitor()).public.investments.search({ fw: "該当なしのキーワードzzz" });
    expect(r).toMatchObject({ total: 0, items: [], page: 1, last: 1 });
  });
});

describe("public.investments.byId", () => {
  it("a visitor asking for a members-only listing gets { locked: true } and nothing else", async () => {
    const { row, images, transports } = await pick(and(VISIBLE.member, eq(investments.members, true)));
    const detail = await (await visitor()).public.investments.byId({ id: row.id });
    expect(detail).toEqual({ locked: true });
    const json = JSON.stringify(detail);
    const secrets = [
      row.name,
      row.no,
      String(row.price),
      row.district_cd,
      row.city_cd,
      row.comments?.main,
      ...images.map((i) => i.name),
      ...transports.map((tr) => tr.station_name),
    ].filter((s): s is string => typeof s === "string" && s.length > 0);
    for (const s of secrets) expect(json).not.toContain(s);
    expect(json).not.toMatch(/price|name|image|address|district|city|station/i);
  });

  it("a member gets the members-only listing in full", async () => {
    const { row, images } = await pick(and(VISIBLE.member, eq(investments.members, true)));
    const d = await (await member()).public.investments.byId({ id: row.id });
    if (d.locked) throw new Error("expected the full listing");
    expect(d).toMatchObject({ id: row.id, name: row.name, price: row.price, members: true });
    expect(d.images.map((i) => i.name)).toEqual(expect.arrayContaining(images.map((i) => i.name)));
  });

  it("a public listing: every group, transports in order, images, related listings visible to the viewer", async () => {
    const { row, transports } = await pick(and(VISIBLE.visitor, isNotNull(investments.area_cd)));
    const d = await (await visitor()).public.investments.byId({ id: row.id });
    if (d.locked) throw new Error("expected the full listing");
    expect(d).toMatchObject({
      id: row.id,
      name: row.name,
      price: row.price,
      type_cd: row.type_cd,
      city_cd: row.city_cd,
      district_cd: row.district_cd,
      transactions: row.transactions,
      registered_at: row.registered_at,
      next_update_at: row.next_update_at,
    });
    expect(d.pref_name).toBeTruthy();
    expect(d.city_name).toBeTruthy();
    expect(d.transports.map((x) => x.station_cd)).toEqual([...transports].sort((a, b) => a.e_sort - b.e_sort).map((x) => x.station_cd));
    expect(d.images.length).toBeGreaterThan(0);
    expect(d.bookmarked).toBeNull();
    // Staff-only data never leaves the service.
    const json = JSON.stringify(d);
    expect(json).not.toContain('"original"');
    expect(json).not.toContain('"keywords"');
    if (row.original?.company) expect(json).not.toContain(row.original.company);
    if (row.locality) expect(json).not.toContain(`"${row.locality}"`);
    // Related: same type, same area, never itself, never members-only for a visitor.
    expect(d.related.length).toBeLessThanOrEqual(4);
    for (const r of d.related) {
      expect(r.id).not.toBe(row.id);
      expect(r.type_cd).toBe(row.type_cd);
      expect(r.members).toBe(false);
    }
  });

  it("unpublished and overdue listings are not found by anyone on the public side", async () => {
    const unpublished = await t.db.select({ id: investments.id }).from(investments).where(eq(investments.public, false)).get();
    expect(unpublished).toBeDefined();
    expect(await codeOf((await visitor()).public.investments.byId({ id: unpublished!.id }))).toBe("NOT_FOUND");
    expect(await codeOf((await member()).public.investments.byId({ id: unpublished!.id }))).toBe("NOT_FOUND");

    const { row } = await pick(VISIBLE.visitor);
    await t.db.update(investments).set({ not_updated_at: new Date() }).where(eq(investments.id, row.id));
    try {
      expect(await codeOf((await visitor()).public.investments.byId({ id: row.id }))).toBe("NOT_FOUND");
    } finally {
      await t.db.update(investments).set({ not_updated_at: null }).where(eq(investments.id, row.id));
    }
    expect(await codeOf((await visitor()).public.investments.byId({ id: 99_999_999 }))).toBe("NOT_FOUND");
    expect(await codeOf((await visitor()).public.investments.byId({ id: -1 }))).toBe("BAD_REQUEST");
  });

  it("a member sees whether the listing is in their favourites", async () => {
    const mark = await t.db.select({ id: bookmarks.investment_id }).from(bookmarks).where(eq(bookmarks.user_id, t.memberId)).get();
    expect(mark).toBeDefined();
    const c = await member();
    const saved = await c.public.investments.byId({ id: mark!.id });
    expect(!saved.locked && saved.bookmarked).toBe(true);
    const { row } = await pick(and(VISIBLE.visitor, sql`${investments.id} NOT IN (SELECT investment_id FROM bookmarks WHERE user_id = ${t.memberId})`));
    const other = await c.public.investments.byId({ id: row.id });
    expect(!other.locked && other.bookmarked).toBe(false);
  });
});
