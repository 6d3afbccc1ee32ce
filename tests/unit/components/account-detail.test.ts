import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AccountDetailView, type AccountDetailData } from "@/components/admin/account-detail";

/** Issue 30: what a member gave at sign-up (年収・職業 among it) is on the staff member page. */
const profile: AccountDetailData["profile"] = {
  id: 7,
  email: "taro@example.com",
  status: "active",
  type: "individual",
  last_name: "山田",
  first_name: "太郎",
  kana_last: "ヤマダ",
  kana_first: "タロウ",
  company: null,
  zip: "530-0001",
  pref: "大阪府",
  city: "大阪市北区",
  address: "梅田1-1-1",
  tel: "06-1234-5678",
  fax: null,
  job: "employee",
  job_other: null,
  salary: "700_1000",
  money: 1500,
  contact_method: ["email", "tel"],
  contact_time: "evening",
  interest_areas: [2, 3],
  must_reset_password: false,
  email_verified_at: null,
  last_login_at: null,
  created_at: new Date("2026-10-01T00:00:00Z"),
  deleted_at: null,
};
const data = (p: Partial<AccountDetailData["profile"]> = {}): AccountDetailData => ({
  profile: { ...profile, ...p },
  bookmarks: [],
  filters: [],
  matchings: [],
  contacts: [],
  sessions: [],
  notification: null,
});
const render = (d: AccountDetailData) => renderToStaticMarkup(createElement(AccountDetailView, { data: d, base: "/admin" })).replace(/<[^>]+>/g, "|");

describe("admin member page: what the member entered at sign-up", () => {
  it("shows 職業, 年収, 自己資金, ご希望の連絡方法, ご連絡可能な時間帯 and 関心エリア by name", () => {
    const text = render(data());
    expect(text).toContain("|職業||会社員|");
    expect(text).toContain("|年収||700万〜1,000万円|");
    expect(text).toContain("|自己資金||1,500万円|");
    expect(text).toContain("|ご希望の連絡方法||メール・電話|");
    expect(text).toContain("|ご連絡可能な時間帯||平日 15:00〜18:00|");
    expect(text).toContain("|関心エリア||北摂・大阪市中心部|");
  });

  it("shows the detail of 職業 その他, and — for what was never given", () => {
    const text = render(
      data({ job: "other", job_other: "会社経営（個人事業）", salary: null, contact_method: null, contact_time: null, interest_areas: null }),
    );
    expect(text).toContain("|職業||その他（会社経営（個人事業））|");
    expect(text).toContain("|年収||—|");
    expect(text).toContain("|ご希望の連絡方法||—|");
    expect(text).toContain("|ご連絡可能な時間帯||—|");
    expect(text).toContain("|関心エリア||—|");
  });

  it("prints an unknown stored code as it is rather than hiding it", () => {
    expect(render(data({ salary: "old_band" }))).toContain("|年収||old_band|");
  });
});
