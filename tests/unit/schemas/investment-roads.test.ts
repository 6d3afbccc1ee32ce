import { describe, expect, it } from "vitest";
import { roadsText } from "@/components/investment/detail-format";
import { investmentForm, roadsInput } from "@/schemas/admin/investment";

/** Issue 30: a 接道 row added in the editor and left blank was saved and printed as an empty cell. */
describe("接道 rows", () => {
  const blank = { direction: "", width: "", kind: "", frontage: "" };

  it("drops a row left entirely blank (spaces count as blank) and keeps the filled ones", () => {
    const out = roadsInput.parse([blank, { direction: "南", width: "4", kind: "公道", frontage: "" }, { ...blank, kind: "　 " }]);
    expect(out).toEqual([{ direction: "南", width: "4", kind: "公道" }]);
  });

  it("is the form's land_road field (shared by the editor, the procedures and REST)", () => {
    expect(investmentForm.shape.land_road).toBe(roadsInput);
  });

  it("still refuses a half-filled row's bad width in Japanese", () => {
    const r = roadsInput.safeParse([{ ...blank, width: "abc" }]);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/道路幅員/);
  });

  it("prints no empty line for a blank row stored before the fix", () => {
    expect(
      roadsText([{ direction: null, kind: null, width: null, frontage: null } as never, { direction: "北", kind: "私道", width: 4, frontage: 8 }]),
    ).toEqual(["北側 私道 幅員4m 間口8m"]);
  });
});
