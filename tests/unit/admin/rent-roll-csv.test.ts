import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { investmentForm } from "@/schemas/admin/investment";
import { rentRollIncomeWarning } from "@/schemas/admin/investment-economics";
import { parseCsv, parseRentRollCsv } from "@/server/investments/editor/rent-roll-csv";
import { validForm } from "../../integration/admin/helpers";

const HEADER = "号室,間取り,面積,賃料,共益費,敷金,状態,契約開始";
const utf8 = (s: string) => new TextEncoder().encode(s);

describe("rent-roll CSV import", () => {
  it("reads Shift_JIS (Excel's) and UTF-8 with a BOM alike, normalising amounts and labels", () => {
    const csv = `${HEADER}\r\n101,1K,25.5,"65,000円",3000,65000,入居中,2021/4\r\n102,1K,25.5,６６０００,3000,,募集中,\r\n`;
    const sjis = parseRentRollCsv(iconv.encode(csv, "Shift_JIS"));
    const bom = parseRentRollCsv(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(csv)]));
    expect(sjis).toMatchObject({ ok: true, encoding: "Shift_JIS" });
    expect(bom).toMatchObject({ ok: true, encoding: "UTF-8" });
    const rows = [
      { room: "101", layout: "1K", area: "25.5", rent: "65000", common_fee: "3000", deposit: "65000", status: "occupied", lease_start: "2021-04" },
      { room: "102", layout: "1K", area: "25.5", rent: "66000", common_fee: "3000", deposit: "", status: "advertising", lease_start: "" },
    ];
    expect(sjis.ok && sjis.rows).toEqual(rows);
    expect(bom.ok && bom.rows).toEqual(rows);
  });

  it("reports every bad row by line number in Japanese and returns no rows", () => {
    const csv = [
      HEADER,
      "101,1K,25,65000,3000,65000,入居中,2021-04",
      "102,1K,25,,3000,,空室,",
      "103,1K,25,-5000,,,入居中,",
      "104,1K,25,60000,,,退去予定,",
    ].join("\n");
    const r = parseRentRollCsv(utf8(csv));
    expect(r).toEqual({
      ok: false,
      errors: [
        { line: 3, message: "3行目: 賃料（円/月）を入力してください" },
        { line: 4, message: "4行目: 賃料（円/月）にマイナスの値は入力できません" },
        { line: 5, message: expect.stringMatching(/^5行目: 状態/) },
      ],
    });
  });

  it("checks the header: unknown and missing columns", () => {
    expect(parseRentRollCsv(utf8("部屋,賃料\n101,50000"))).toEqual({
      ok: false,
      errors: [
        { line: 1, message: expect.stringContaining("見出し「部屋」は使えません") },
        { line: 1, message: "見出しに「号室」の列がありません" },
        { line: 1, message: "見出しに「状態」の列がありません" },
      ],
    });
    expect(parseRentRollCsv(utf8(""))).toMatchObject({ ok: false, errors: [{ line: 1 }] });
  });

  it("parses quoted fields with commas, quotes and line breaks, keeping each record's first line", () => {
    expect(parseCsv('a,"b,""c""\nd",e\n\nx,y')).toEqual([
      { line: 1, cells: ["a", 'b,"c"\nd', "e"] },
      { line: 3, cells: [""] },
      { line: 4, cells: ["x", "y"] },
    ]);
  });
});

describe("the 収支・積算 form rules", () => {
  const errors = (over: Record<string, unknown>) => {
    const r = investmentForm.safeParse(validForm(over as never));
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
  };
  it("accepts a complete, valid section", () => {
    expect(
      errors({
        road_price: "320,000",
        road_price_year: "2026",
        property_tax: "450000",
        rebuild_not_allowed: "false",
        rent_roll: [{ room: "101", layout: "1K", area: "25", rent: "65000", common_fee: "", deposit: "", status: "occupied", lease_start: "2022-04" }],
        repair_history: [{ year_month: "2019/6", description: "外壁塗装", cost: "4800000" }],
      }),
    ).toEqual({});
  });
  it("路線価 over 5,000万円/㎡, a year out of range, 借地権割合 without 借地, negative amounts, 延床 0", () => {
    expect(errors({ road_price: "50000001", road_price_year: "2026" })).toEqual({ road_price: "路線価（円/㎡）は50,000,000円以下で入力してください" });
    expect(errors({ road_price: "0", road_price_year: "2026" })).toEqual({ road_price: "路線価（円/㎡）は0より大きい値を入力してください" });
    expect(errors({ road_price: "300000", road_price_year: "1989" })).toEqual({ road_price_year: expect.stringContaining("1990年から") });
    expect(errors({ road_price: "300000" })).toEqual({ road_price_year: "路線価の年を入力してください" });
    expect(errors({ leasehold_ratio: "60" })).toEqual({ leasehold_ratio: "借地権割合は土地権利が借地権・定期借地権のときだけ入力できます" });
    expect(errors({ leasehold_ratio: "95", land_rights: { type: "2", other: "", fee: "50000" } })).toEqual({
      leasehold_ratio: "借地権割合（%）は30〜90の数値で入力してください",
    });
    expect(errors({ leasehold_ratio: "60", land_rights: { type: "2", other: "", fee: "50000" } })).toEqual({});
    expect(errors({ property_tax: "-1" })).toEqual({ property_tax: "固定資産税・都市計画税 年額（円）にマイナスの値は入力できません" });
    expect(errors({ building_size: "0" })).toEqual({ building_size: expect.stringContaining("建物面積（㎡）") });
  });
  it("a rent-roll row without 賃料 is an error; an untouched blank row is dropped", () => {
    const blank = { room: "", layout: "", area: "", rent: "", common_fee: "", deposit: "", status: "occupied", lease_start: "" };
    expect(errors({ rent_roll: [{ ...blank, room: "101" }] })).toEqual({ "rent_roll.0.rent": "賃料（円/月）を入力してください" });
    const ok = investmentForm.parse(validForm({ rent_roll: [blank, { ...blank, room: "201", rent: "50000" }] } as never));
    expect(ok.rent_roll).toEqual([{ room: "201", rent: "50000", status: "occupied" }]);
  });
  it("warns (not an error) when the rent roll's annual total is more than 1 % away from 想定年収", () => {
    const rows = [{ rent: "300000", common_fee: "0", status: "occupied" }];
    expect(rentRollIncomeWarning(rows, { month: "303000" })).toBeNull(); // 1 % exactly
    expect(rentRollIncomeWarning(rows, { month: "304000" })).toBe(
      "レントロールの年額合計3,600,000円が想定年収3,648,000円と1%を超えて異なります（差−48,000円）。内容をご確認ください。",
    );
    expect(rentRollIncomeWarning(rows, { year: "", month: "" })).toBeNull();
  });
});
