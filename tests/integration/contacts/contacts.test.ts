import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contacts } from "@/server/db/schema";
import { env } from "@/server/env";
import { LISTING_NOT_AVAILABLE } from "@/server/contacts/submit";
import { codeOf, errorOf, newEmail, useAccountSuite } from "../../helpers/accounts";
import { createAdmin, createUser } from "../../helpers/factories";
import { insertListing, validInput } from "./fixtures";

/** Inquiries (issue 5): stored, mailed to staff and sender, visible to the member and to staff. */
const s = useAccountSuite();
const KINDS = ["investment", "consult", "other", "sell", "exchange"] as const;

async function rows(email: string) {
  return s.db.select().from(contacts).where(eq(contacts.email, email));
}

describe("each form stores the inquiry and produces both mails", () => {
  for (const kind of KINDS) {
    it(kind, async () => {
      const listing = await insertListing(s.db);
      const email = newEmail(`contact-${kind}`);
      const r = await s.browser().call((c) => c.public.contacts[kind](validInput(kind, email, listing) as never));
      expect(r.status).toBe(true);
      const stored = await rows(email);
      expect(stored).toHaveLength(1);
      expect(stored[0]!.kind).toBe(kind);
      expect(stored[0]!.tel).toBe("06-1234-5678"); // full-width digits converted before validation
      const ack = await s.sink.waitFor((m) => m.to.includes(email) && m.subject.includes("お問い合わせを受け付けました"));
      // The auto-reply goes to whatever address was typed: nothing the visitor wrote is echoed (issue 27).
      expect(ack.text).not.toContain("難波");
      const staff = await s.sink.waitFor((m) => m.to.includes(env().STAFF_EMAIL) && m.subject.includes(`#${r.id}`));
      expect(staff.text).toContain(email);
      if (kind === "investment") {
        expect(staff.text).toContain("テストコート江坂");
        expect(stored[0]!.investment_id).toBe(listing);
        expect(stored[0]!.money).toBe(1500);
      }
    });
  }
});

describe("every invalid field gives its Japanese message and stores nothing", () => {
  const cases: [string, (typeof KINDS)[number], (v: Record<string, unknown>) => void, Record<string, string[]>][] = [
    ["no inquiry kind", "consult", (v) => ((v.inquiry as { main: string[] }).main = []), { "inquiry.main": ["お問い合わせ項目は1件以上選択してください"] }],
    ["その他 without text", "consult", (v) => ((v.inquiry as { main: string[] }).main = ["other"]), { "inquiry.other": ["その他の内容を入力してください"] }],
    ["last name missing", "other", (v) => ((v.names as { last: string }).last = " "), { "names.last": ["お名前（姓）を入力してください"] }],
    [
      "kana in hiragana",
      "other",
      (v) => ((v.kanas as { last: string }).last = "なんば"),
      { "kanas.last": ["フリガナ（セイ）は全角カタカナで入力してください"] },
    ],
    [
      "first kana in romaji",
      "other",
      (v) => ((v.kanas as { first: string }).first = "Hanako"),
      { "kanas.first": ["フリガナ（メイ）は全角カタカナで入力してください"] },
    ],
    ["salary missing", "consult", (v) => (v.salary = ""), { salary: ["年収を選択してください"] }],
    ["money with letters", "consult", (v) => (v.money = "1,000万"), { money: ["自己資金（万円）は半角数字で入力してください"] }],
    ["bad email", "other", (v) => (v.email = "hanako@"), { email: ["メールアドレスの形式が正しくありません"] }],
    [
      "tel with letters",
      "other",
      (v) => ((v.contact as { tel: string }).tel = "06-abcd-5678"),
      { "contact.tel": ["電話番号は半角数字とハイフンで入力してください"] },
    ],
    ["tel too short", "other", (v) => ((v.contact as { tel: string }).tel = "06-1234"), { "contact.tel": ["電話番号は10文字以上で入力してください"] }],
    ["fax chosen but empty", "other", (v) => ((v.contact as { method: string[] }).method = ["fax"]), { "contact.fax": ["FAX番号を入力してください"] }],
    ["fax too short", "other", (v) => ((v.contact as { fax: string }).fax = "06-12"), { "contact.fax": ["FAX番号は10文字以上で入力してください"] }],
    ["tel chosen without a time", "other", (v) => ((v.contact as { time: string }).time = ""), { "contact.time": ["ご連絡可能な時間帯を選択してください"] }],
    ["content missing", "other", (v) => (v.content = ""), { content: ["お問い合わせ内容を入力してください"] }],
    ["comment missing", "consult", (v) => (v.comment = ""), { comment: ["ご相談内容を入力してください"] }],
    ["company missing", "exchange", (v) => (v.company = ""), { company: ["会社名を入力してください"] }],
    [
      "exchange その他 without text",
      "exchange",
      (v) => ((v.inquiry as { main: string[] }).main = ["other"]),
      { "inquiry.other": ["その他の内容を入力してください"] },
    ],
    ["sell without address", "sell", (v) => ((v.property as { address: string }).address = ""), { "property.address": ["物件所在地を入力してください"] }],
  ];
  for (const [name, kind, mutate, expected] of cases) {
    it(name, async () => {
      const email = newEmail("invalid");
      const input = structuredClone(validInput(kind, email)) as Record<string, unknown>;
      mutate(input);
      const err = await errorOf(s.browser().call((c) => c.public.contacts[kind](input as never)));
      expect(err.code).toBe("BAD_REQUEST");
      expect(err.fieldErrors).toEqual(expected);
      expect(await rows(email)).toHaveLength(0);
    });
  }
});

describe("reliability", () => {
  it("a double submit (same payload twice within seconds) stores one inquiry", async () => {
    const email = newEmail("double");
    const b = s.browser();
    const input = validInput("consult", email);
    const [a, c] = await Promise.all([b.call((x) => x.public.contacts.consult(input as never)), b.call((x) => x.public.contacts.consult(input as never))]);
    expect(a.id).toBe(c.id);
    expect(await rows(email)).toHaveLength(1);
  });

  it("submissions from one address are throttled", async () => {
    const b = s.browser();
    for (let i = 0; i < 10; i++) await b.call((x) => x.public.contacts.other(validInput("other", newEmail("flood")) as never));
    expect(await codeOf(b.call((x) => x.public.contacts.other(validInput("other", newEmail("flood")) as never)))).toBe("TOO_MANY_REQUESTS");
  });
});

describe("members-only listings, history and staff", () => {
  it("a visitor cannot inquire about a members-only listing; a member can, and it is linked and listed", async () => {
    const listing = await insertListing(s.db, { members: true, name: "会員限定レジデンス" });
    const email = newEmail("visitor");
    const err = await errorOf(s.browser().call((c) => c.public.contacts.investment(validInput("investment", email, listing) as never)));
    expect(err.fieldErrors).toEqual({ investment_id: [LISTING_NOT_AVAILABLE] });
    expect(await rows(email)).toHaveLength(0);

    const user = await createUser(s.db);
    const b = s.browser();
    await b.call((c) => c.public.auth.login({ email: user.email, password: "secret-pass" }));
    const prefill = await b.call((c) => c.public.contacts.prefill());
    expect(prefill?.email).toBe(user.email);
    const r = await b.call((c) => c.public.contacts.investment(validInput("investment", user.email, listing) as never));
    const [row] = await s.db.select().from(contacts).where(eq(contacts.id, r.id));
    expect(row!.user_id).toBe(user.id);
    const history = await b.call((c) => c.member.contacts.list());
    expect(history.map((h) => h._id)).toEqual([r.id]);
    expect(history[0]!.investment_snapshot?.name).toBe("会員限定レジデンス");

    // Someone else's id is a 404, and the row stays.
    const other = await createUser(s.db);
    const ob = s.browser();
    await ob.call((c) => c.public.auth.login({ email: other.email, password: "secret-pass" }));
    expect(await codeOf(ob.call((c) => c.member.contacts.remove({ id: r.id })))).toBe("NOT_FOUND");
    expect(await ob.call((c) => c.member.contacts.list())).toEqual([]);

    // The owner hides it from the history; staff still have it.
    await b.call((c) => c.member.contacts.remove({ id: r.id }));
    expect(await b.call((c) => c.member.contacts.list())).toEqual([]);
    expect((await s.db.select({ n: count() }).from(contacts).where(eq(contacts.id, r.id)))[0]!.n).toBe(1);
  });

  it("staff list by kind and status, open one with its listing and member, and update it; others are refused", async () => {
    const admin = await createAdmin(s.db);
    const a = s.browser();
    await a.call((c) => c.public.auth.adminLogin({ email: admin.email, password: "admin-pass" }));
    const sent = await s.browser().call((c) => c.public.contacts.exchange(validInput("exchange", newEmail("firm")) as never));
    const list = await a.call((c) => c.admin.contacts.list({ kind: "exchange", page: 1 }));
    expect(list.items.some((i) => i.id === sent.id)).toBe(true);
    expect(list.items.every((i) => i.kind === "exchange")).toBe(true);
    await a.call((c) => c.admin.contacts.update({ id: sent.id, status: "in_progress", memo: "担当: 田中" }));
    const detail = await a.call((c) => c.admin.contacts.byId({ id: sent.id }));
    expect(detail.contact).toMatchObject({ status: "in_progress", memo: "担当: 田中", company: "株式会社テスト不動産" });
    expect(JSON.stringify(detail)).not.toContain("dedupe_key");
    expect((await a.call((c) => c.admin.contacts.list({ status: "in_progress", page: 1 }))).items.map((i) => i.id)).toContain(sent.id);

    const user = await createUser(s.db);
    const m = s.browser();
    await m.call((c) => c.public.auth.login({ email: user.email, password: "secret-pass" }));
    expect(await codeOf(m.call((c) => c.admin.contacts.list({ page: 1 })))).toBe("FORBIDDEN");
    expect(await codeOf(s.browser().call((c) => c.admin.contacts.byId({ id: sent.id })))).toBe("UNAUTHORIZED");
  });
});
