import { describe, expect, it } from "vitest";
import { plusDays, VIEWING_MAX_DAYS, viewingText } from "@/lib/constants/contact";
import { jstDay } from "@/lib/jst-date";
import { investmentContactInput } from "@/schemas/contact";

/** 内見希望日時 on a 見学 inquiry (issue 30): one schema for the form, tRPC and REST. */
const today = jstDay(new Date());
const base = {
  investment_id: 1,
  inquiry: { main: ["visit"], other: "" },
  names: { last: "難波", first: "花子" },
  kanas: { last: "ナンバ", first: "ハナコ" },
  email: "hanako@example.com",
  salary: "700_1000",
  money: "1500",
  contact: { tel: "06-1234-5678", fax: "", method: ["email"], time: "" },
};
const errors = (viewing: unknown, main = ["visit"]) => {
  const r = investmentContactInput.safeParse({ ...base, inquiry: { main, other: "" }, viewing });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("内見希望日時", () => {
  it("takes up to three distinct future choices, dropping blank rows", () => {
    const viewing = [
      { date: plusDays(today, 1), band: "morning" },
      { date: "", band: "" },
      { date: plusDays(today, 1), band: "afternoon" },
      { date: plusDays(today, VIEWING_MAX_DAYS), band: "any" },
    ];
    const r = investmentContactInput.parse({ ...base, viewing });
    expect(r.viewing).toEqual([viewing[0], viewing[2], viewing[3]]);
    expect(investmentContactInput.parse(base).viewing).toBeUndefined();
    expect(investmentContactInput.parse({ ...base, viewing: [{ date: "", band: "" }] }).viewing).toEqual([]);
  });

  it("refuses past, today, too far, the same choice twice, half-filled and malformed rows, in Japanese", () => {
    expect(errors([{ date: today, band: "morning" }])).toEqual({ "viewing.0.date": "第1希望は明日以降の日付を選択してください" });
    expect(errors([{ date: plusDays(today, -3), band: "morning" }])["viewing.0.date"]).toBe("第1希望は明日以降の日付を選択してください");
    expect(errors([{ date: plusDays(today, VIEWING_MAX_DAYS + 1), band: "morning" }])["viewing.0.date"]).toBe("第1希望は60日以内の日付を選択してください");
    const d = plusDays(today, 5);
    expect(
      errors([
        { date: d, band: "evening" },
        { date: d, band: "evening" },
      ]),
    ).toEqual({ "viewing.1.date": "第2希望は他の希望と同じ日時です。別の日時を選択してください" });
    expect(errors([{ date: d, band: "" }])).toEqual({ "viewing.0.band": "第1希望の時間帯を選択してください" });
    expect(errors([{ date: "", band: "morning" }])).toEqual({ "viewing.0.date": "第1希望の日付を選択してください" });
    expect(errors([{ date: "2026-02-30", band: "morning" }])["viewing.0.date"]).toBe("第1希望の日付が正しくありません");
    expect(errors([{ date: d, band: "midnight" }])["viewing.0.band"]).toBe("第1希望の時間帯が正しくありません");
    expect(errors(Array.from({ length: 4 }, (_, i) => ({ date: plusDays(today, i + 1), band: "any" })))["viewing"]).toBe("内見希望日時は3つまで選択できます");
  });

  it("only with 「現地を見学したい」", () => {
    expect(errors([{ date: plusDays(today, 2), band: "morning" }], ["document"])).toEqual({
      viewing: "内見希望日時は「現地を見学したい」を選んだ場合にご指定ください",
    });
  });

  it("reads as staff see it", () => {
    expect(
      viewingText([
        { date: "2026-12-03", band: "morning" },
        { date: "2026-12-05", band: "any" },
      ]),
    ).toBe("第1希望 2026年12月3日（木） 午前（10時〜12時）\n第2希望 2026年12月5日（土） 時間帯は問わない");
  });
});
