import type { Db } from "@/server/db";
import { investments } from "@/server/db/schema";

/** Valid inputs for each inquiry form (what a careful visitor would type). */
const person = {
  names: { last: "難波", first: "花子" },
  kanas: { last: "ナンバ", first: "ハナコ" },
  contact: { tel: "０６-１２３４-５６７８", fax: "", method: ["email", "tel"], time: "anytime" },
};

export function validInput(kind: "investment" | "consult" | "other" | "sell" | "exchange", email: string, investmentId?: number) {
  switch (kind) {
    case "investment":
      return {
        investment_id: investmentId!,
        inquiry: { main: ["document", "visit"], other: "" },
        ...person,
        email,
        salary: "700_1000",
        money: "１５００",
        comment: "レントロールをお送りください。",
      };
    case "consult":
      return {
        inquiry: { main: ["first"], other: "" },
        ...person,
        email,
        salary: "500_700",
        money: "800",
        comment: "初めての一棟アパート購入を検討しています。",
      };
    case "other":
      return { inquiry: { main: ["site"], other: "" }, ...person, email, content: "会員登録のメールが届きません。" };
    case "sell":
      return {
        inquiry: { main: ["appraisal"], other: "" },
        ...person,
        email,
        property: {
          address: "大阪府吹田市江坂町1-2-3",
          type: "1",
          land_size: "330.5",
          building_size: "",
          built_year: "1995",
          rent: "1250000",
          occupancy: "全12戸中11戸入居",
          timing: "6m",
        },
        comment: "",
      };
    case "exchange":
      return { company: "株式会社テスト不動産", inquiry: { main: ["info"], other: "" }, ...person, email, comment: "未公開の一棟マンション情報がございます。" };
  }
}

export async function insertListing(db: Db, over: Partial<typeof investments.$inferInsert> = {}) {
  const [row] = await db
    .insert(investments)
    .values({
      no: null,
      type_cd: 1,
      name: "テストコート江坂",
      pref_cd: 27,
      city_cd: "272051",
      district_cd: "江坂町",
      price: 12800,
      yield: 7.2,
      public: true,
      public_at: new Date(),
      ...over,
    })
    .returning({ id: investments.id });
  return row!.id;
}
