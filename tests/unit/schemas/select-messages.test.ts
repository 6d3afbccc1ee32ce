import { describe, expect, it } from "vitest";
import { profileInput } from "@/schemas/account";
import { registerMemberInput } from "@/schemas/admin/accounts";
import { postInput } from "@/schemas/admin/cms";
import { emptyInvestmentForm, investmentForm } from "@/schemas/admin/investment";
import { consultContactInput, sellContactInput } from "@/schemas/contact";
import { fieldErrors, z } from "@/schemas/zod";

/**
 * Every field the forms render as a select, radio group or checkbox list: left
 * blank, its required message says 選択してください (a select cannot be typed in).
 */
function errorsOf(schema: z.core.$ZodType, value: unknown): Record<string, string[]> {
  const result = z.safeParse(schema, value);
  if (result.success) throw new Error("expected the blank form to be rejected");
  return fieldErrors(result.error);
}

const blankProfile = {
  names: { last: "", first: "" },
  kanas: { last: "", first: "" },
  zip: "",
  pref: "",
  city: "",
  district: "",
  tel: "",
  job: "",
  salary: "",
  money: "",
  contact: { method: [], time: "" },
};

const cases: { form: string; schema: z.core.$ZodType; value: unknown; selects: Record<string, string> }[] = [
  {
    form: "会員登録・会員情報",
    schema: profileInput,
    value: blankProfile,
    selects: { pref: "都道府県", job: "職業", salary: "年収", "contact.method": "ご希望の連絡方法", "contact.time": "ご連絡可能な時間帯" },
  },
  {
    form: "投資相談",
    schema: consultContactInput,
    value: { inquiry: { main: [] }, names: { last: "" }, kanas: { last: "" }, email: "", salary: "", money: "", contact: { tel: "", method: [] }, comment: "" },
    selects: { "inquiry.main": "お問い合わせ項目", salary: "年収", "contact.method": "ご希望の連絡方法" },
  },
  {
    form: "投資相談（電話希望）",
    schema: consultContactInput,
    // the typed fields are valid: the cross-field rule (time required for tel) runs only then
    value: {
      inquiry: { main: ["loan"] },
      names: { last: "山田" },
      kanas: { last: "ヤマダ" },
      email: "a@example.com",
      salary: "lt300",
      money: "1000",
      contact: { tel: "0612345678", method: ["tel"], time: "" },
      comment: "相談",
    },
    selects: { "contact.time": "ご連絡可能な時間帯" },
  },
  {
    form: "売却査定",
    schema: sellContactInput,
    value: {
      inquiry: { main: [] },
      names: { last: "" },
      kanas: { last: "" },
      email: "",
      contact: { tel: "", method: [] },
      property: { address: "", type: "", timing: "" },
    },
    selects: { "contact.method": "ご希望の連絡方法", "property.type": "物件種別", "property.timing": "売却希望時期" },
  },
  {
    form: "物件編集",
    schema: investmentForm,
    // typed fields filled, so the cross-field required checks run
    value: { ...emptyInvestmentForm("2026-11-24"), no: "A-1", name: "テスト", district_cd: "梅田", price: "5000", land_type: "" },
    selects: { type_cd: "物件種別", pref_cd: "都道府県", city_cd: "市区町村", land_type: "土地面積の単位", "vacancy.cd": "現況" },
  },
  {
    form: "ブログ記事",
    schema: postInput,
    value: { title: "", slug: "", category: "", body_md: "", status: "" },
    selects: { category: "カテゴリ", status: "公開状態" },
  },
  {
    form: "会員登録（管理）",
    schema: registerMemberInput,
    value: { email: "", names: { last: "", first: "" }, kanas: { last: "", first: "" }, type: "" },
    selects: { type: "会員種別" },
  },
];

describe("required selects say 選択してください", () => {
  for (const c of cases) {
    it(c.form, () => {
      const errors = errorsOf(c.schema, c.value);
      for (const [path, name] of Object.entries(c.selects)) {
        const messages = errors[path] ?? [];
        expect(messages, path).toHaveLength(1);
        // "…を選択してください", or for a checkbox list "…は1件以上選択してください"
        expect(messages[0], path).toMatch(new RegExp(`^${name}(を|は1件以上)選択してください$`));
      }
    });
  }
});
