import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookmarks, filters, users } from "@/server/db/schema";
import { codeOf, newEmail, useAccountSuite, validRegistration } from "../../helpers/accounts";
import { createUser } from "../../helpers/factories";
import { linkIn } from "../../helpers/smtp-sink";
import { insertListing } from "../contacts/fixtures";

/**
 * Sign-up and login keep the visitor's intent (issue 30): the intent rides through the mailed
 * registration link and is carried out by member.intent.carryOut once the visitor is a member.
 */
const s = useAccountSuite();
const SIGNUP_SUBJECT = "会員登録のご案内";
const EXISTS_SUBJECT = "会員登録について";

const bookmarked = async (userId: number) =>
  (await s.db.select({ id: bookmarks.investment_id }).from(bookmarks).where(eq(bookmarks.user_id, userId)).all()).map((r) => r.id);
const savedFilters = (userId: number) => s.db.select().from(filters).where(eq(filters.user_id, userId)).all();

async function signupLink(email: string, intent: Record<string, unknown>): Promise<URL> {
  const mark = s.sink.mark();
  expect(await s.browser().call((c) => c.public.auth.signup({ email, intent: intent as never }))).toEqual({ status: true });
  const mail = await s.sink.waitFor((m) => m.to.includes(email) && m.subject.includes(SIGNUP_SUBJECT), undefined, mark);
  return linkIn(mail, "/signup/register");
}

describe("sign-up keeps the intent through the mailed link", () => {
  it("registering from the link, then applying its intent, saves the conditions under their Japanese description and bookmarks", async () => {
    const listing = await insertListing(s.db, { name: "意図テスト江坂" });
    const email = newEmail("intent");
    const link = await signupLink(email, { next: "/investments/page/1?ty=2&hp=8000", save: true, bookmark: listing });
    expect(link.searchParams.get("next")).toBe("/investments/page/1?ty=2&hp=8000");
    expect(link.searchParams.get("save")).toBe("1");
    expect(link.searchParams.get("bookmark")).toBe(String(listing));

    const b = s.browser();
    await b.call((c) => c.public.auth.register(validRegistration(link.searchParams.get("token")!)));
    const user = (await s.db.select().from(users).where(eq(users.email, email)).get())!;
    const r = await b.call((c) =>
      c.member.intent.carryOut({
        next: link.searchParams.get("next"),
        save: link.searchParams.get("save") === "1",
        bookmark: Number(link.searchParams.get("bookmark")),
      }),
    );
    expect(r.next).toBe("/investments/page/1?ty=2&hp=8000");
    expect(r.bookmarked).toBe(listing);
    expect(r.savedFilter?.name).toBe("一棟アパート 8,000万円以下");
    expect(r.notice).toContain("検索条件「一棟アパート 8,000万円以下」を保存しました");
    const rows = await savedFilters(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "一棟アパート 8,000万円以下", query: { ty: [2], hp: 8000 } });
    expect(await bookmarked(user.id)).toEqual([listing]);

    // The same conditions again get a name of their own, not a duplicate-name refusal.
    const again = await b.call((c) => c.member.intent.carryOut({ next: "/investments?hp=8000&ty=2", save: true }));
    expect(again.savedFilter?.name).toBe("一棟アパート 8,000万円以下（2）");
  });

  it("a next off the site never reaches the mail (no open redirect through the link)", async () => {
    for (const next of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "/\t/evil.example"]) {
      const link = await signupLink(newEmail("redir"), { next, save: true, bookmark: 9 });
      expect(link.searchParams.get("next")).toBeNull();
      expect(link.searchParams.get("save")).toBeNull();
      expect(link.searchParams.get("bookmark")).toBe("9");
      expect(link.origin).toBe("http://localhost:3000");
    }
  });

  it("an address that already has an account gets the login link with the intent", async () => {
    const user = await createUser(s.db, { email: newEmail("exists") });
    const mark = s.sink.mark();
    await s.browser().call((c) => c.public.auth.signup({ email: user.email, intent: { next: "/investments/3", bookmark: 3 } }));
    const mail = await s.sink.waitFor((m) => m.to.includes(user.email) && m.subject.includes(EXISTS_SUBJECT), undefined, mark);
    const login = linkIn(mail, "/login");
    expect(login.pathname).toBe("/login");
    expect(login.searchParams.get("next")).toBe("/investments/3");
    expect(login.searchParams.get("bookmark")).toBe("3");
  });
});

describe("member.intent.carryOut after a login", () => {
  async function member() {
    const user = await createUser(s.db, { email: newEmail("login-intent") });
    const b = s.browser();
    expect(await b.call((c) => c.public.auth.login({ email: user.email, password: "secret-pass" }))).toEqual({ status: "ok" });
    return { user, b };
  }

  it("bookmarks for compare too, and goes back to the listing", async () => {
    const { user, b } = await member();
    const listing = await insertListing(s.db);
    const r = await b.call((c) => c.member.intent.carryOut({ next: `/investments/${listing}`, compare: listing }));
    expect(r).toMatchObject({ next: `/investments/${listing}`, compare: listing, bookmarked: null, savedFilter: null });
    expect(await bookmarked(user.id)).toEqual([listing]);
  });

  it("a listing the member may not see is neither bookmarked nor revealed; the rest still happens", async () => {
    const { user, b } = await member();
    const hidden = await insertListing(s.db, { name: "非公開の物件", public: false });
    const r = await b.call((c) => c.member.intent.carryOut({ next: `/investments/${hidden}`, bookmark: hidden, compare: 999_999_999, save: false }));
    expect(r.bookmarked).toBeNull();
    expect(r.compare).toBeNull();
    expect(r.notice).toContain("現在掲載されていない");
    expect(r.notice).not.toContain("非公開の物件");
    expect(await bookmarked(user.id)).toEqual([]);
    expect(r.next).toBe(`/investments/${hidden}`);
  });

  it("an off-site next goes to My Page; save without a same-site next saves nothing", async () => {
    const { user, b } = await member();
    for (const next of ["//evil.example", "https://evil.example/investments?ty=2", "/\\evil.example"]) {
      const r = await b.call((c) => c.member.intent.carryOut({ next, save: true }));
      expect(r.next).toBe("/mypage");
      expect(r.savedFilter).toBeNull();
    }
    expect(await savedFilters(user.id)).toEqual([]);
  });

  it("visitors cannot call it", async () => {
    expect(await codeOf(s.browser().call((c) => c.member.intent.carryOut({ bookmark: 1 })))).toBe("UNAUTHORIZED");
  });

  it("no conditions at all are saved as すべての物件", async () => {
    const { user, b } = await member();
    const r = await b.call((c) => c.member.intent.carryOut({ next: "/investments", save: true }));
    expect(r.savedFilter?.name).toBe("すべての物件");
    const rows = await s.db
      .select()
      .from(filters)
      .where(and(eq(filters.user_id, user.id), eq(filters.name, "すべての物件")))
      .all();
    expect(rows).toHaveLength(1);
  });
});
