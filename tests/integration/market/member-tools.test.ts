import { TRPCError } from "@trpc/server";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookmarks, investment_views, investments } from "@/server/db/schema";
import { listRecentViews, recordView, VIEWS_KEPT } from "@/server/investments/views";
import { callerFor } from "../../helpers/context";
import { createUser } from "../../helpers/factories";
import { VISIBLE, seededDb, type Seeded } from "../investments-pages/setup";

let t: Seeded;
let ids: number[];
beforeAll(async () => {
  t = await seededDb();
  ids = (
    await t.db
      .select({ id: investments.id })
      .from(investments)
      .where(VISIBLE.member)
      .orderBy(investments.id)
      .limit(VIEWS_KEPT + 5)
      .all()
  ).map((r) => r.id);
});
afterAll(() => t?.cleanup());

describe("recently viewed (member.views)", () => {
  it("records, refreshes and lists newest first, excluding the current listing", async () => {
    const user = await createUser(t.db);
    const [a, b, c] = ids as [number, number, number];
    await recordView(t.db, user.id, a, new Date(1_000));
    await recordView(t.db, user.id, b, new Date(2_000));
    await recordView(t.db, user.id, c, new Date(3_000));
    await recordView(t.db, user.id, a, new Date(4_000));
    const list = await listRecentViews(t.db, user.id);
    expect(list.map((v) => v.card.id)).toEqual([a, c, b]);
    expect((await listRecentViews(t.db, user.id, { excludeId: a })).map((v) => v.card.id)).toEqual([c, b]);
  });

  it("keeps at most VIEWS_KEPT per member and refuses invisible listings", async () => {
    const user = await createUser(t.db);
    for (const [i, id] of ids.entries()) await recordView(t.db, user.id, id, new Date(10_000 + i));
    const rows = await t.db.select().from(investment_views).where(eq(investment_views.user_id, user.id)).all();
    expect(rows).toHaveLength(VIEWS_KEPT);
    const hidden = await t.db.select({ id: investments.id }).from(investments).where(eq(investments.public, false)).get();
    if (hidden) expect(await recordView(t.db, user.id, hidden.id)).toBe(false);
  });

  it("the router works on the caller's own rows only", async () => {
    const other = await createUser(t.db);
    await recordView(t.db, other.id, ids[3]!);
    const { caller } = await callerFor(t.db, { userId: t.memberId });
    expect(await caller.member.views.record({ investmentId: ids[4]! })).toEqual({ recorded: true });
    const mine = await caller.member.views.list();
    expect(mine.map((v) => v.card.id)).toContain(ids[4]);
    expect(mine.map((v) => v.card.id)).not.toContain(ids[3]);
    const visitor = (await callerFor(t.db)).caller;
    await expect(visitor.member.views.list()).rejects.toBeInstanceOf(TRPCError);
  });
});

describe("member.scenario.saveScenario", () => {
  const scenario = {
    loan: 50_000_000,
    interest: 2.1,
    years: 25,
    vacancy: 5,
    management: 5,
    repairs: 5,
    taxes: 0.8,
    insurance: 0.1,
    purchaseCosts: 7,
    rentDecline: 0.5,
  };

  it("writes the caller's own bookmark and refuses without one", async () => {
    const { caller } = await callerFor(t.db, { userId: t.memberId });
    const other = await createUser(t.db);
    const id = ids[10]!;
    await t.db.delete(bookmarks).where(eq(bookmarks.investment_id, id));
    await t.db.insert(bookmarks).values({ user_id: other.id, investment_id: id, price_at_bookmark: 1 });
    // Only someone else's bookmark exists: NOT_FOUND, and theirs is untouched.
    await expect(caller.member.scenario.saveScenario({ investmentId: id, scenario })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await caller.member.bookmarks.add({ investmentId: id });
    expect(await caller.member.scenario.saveScenario({ investmentId: id, scenario })).toEqual({ status: true });
    const rows = await t.db.select().from(bookmarks).where(eq(bookmarks.investment_id, id)).all();
    expect(rows.find((r) => r.user_id === t.memberId)?.scenario).toEqual(scenario);
    expect(rows.find((r) => r.user_id === other.id)?.scenario).toBeNull();
    expect(await caller.member.scenario.get({ investmentId: id })).toEqual({ bookmarked: true, scenario });
  });

  it("refuses unknown keys and negative values", async () => {
    const { caller } = await callerFor(t.db, { userId: t.memberId });
    const id = ids[10]!;
    await expect(caller.member.scenario.saveScenario({ investmentId: id, scenario: { ...scenario, evil: 1 } as typeof scenario })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(caller.member.scenario.saveScenario({ investmentId: id, scenario: { ...scenario, interest: -1 } })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    const row = await t.db
      .select()
      .from(bookmarks)
      .where(and(eq(bookmarks.user_id, t.memberId), eq(bookmarks.investment_id, id)))
      .get();
    expect(row?.scenario).toEqual(scenario);
  });
});
