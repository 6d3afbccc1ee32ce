import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { investment_views, investments } from "@/server/db/schema";
import { codeOf, newEmail, useAccountSuite } from "../../helpers/accounts";
import { createUser } from "../../helpers/factories";
import { insertListing } from "../contacts/fixtures";

/** 閲覧履歴 on My Page (issue 30): the member's own views, current price, listings that left drop out, a clear button. */
const s = useAccountSuite({ mail: false });

async function member() {
  const user = await createUser(s.db, { email: newEmail("history") });
  const b = s.browser();
  await b.call((c) => c.public.auth.login({ email: user.email, password: "secret-pass" }));
  return { user, b };
}

describe("閲覧履歴", () => {
  it("lists newest first with today's price; unpublished, deleted and overdue listings drop out and come back when visible again", async () => {
    const { b } = await member();
    const a = await insertListing(s.db, { name: "履歴A", price: 9000 });
    const m = await insertListing(s.db, { name: "履歴会員限定", members: true });
    const gone = await insertListing(s.db, { name: "履歴削除" });
    const hidden = await insertListing(s.db, { name: "履歴非公開" });
    for (const id of [a, m, gone, hidden, a]) await b.call((c) => c.member.views.record({ investmentId: id }));
    await s.db.update(investments).set({ price: 8500 }).where(eq(investments.id, a));
    await s.db.update(investments).set({ public: false }).where(eq(investments.id, hidden));
    await s.db.delete(investments).where(eq(investments.id, gone));
    const list = await b.call((c) => c.member.views.list({ limit: 50 }));
    expect(list.map((v) => [v.card.name, v.card.price])).toEqual([
      ["履歴A", 8500],
      ["履歴会員限定", 12800],
    ]);
    expect(list[1]!.card.members).toBe(true);
    await s.db.update(investments).set({ public: true }).where(eq(investments.id, hidden));
    expect((await b.call((c) => c.member.views.list({ limit: 50 }))).map((v) => v.card.name)).toContain("履歴非公開");
  });

  it("the clear button empties the member's own history only", async () => {
    const { user, b } = await member();
    const other = await member();
    const x = await insertListing(s.db, { name: "履歴X" });
    await b.call((c) => c.member.views.record({ investmentId: x }));
    await other.b.call((c) => c.member.views.record({ investmentId: x }));
    expect(await b.call((c) => c.member.views.clear())).toEqual({ status: true });
    expect(await s.db.select().from(investment_views).where(eq(investment_views.user_id, user.id)).all()).toEqual([]);
    expect(await other.b.call((c) => c.member.views.list())).toHaveLength(1);
    expect(await codeOf(s.browser().call((c) => c.member.views.clear()))).toBe("UNAUTHORIZED");
  });
});
